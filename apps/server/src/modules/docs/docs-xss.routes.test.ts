import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, detailOf, saveDoc } from '../../../test/doc-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { expectInert, XSS_PAYLOADS } from '../../../test/xss-payloads.ts';

interface Row {
  description: string;
  example: string;
  children: Row[];
}

describe.each(testDialects())('script in doc fields on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sanitizes every HTML field of an HTTP doc: description, param descriptions, error codes', async () => {
    const payloads = XSS_PAYLOADS.join('\n');
    const saved = await saveDoc(t, w.token, {
      name: 'xss',
      url: '/xss',
      moduleId: w.moduleId,
      description: payloads,
      requestParams: XSS_PAYLOADS.map((p, i) => ({
        name: `p${i}`,
        type: 'object',
        description: p,
        example: p,
        children: [{ name: 'inner', description: p }],
      })),
      errorCodeParams: XSS_PAYLOADS.map((p, i) => ({ code: `E${i}`, description: p, solution: p })),
    });
    const doc = await detailOf(t, w.token, saved.id);
    expectInert(doc.description);
    const rows = doc.requestParams as Row[];
    expect(rows).toHaveLength(XSS_PAYLOADS.length);
    rows.forEach((row, i) => {
      expectInert(row.description);
      expectInert(row.children[0]?.description ?? '');
      // Examples are sample values, shown as text by every reader, and kept exactly.
      expect(row.example).toBe(XSS_PAYLOADS[i]);
    });
    for (const code of doc.errorCodeParams as Array<{ description: string; solution: string }>) {
      expectInert(code.description);
      expectInert(code.solution);
    }
    // Stored sanitized, so revisions and every later reader get the clean text too.
    const stored = await t.db
      .selectFrom('docRevisions')
      .select('snapshot')
      .where('docId', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.snapshot).description).toBe(doc.description);
  });

  it.each(XSS_PAYLOADS.map((p) => [p]))('sanitizes a custom (rich text) doc holding %s', async (payload) => {
    const saved = await saveDoc(t, w.token, {
      name: 'rich',
      type: 2,
      description: `<p>before</p>${payload}<p>after</p>`,
      moduleId: w.moduleId,
    });
    const doc = await detailOf(t, w.token, saved.id);
    expectInert(doc.description);
    // Text before the payload survives; an unclosed payload may swallow what follows, as any HTML parser would.
    expect(doc.description.startsWith('<p>before</p>')).toBe(true);
  });

  it('stores Markdown verbatim, HTML and javascript: links included: the reader renders it with raw HTML off', async () => {
    const markdown = `# Notes\n\n${XSS_PAYLOADS.join('\n\n')}\n\n[click me](javascript:alert(1)) ![i](javascript:alert(2))\n`;
    const saved = await saveDoc(t, w.token, {
      name: 'md',
      type: 3,
      description: markdown,
      moduleId: w.moduleId,
    });
    const doc = await detailOf(t, w.token, saved.id);
    expect(doc.description).toBe(markdown);
    expect(doc.descriptionKind).toBe('markdown');
  });
});
