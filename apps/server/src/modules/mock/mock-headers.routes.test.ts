// Mocks answer data only: no origin-wide headers and no content type a browser would run, refused when a
// configuration is saved and dropped when a mock is served (scripts set headers at run time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

const ORIGIN_WIDE = {
  'Set-Cookie': 'session=evil; Path=/',
  'Clear-Site-Data': '"*"',
  Refresh: '0; url=https://evil.example/',
  Link: '</mock/x.css>; rel=stylesheet',
  'Service-Worker-Allowed': '/',
  'Content-Security-Policy': "script-src 'unsafe-inline'",
  'Access-Control-Allow-Credentials': 'true',
  'Strict-Transport-Security': 'max-age=63072000',
};

describe.each(testDialects())('mock response headers on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let docId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    docId = (await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'D', url: '/d', httpMethod: 'GET' })).id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const save = (fields: Record<string, unknown>, lang = 'en') =>
    t.post('/api/doc/mock/save', { docId, name: 'h', ...fields }, { token: w.token, lang });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('refuses origin-wide headers and active content types when saving, in the caller’s language', async () => {
    for (const [name, value] of Object.entries(ORIGIN_WIDE)) {
      const response = await save({ path: 'h/refused', responseHeaders: [{ name, value }] });
      expect(response.statusCode, name).toBe(400);
      expect(envelopeOf(response).msg, name).toContain(
        `The header ${name.toLowerCase()} is not allowed in a mock`,
      );
    }
    for (const type of [
      'text/javascript',
      'application/javascript; charset=utf-8',
      'text/html',
      'image/svg+xml',
      'text/css',
      'application/xhtml+xml',
      'text/plain, text/html',
    ]) {
      const response = await save({ responseHeaders: [{ name: 'Content-Type', value: type }] });
      expect(response.statusCode, type).toBe(400);
      expect(envelopeOf<{ issues: { path: string }[] }>(response).data?.issues[0]?.path).toBe(
        'body.responseHeaders.0.value',
      );
    }
    const zh = await save({ responseHeaders: [{ name: 'Refresh', value: '0' }] }, 'zh-CN');
    expect(envelopeOf(zh).msg).toContain('Mock不能设置响应头 refresh');
    const type = await save(
      { responseHeaders: [{ name: 'content-type', value: 'text/javascript' }] },
      'zh-CN',
    );
    expect(envelopeOf(type).msg).toContain('Mock不能使用内容类型 text/javascript');
    // Nothing was saved by the refused calls.
    const rows = await expectOk<{ name: string }[]>(
      t.get(`/api/doc/mock/list?docId=${docId}`, { token: w.token }),
    );
    expect(rows.map((row) => row.name)).toEqual(['default']);
    // Data types are taken as they are.
    for (const value of [
      'application/json',
      'application/problem+json',
      'text/plain; charset=utf-8',
      'application/xml',
      'image/png',
      'application/pdf',
    ])
      await expectOk(save({ name: value, responseHeaders: [{ name: 'Content-Type', value }] }));
  });

  it('drops what a script sets beyond data, and serves other types as attachments', async () => {
    await expectOk(
      save({
        name: 'script',
        path: 'h/script',
        resultType: 1,
        mockScript: `return { headers: ${JSON.stringify({ ...ORIGIN_WIDE, 'Content-Type': 'text/javascript', 'X-Ok': '1' })}, body: "alert(document.cookie)" };`,
      }),
    );
    const script = await get('/mock/h/script');
    expect(script.statusCode).toBe(200);
    for (const name of Object.keys(ORIGIN_WIDE).filter((n) => n !== 'Content-Security-Policy'))
      expect(script.headers[name.toLowerCase()], name).toBeUndefined();
    expect(script.headers['content-security-policy']).toBe('sandbox');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['x-ok']).toBe('1');
    expect(script.headers['content-type']).toBe('application/octet-stream');
    expect(script.headers['content-disposition']).toBe('attachment');
    expect(script.headers['x-content-type-options']).toBe('nosniff');

    // A row saved before these rules: served as an attachment of no runnable type, its headers dropped.
    const saved = await expectOk<{ id: string }>(
      save({ name: 'old', path: 'h/old', responseBody: '<script>1</script>' }),
    );
    await t.db
      .updateTable('mockConfigs')
      .set({
        responseHeaders: JSON.stringify([
          { name: 'Content-Type', value: 'text/html' },
          { name: 'Content-Disposition', value: 'inline; filename="a.html"' },
          { name: 'Clear-Site-Data', value: '"*"' },
        ]),
      })
      .where('id', '=', saved.id)
      .execute();
    const old = await get('/mock/h/old');
    expect(old.headers['content-type']).toBe('application/octet-stream');
    expect(old.headers['content-disposition']).toBe('attachment; filename="a.html"');
    expect(old.headers['clear-site-data']).toBeUndefined();

    await expectOk(
      save({
        name: 'pdf',
        path: 'h/pdf',
        responseHeaders: [{ name: 'Content-Type', value: 'application/pdf' }],
      }),
    );
    const pdf = await get('/mock/h/pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment');
    await expectOk(
      save({
        name: 'xml',
        path: 'h/xml',
        responseBody: '<a/>',
        responseHeaders: [{ name: 'Content-Type', value: 'application/xml' }],
      }),
    );
    const xml = await get('/mock/h/xml');
    expect(xml.headers['content-type']).toBe('application/xml');
    expect(xml.headers['content-disposition']).toBeUndefined();
    // The run button shows the same headers the mock would send.
    const run = await expectOk<{ headers: Record<string, string> }>(
      t.post(
        '/api/doc/mock/run',
        {
          docId,
          name: 'x',
          resultType: 1,
          mockScript: 'return { headers: { Refresh: "0", "Content-Type": "text/html" }, body: "x" };',
        },
        { token: w.token },
      ),
    );
    expect(run.headers).toEqual({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment',
    });
  });
});
