import { readFileSync } from 'node:fs';
import * as shared from '@quire/shared';
import { type CallContract, isCallContract } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, gotThrough, type Route } from '../../test/call-samples.ts';
import { CALLERS, type Caller, createPersonaWorld } from '../../test/persona-fixture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';

/**
 * Every route of the web API, called by every persona, against docs/permissions.md ("Every call"): the page
 * gives each call a rule and each rule the callers it lets through, and this test holds the server to it. A new
 * route without a row fails here, and so does a route that lets one caller more (or one fewer) through than
 * its rule says. "Through" is anything but 401 and 403: a 404 or 409 got past the policy.
 *
 * Each call runs in a world of its own (`test/persona-fixture.ts`), callers least privileged first, so that a
 * deletion by one caller never changes what the next may do. Inputs come from the contracts
 * (`test/call-samples.ts`); the first caller let through must get a real answer (not a 400), which proves the
 * input reached the policy.
 */
const PAGE = new URL('../../../../docs/permissions.md', import.meta.url);

/** Routes that answer something else than the envelope, or need a world the fixture cannot make. */
const NO_SUCCESS_NEEDED: Record<string, string> = {
  'GET /api/system/oauth/token/get': 'needs a login key of an OpenID Connect sign-in',
  'POST /api/admin/ldap/test': 'needs a directory',
  'GET /api/module/refresh/swagger': 'needs an application imported from a URL',
  'POST /api/user/message/setRead': 'needs a message',
  'POST /api/user/password/update': 'a wrong old password is refused after the policy',
  'POST /api/doc/gen/generate': 'needs a template',
  'GET /api/doc/export/download': 'needs an export file',
  'POST /api/admin/user/identity/unlink': 'needs a linked identity',
  'GET /api/admin/i18n/get': 'needs a language pack',
  'POST /api/admin/i18n/delete': 'needs a language pack',
  'POST /api/admin/trash/restore': 'needs something deleted',
  'POST /api/user/token/revoke': 'the owner revoked it first; the super admin then finds nothing',
  'POST /mcp': 'an empty JSON-RPC message is refused after the token',
  'GET /mcp': 'the transport answers 405 to anyone: it streams nothing to a GET',
  'POST /api/system/password/updateByFirstLogin': 'needs an account that must set its password',
  'GET /api/doc/debug/v1': 'the target (an unused loopback port) does not answer',
  'POST /api/doc/debug/v1': 'the target (an unused loopback port) does not answer',
  'GET /api/system/oauth/login/custom': 'OpenID Connect is off',
  'GET /api/system/oauth/custom/callback': 'OpenID Connect is off',
};

/** Calls whose sample names no existing target, so a 404 says nothing about the policy. */
const MISSING_TARGET: ReadonlySet<string> = new Set([
  'GET /api/doc/export/download',
  'POST /api/user/message/setRead',
  'POST /api/doc/gen/generate',
  'POST /api/admin/user/identity/unlink',
  'GET /api/admin/i18n/get',
  'POST /api/admin/i18n/delete',
  'POST /api/admin/trash/restore',
]);

/** The rules of the page: which callers each lets through, and each call's rule. */
function readPage(): { rules: Map<string, Set<Caller>>; calls: Map<string, string> } {
  const text = readFileSync(PAGE, 'utf8');
  const from = text.indexOf('## Every call');
  const to = text.indexOf('\n## ', from + 1);
  const section = text.slice(from, to < 0 ? undefined : to);
  const rules = new Map<string, Set<Caller>>();
  const calls = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim().replaceAll('`', ''));
    if (cells.length !== 2 || cells[0] === undefined || cells[1] === undefined) continue;
    const [left, right] = cells as [string, string];
    if (/^(GET|POST) \//.test(left)) calls.set(left, right);
    else if (/^[a-z][\w.-]*$/.test(left) && left !== 'rule')
      rules.set(left, new Set(right === '' || right === 'nobody' ? [] : (right.split(/,\s*/) as Caller[])));
  }
  return { rules, calls };
}

const contracts = new Map<string, CallContract>();
for (const value of Object.values(shared))
  if (isCallContract(value)) contracts.set(`${value.method} ${value.path}`, value);

/** Every route of the web API the server registers (one per method), from its route hook. */
async function routesOf(): Promise<Route[]> {
  const seen: Route[] = [];
  const t = await createTestApp('sqlite', {}, (r) => {
    if (r.method !== 'GET' && r.method !== 'POST') return;
    if (r.url !== '/api' && !r.url.startsWith('/api/') && !r.url.startsWith('/mcp')) return;
    seen.push({ method: r.method, path: r.url, contract: contracts.get(`${r.method} ${r.url}`) });
  });
  await t.close();
  return seen.filter((r, i) => seen.findIndex((s) => s.method === r.method && s.path === r.path) === i);
}

/** Where a route's call is authorized in a way the world's callers cannot reach (open API, health). */
const OUTSIDE: ReadonlySet<string> = new Set([
  'POST /api',
  'GET /api/health',
  'GET /api/ready',
  // Authorized by the application's push token, not by who calls (export.routes.test.ts).
  'POST /api/module/export',
  'GET /api/module/postman/:token',
  // An event stream that stays open (message-stream.routes.test.ts).
  'GET /api/user/message/stream',
]);

// SQLite and PostgreSQL: the policies are the same code on every dialect, and MariaDB would add minutes.
describe.each(testDialects().filter((d) => d !== 'mysql'))(
  'every route by every persona, against docs/permissions.md, on %s',
  (dialect) => {
    let t: TestApp;
    let routes: Route[];
    const page = readPage();
    beforeAll(async () => {
      routes = (await routesOf()).filter((r) => !OUTSIDE.has(`${r.method} ${r.path}`));
      // With the world's space granted internal access, the debug proxy's calls reach an unused loopback port.
      t = await createTestApp(dialect, { QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('gives every route a row whose rule the page defines, and no row to a route that does not exist', () => {
      const keys = routes.map((r) => `${r.method} ${r.path}`);
      expect(
        keys.filter((k) => !page.calls.has(k)),
        'routes without a row',
      ).toEqual([]);
      expect(
        [...page.calls.keys()].filter((k) => !keys.includes(k) && !OUTSIDE.has(k)),
        'rows without a route',
      ).toEqual([]);
      expect(
        [...page.calls.entries()]
          .filter(([, rule]) => !page.rules.has(rule))
          .map(([k, rule]) => `${k}: ${rule}`),
        'rows naming an unknown rule',
      ).toEqual([]);
    });

    it('lets through exactly the callers of each route’s rule', { timeout: 900_000 }, async () => {
      const wrong: string[] = [];
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        const allowed = page.rules.get(page.calls.get(key) ?? '');
        if (!allowed) continue;
        // A world of its own: the calls before must not have changed what this one finds.
        const w = await createPersonaWorld(t);
        let proved = NO_SUCCESS_NEEDED[key] !== undefined || allowed.size === 0;
        let someoneThrough = false;
        for (const caller of CALLERS) {
          const response = await callAs(t, w, route, caller);
          const passed = gotThrough(response, someoneThrough, MISSING_TARGET.has(key));
          someoneThrough ||= passed;
          if (passed !== allowed.has(caller))
            wrong.push(`${key} by ${caller}: ${response.statusCode} ${response.body.slice(0, 160)}`);
          if (passed && !proved) {
            // A refusal of the input itself (the schema's) came before the policy; a business error after it.
            if (response.body.includes('"validation.invalid_input"'))
              wrong.push(`${key}: the sample input is refused (${response.body.slice(0, 160)})`);
            proved = true;
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  },
);
