import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smartDocPush } from '../../../../../packages/api-model/src/converters/fixtures/torna-push.ts';
import { createDocWorld, type DocWorld, newProjectGuest } from '../../../test/doc-fixture.ts';
import { expectError, expectOk, newUser } from '../../../test/org-fixture.ts';
import { openCall, openOk, refreshPushToken } from '../../../test/push-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { sha256 } from '../../lib/ids.ts';

/** The open API's credentials: push tokens, Torna's error codes, the optional signature and the body limit. */
describe.each(testDialects())('open API credentials on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    token = await refreshPushToken(t, w.token, w.moduleId);
  });

  const liveDocs = () =>
    t.db
      .selectFrom('docs')
      .select(['id', 'name'])
      .where('moduleId', '=', w.moduleId)
      .where('deletedAt', 'is', null)
      .execute();

  it('refreshes the token: stored hashed, the old one refused at once, devs yes, guests no', async () => {
    const row = await t.db
      .selectFrom('moduleTokens')
      .selectAll()
      .where('moduleId', '=', w.moduleId)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const fresh = await refreshPushToken(t, w.token, w.moduleId);
    expect(fresh).not.toBe(token);
    const old = await openCall(t, 'module.get', {}, token);
    expect([old.statusCode, envelopeOf(old).code]).toEqual([401, '14']);
    expect(await openOk(openCall(t, 'module.get', {}, fresh))).toEqual({
      id: w.moduleId,
      name: expect.any(String),
    });
    const status = await expectOk<{ hasToken: boolean; lastUsedAt: string }>(
      t.get(`/api/module/token/status?moduleId=${w.moduleId}`, { token: w.token }),
    );
    expect(status).toMatchObject({ hasToken: true });
    const guest = await newProjectGuest(t, w);
    await expectError(
      t.get(`/api/module/token/refresh?moduleId=${w.moduleId}`, { token: guest.token }),
      403,
      'auth.forbidden',
    );
    const dev = await newUser(t);
    await expectOk(
      t.post(
        '/api/space/member/add',
        { spaceId: w.spaceId, userIds: [dev.id], roleCode: 'guest' },
        { token: w.token },
      ),
    );
    await expectOk(
      t.post(
        '/api/project/member/add',
        { projectId: w.projectId, userIds: [dev.id], roleCode: 'dev' },
        { token: w.token },
      ),
    );
    expect(await refreshPushToken(t, dev.token, w.moduleId)).toMatch(/^qpt_/);
  });

  it('answers Torna codes for missing, wrong and deleted credentials and bad calls, changing nothing', async () => {
    const code = async (response: ReturnType<typeof openCall>) => {
      const answer = await response;
      return [answer.statusCode, envelopeOf(answer).code];
    };
    expect(await code(openCall(t, 'doc.push', smartDocPush(), undefined))).toEqual([401, '16']);
    expect(await code(openCall(t, 'doc.push', smartDocPush(), 'qpt_not-a-token'))).toEqual([401, '14']);
    expect(await code(openCall(t, 'doc.nope', {}, token))).toEqual([404, '1']);
    expect(await code(openCall(t, 'doc.push', {}, token, { extra: { version: '2.0' } }))).toEqual([404, '1']);
    expect(await code(openCall(t, 'doc.push', { apis: 'x' }, token))).toEqual([400, '2']);
    expect(envelopeOf(await openCall(t, 'doc.push', {}, token)).msg).toBe(
      'Invalid parameters: apis: "apis" is missing or not a list: send the folders and docs to push',
    );
    expect(await code(openCall(t, 'doc.push', {}, token, { extra: { data: '%7Bbroken' } }))).toEqual([
      400,
      '2',
    ]);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect([notJson.statusCode, envelopeOf(notJson).code]).toEqual([400, '2']);
    const zh = await openCall(t, 'doc.push', {}, undefined, { lang: 'zh-CN' });
    expect(envelopeOf(zh).msg).toContain('access_token');
    expect(await liveDocs()).toEqual([]);
    await expectOk(t.post('/api/module/delete', { id: w.moduleId }, { token: w.token }));
    expect(await code(openCall(t, 'module.get', {}, token))).toEqual([401, '14']);
  });

  it('with "require signature", wants an enabled open user of the space and a valid MD5 sign', async () => {
    const created = await expectOk<{ appKey: string; secret: string; id: string }>(
      t.post('/api/space/openuser/add', { spaceId: w.spaceId, applicant: 'smart-doc' }, { token: w.token }),
    );
    const stored = await t.db
      .selectFrom('openUsers')
      .select('signSecret')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    // Sealed at rest, never the secret itself.
    expect(stored.signSecret).toMatch(/^v1:/);
    expect(stored.signSecret).not.toContain(created.secret);
    await expectOk(
      t.post(
        '/api/module/setting/update',
        { moduleId: w.moduleId, requireSignature: true },
        { token: w.token },
      ),
    );
    const { signOf } = await import('./sign.ts');
    const { openBody, tornaTimestamp } = await import('../../../test/push-fixture.ts');
    const signed = (secret: string, appKey = created.appKey) => {
      const body = openBody('module.get', {}, token, { extra: { app_key: appKey } });
      return { ...body, sign: signOf(body, secret) };
    };
    const send = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const codeOf = async (body: Record<string, unknown>) => envelopeOf(await send(body)).code;
    expect(await codeOf(openBodyWithout(signed(created.secret), 'sign'))).toBe('16');
    expect(await codeOf(signed('wrong-secret'))).toBe('14');
    expect(await codeOf(signed(created.secret, 'unknown-key'))).toBe('14');
    const tampered = { ...signed(created.secret), timestamp: '2026-11-23 07:31:00' };
    expect(await codeOf(tampered)).toBe('14');
    // A signed request is good for a few minutes only: an old capture (or one dated ahead) is refused even
    // though its signature verifies, and a signed request needs a readable timestamp.
    const signedAt = (timestamp: unknown) => {
      const body = {
        ...openBody('module.get', {}, token, { extra: { app_key: created.appKey } }),
        timestamp,
      };
      return { ...body, sign: signOf(body, created.secret) };
    };
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    expect(await codeOf(signedAt(tornaTimestamp(minutes(-10))))).toBe('7');
    expect(await codeOf(signedAt(tornaTimestamp(minutes(10))))).toBe('7');
    expect(await codeOf(signedAt(minutes(-60).toISOString()))).toBe('7');
    expect(await codeOf(signedAt(undefined))).toBe('10');
    expect(await codeOf(signedAt('yesterday'))).toBe('10');
    expect(await codeOf(signedAt('2026-02-30 10:00:00'))).toBe('10');
    const late = await send(signedAt(tornaTimestamp(minutes(-10))));
    expect(late.statusCode).toBe(401);
    expect(await codeOf(signedAt(tornaTimestamp(minutes(-1))))).toBe('0');
    expect(await codeOf(signedAt(minutes(1).toISOString()))).toBe('0');
    expect(await codeOf(signedAt(Date.now()))).toBe('0');
    expect(await codeOf(signedAt(String(Math.floor(Date.now() / 1000))))).toBe('0');
    expect(await codeOf(signed(created.secret))).toBe('0');
    expect(await codeOf({ ...signed(created.secret), sign: signed(created.secret).sign.toLowerCase() })).toBe(
      '0',
    );
    const reset = await expectOk<{ secret: string }>(
      t.post('/api/space/openuser/resetSecret', { id: created.id }, { token: w.token }),
    );
    expect(await codeOf(signed(created.secret))).toBe('14');
    expect(await codeOf(signed(reset.secret))).toBe('0');
    await expectOk(t.post('/api/space/openuser/disable', { id: created.id }, { token: w.token }));
    expect(await codeOf(signed(reset.secret))).toBe('14');
  });

  it('answers 413 with code 2 and the limit for a body over 20 MB', async () => {
    const huge = 'x'.repeat(20 * 1024 * 1024 + 10);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ name: 'doc.push', version: '1.0', access_token: token, data: huge }),
    });
    expect(answer.statusCode).toBe(413);
    expect(envelopeOf(answer)).toMatchObject({ code: '2', msg: expect.stringContaining('20 MB') });
  });
});

function openBodyWithout(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = body;
  return rest;
}
