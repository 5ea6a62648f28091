import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const READER =
  '<!doctype html><html><head><title>Quire</title><script>window.boot = 1;</script></head>' +
  '<body><div id="root"></div></body></html>';

/** The JSON a page carries for its boot script, or null. */
function bootData(
  html: string,
): { path: string; language: string; detail: { data: { name: string } } } | null {
  const match = /<script type="application\/json" id="quire-boot-data">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

describe('light reader pages of public shares come with their first answers', () => {
  let t: TestApp;
  let w: DocWorld;
  let shared: string;
  let outside: string;
  let hostile: string;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'quire-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'reader.html'), READER);
    t = await createTestApp('sqlite', { QUIRE_WEB_DIST: dist });
    w = await createDocWorld(t);
    const doc = (name: string) =>
      saveDoc(t, w.token, {
        moduleId: w.moduleId,
        parentId: '',
        name,
        url: `/${name}`,
        httpMethod: 'DELETE',
      }).then((d) => d.id);
    shared = await doc('removeRestrictions');
    outside = await doc('secretAdmin');
    hostile = await doc('</script><img src=x onerror=alert(1)><!--');
  });
  afterAll(async () => {
    await t.close();
  });

  const share = (body: Record<string, unknown>) =>
    expectOk<{ id: string }>(
      t.post('/api/doc/share/add', { moduleId: w.moduleId, ...body }, { token: w.token }),
    );

  it('draws the heading and carries the doc and the share as the public calls answer them', async () => {
    const { id } = await share({ type: 1, content: [{ docId: shared }, { docId: hostile }] });
    const page = await t.app.inject({ method: 'GET', url: `/share/${id}/${shared}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.body).toContain('<h1 class="q-rd-title">removeRestrictions</h1>');
    expect(page.body).toContain('<span class="q-rd-method q-rd-tone-error">DELETE</span>');
    const data = bootData(page.body);
    expect(data).toMatchObject({ path: `/share/${id}/${shared}`, language: 'en' });
    const api = await t.get(`/api/doc/share/view?docId=${shared}&shareConfigId=${id}`, { lang: 'en' });
    expect(data?.detail).toEqual(api.json());
    // The boot script's hash still matches: the page runs no other inline script.
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).not.toContain('unsafe-inline');
    // A doc name is text in the heading and inert in the data.
    const evil = await t.app.inject({ method: 'GET', url: `/share/${id}/${hostile}` });
    expect(evil.body).not.toContain('<img src=x');
    expect(evil.body).not.toContain('</script><img');
    expect(evil.body).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&lt;!--');
    expect(bootData(evil.body)?.detail.data.name).toBe('</script><img src=x onerror=alert(1)><!--');
  });

  it('gives nothing of a doc outside the share, of an encrypted or disabled share, or of an unknown one', async () => {
    const open = await share({ type: 1, content: [{ docId: shared }] });
    const encrypted = await share({ type: 2, content: [{ docId: shared }] });
    const disabled = await share({ type: 1, content: [{ docId: shared }] });
    await expectOk(t.post('/api/doc/share/disable', { id: disabled.id }, { token: w.token }));
    for (const url of [
      `/share/${open.id}/${outside}`,
      `/share/${encrypted.id}/${shared}`,
      `/share/${disabled.id}/${shared}`,
      `/share/nosuchshare00000/${shared}`,
      `/show/nosuchproject000/${shared}`,
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(READER);
      expect(page.body, url).not.toContain('secretAdmin');
    }
  });
});
