// Mock scripts and Mock.js templates through /mock/**: one request's changes to the sandbox (globals, Mock,
// Random, built-in prototypes) are gone for the next, and a memory bomb that QuickJS's heap limit does not see
// ends as a script error naming the memory limit (the sandbox's capped WebAssembly memory), not as a worker the
// watchdog had to kill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

const TAMPER = `
  Mock.mock = function () { return 'tampered'; };
  Mock.Random.extend({ name: function () { return 'tampered'; } });
  Random.guid = function () { return 'tampered'; };
  globalThis.leak = 'left behind';
  Object.prototype.polluted = 1;
  Array.prototype.map = function () { return ['tampered']; };
  JSON.stringify = function () { return '"tampered"'; };
  return { tampered: true };
`;

const PROBE = `
  return {
    leak: typeof leak, polluted: ({}).polluted === undefined, map: [1, 2].map((n) => n + 1),
    guid: Random.guid() !== 'tampered', mock: Mock.mock({ 'n|2-2': 1 }),
  };
`;

describe.each(testDialects())('mock script isolation on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let docId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    docId = (
      await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Users', url: '/users', httpMethod: 'GET' })
    ).id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const save = (body: Record<string, unknown>) =>
    expectOk<{ id: string }>(t.post('/api/doc/mock/save', { docId, ...body }, { token: w.token }));
  const call = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });

  it('a request does not see what the previous one changed', async () => {
    await save({ name: 'tamper', path: 'iso/tamper', resultType: 1, mockScript: TAMPER });
    await save({ name: 'probe', path: 'iso/probe', resultType: 1, mockScript: PROBE });
    await save({
      name: 'template',
      path: 'iso/template',
      resultType: 2,
      responseBody: '{ "list|3": [{ "id|+1": 1, "name": "@name" }] }',
    });
    // One request at a time: an idle pool hands each to its first worker, so they share a sandbox.
    for (let i = 0; i < 3; i++) {
      expect((await call('/mock/iso/tamper')).json()).toEqual({ tampered: true });
      expect((await call('/mock/iso/probe')).json()).toEqual({
        leak: 'undefined',
        polluted: true,
        map: [2, 3],
        guid: true,
        mock: { n: 2 },
      });
      await call('/mock/iso/tamper');
      const template = (await call('/mock/iso/template')).json<{ list: { id: number; name: string }[] }>();
      expect(template.list.map((item) => item.id)).toEqual([1, 2, 3]);
      expect(template.list.every((item) => typeof item.name === 'string' && item.name !== 'tampered')).toBe(
        true,
      );
    }
  });

  it('ends a memory bomb as a script error naming the memory limit, and keeps serving', async () => {
    await save({
      name: 'bomb',
      path: 'iso/bomb',
      resultType: 1,
      mockScript: 'let a=[]; while(true) a.push(new Array(1e6).fill(1))',
    });
    const bomb = await call('/mock/iso/bomb');
    expect(bomb.statusCode).toBe(500);
    expect(bomb.json()).toEqual({
      code: 'mock.script_error',
      msg: 'Mock script error: The script used more than 32 MB and was stopped',
      data: null,
    });
    expect((await call('/mock/iso/probe')).statusCode).toBe(200);
  }, 30_000);
});
