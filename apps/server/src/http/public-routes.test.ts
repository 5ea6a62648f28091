import * as shared from '@quire/shared';
import { isCallContract, OPEN_ACCESS } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { createDatabase, type Db } from '../db/database.ts';

/**
 * The reviewed lists of routes that answer without an active login. Adding a route here is a security
 * decision; these tests fail when a route becomes public without being listed. The calls of the JSON API
 * take their access from their contract in @quire/shared, so that is where a call is made public.
 */
const REVIEWED_OPEN_CALLS = [
  'GET /api/system/i18n/get optional',
  'GET /api/system/i18n/lang/list public',
  'GET /api/system/oauth/token/get public',
  'GET /api/system/viewConfig public',
  // Sign-in (modules/signin): which sources are on.
  'GET /api/system/config public',
  'GET /api/user/info pending',
  'POST /api/system/login public',
  'POST /api/system/password/updateByFirstLogin pending',
  'POST /api/system/reg public',
  'POST /api/user/login public',
  'POST /api/user/logout pending',
  // Share and composed-project pages: open to visitors; encrypted ones answer nothing before the password
  // check, which is throttled (modules/sharing/visitor-access.ts).
  'GET /api/share/get public',
  'GET /api/share/menu public',
  'POST /api/share/checkPassword public',
  'GET /api/doc/share/view public',
  // The changelog of the docs a share shows (an encrypted share answers nothing without its session).
  'GET /api/share/changelog public',
  'GET /api/compose/project/get public',
  'POST /api/compose/project/checkPassword public',
  'GET /api/compose/doc/menu public',
  'GET /api/compose/doc/view public',
  'GET /api/compose/project/setting/getall public',
  'GET /api/compose/additional/listvisible public',
  'GET /api/compose/additional/get public',
  // The changelog of the docs a composed project shows, with its visitor rules (password: its session first).
  'GET /api/compose/project/changelog public',
  // The debug calls also serve visitors of a share or composed project that offers debugging (their
  // session is checked by modules/sharing/share-debug-gate.ts); anyone else is refused as not logged in.
  'GET /api/doc/debug/config optional',
  'GET /api/doc/debugscript/list optional',
  // Old Torna links (modules/torna-import): answers only the Quire path a Torna id was brought to, or null;
  // the page at that path applies its own rules (a private doc still asks for a login).
  'GET /api/torna/link public',
];

/** Open routes that are not calls of the JSON API, so they have no contract. */
const REVIEWED_OPEN_OTHER = [
  'GET /* public',
  'GET /api/health public',
  // Readiness for balancers: says only whether the database answers and is migrated.
  'GET /api/ready public',
  // The OpenID Connect redirect and callback (modules/signin): they answer redirects, not the envelope.
  'GET /api/system/oauth/login/custom public',
  'GET /api/system/oauth/custom/callback public',
  // The open API (Torna's push): authenticated by the application's push token inside the body.
  'POST /api public',
  // Mock URLs, public as in Torna: they answer configured data and run scripts only inside the sandbox.
  'GET /mock/* public',
  'POST /mock/* public',
  'PUT /mock/* public',
  'PATCH /mock/* public',
  'DELETE /mock/* public',
  'OPTIONS /mock/* public',
  'QUERY /mock/* public',
  'TRACE /mock/* public',
  // The debug proxy, open to share visitors as the debug calls above.
  'GET /api/doc/debug/v1 optional',
  'POST /api/doc/debug/v1 optional',
  'PUT /api/doc/debug/v1 optional',
  'PATCH /api/doc/debug/v1 optional',
  'DELETE /api/doc/debug/v1 optional',
  'OPTIONS /api/doc/debug/v1 optional',
  // Torna's Postman download by push token (the token in the path is the credential, looked up by hash).
  'GET /api/module/postman/:token public',
  // `quire export` in a pipeline: the push token in the Authorization header is the credential (by hash).
  'POST /api/module/export public',
  // The MCP server (modules/mcp): authenticated by a personal access token inside its handler, so that a
  // refusal answers the MCP way (401, WWW-Authenticate); GET and DELETE answer 405.
  'POST /mcp public',
  'GET /mcp public',
  'DELETE /mcp public',
  // llms.txt of shares and composed projects: the share's own gate (a password share needs its session).
  'GET /share/:id/llms.txt public',
  'GET /share/:id/llms-full.txt public',
  'GET /show/:id/llms.txt public',
  'GET /show/:id/llms-full.txt public',
  // The Atom feed of a share's changelog, for feed readers; an encrypted share needs its visitor session.
  'GET /share/:id/changelog.atom public',
  // The same for a composed project's changelog, with its visitor rules.
  'GET /show/:id/changelog.atom public',
];

const CONTRACTS = (Object.values(shared) as unknown[]).filter(isCallContract);

describe('route authentication levels', () => {
  const routes: Array<{ method: string; url: string; auth: string }> = [];
  let db: Db;
  beforeAll(async () => {
    db = createDatabase({ kind: 'sqlite', file: ':memory:' });
    const app = await buildApp({
      env: loadEnv({ QUIRE_WEB_DIST: '/nonexistent' }),
      db,
      onRoute: (route) => routes.push(route),
    });
    await app.close();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('lets in without an active login exactly the reviewed routes', () => {
    const open = routes
      .filter((r) => r.method !== 'HEAD' && r.auth !== 'user' && r.auth !== 'superAdmin')
      .map((r) => `${r.method} ${r.url} ${r.auth}`)
      .sort();
    expect(open).toEqual([...REVIEWED_OPEN_CALLS, ...REVIEWED_OPEN_OTHER].sort());
  });

  it('makes open exactly the reviewed contracts', () => {
    const open = CONTRACTS.filter((c) => OPEN_ACCESS.has(c.access)).map(
      (c) => `${c.method} ${c.path} ${c.access}`,
    );
    expect(open.sort()).toEqual([...REVIEWED_OPEN_CALLS].sort());
  });

  it('registers every contract once, with the access it declares', () => {
    const keys = CONTRACTS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const registered = new Map(routes.map((r) => [`${r.method} ${r.url}`, r.auth]));
    const drift = CONTRACTS.filter((c) => registered.get(`${c.method} ${c.path}`) !== c.access).map(
      (c) =>
        `${c.method} ${c.path} ${c.access}: ${registered.get(`${c.method} ${c.path}`) ?? 'not registered'}`,
    );
    expect(drift).toEqual([]);
  });

  it('keeps the whole admin console for super admins', () => {
    const admin = routes.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.filter((r) => r.auth !== 'superAdmin').map((r) => `${r.method} ${r.url} ${r.auth}`)).toEqual(
      [],
    );
  });

  it('defaults every other route to an active user', () => {
    const active = routes.filter((r) => r.auth === 'user').map((r) => `${r.method} ${r.url}`);
    expect(active).toEqual(
      expect.arrayContaining([
        'GET /api/user/perm/get',
        'POST /api/user/password/update',
        'GET /api/user/message/unread',
      ]),
    );
  });
});
