// @vitest-environment jsdom

import { gunzipSync } from 'node:zlib';
import {
  type ApiDoc,
  codeSnippet,
  newApiDoc,
  type ParamRow,
  SNIPPET_LANGUAGES,
  sampleRequestOf,
} from '@quire/api-model';
import type { ExportSource } from '@quire/api-model/export';
import { en as enPack } from '@quire/shared/i18n/en';
import { docPage as en } from '@quire/shared/i18n/en/doc-page';
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { offlineHtml, renderHtmlExport } from './html-export.tsx';

const row = (name: string, extra: Partial<ParamRow> = {}): ParamRow => ({
  id: '',
  name,
  type: 'string',
  required: true,
  maxLength: '64',
  example: '',
  description: '',
  enumId: '',
  enumContent: '',
  children: [],
  ...extra,
});

const doc = (fields: Partial<ApiDoc> & { name: string }): ApiDoc => ({
  ...newApiDoc(fields.name),
  ...fields,
});

/** Rows nested `depth` levels under one top row, so a virtual table would cut the deepest ones off. */
function deepRows(depth: number): ParamRow[] {
  let rows: ParamRow[] = [row('leafField')];
  for (let i = depth; i > 0; i--) rows = [row(`level${i}`, { type: 'object', children: rows })];
  return rows;
}

function source(): ExportSource {
  const wide = Array.from({ length: 200 }, (_, i) => row(`field${i}`));
  return {
    title: 'Shop <API>',
    enums: [
      {
        name: 'Status',
        description: '',
        items: [{ name: 'PAID', type: 'string', value: 'P', description: 'paid' }],
      },
    ],
    environments: [
      { name: 'Test', url: 'https://test.example.com/api' },
      { name: 'Prod', url: 'https://example.com/api' },
    ],
    nodes: [
      {
        kind: 'doc',
        doc: doc({
          name: 'List orders',
          url: '/orders',
          httpMethod: 'GET',
          description:
            '<p>See <a href="https://evil.example/x">the guide</a> <a href="//cdn.example/y">there</a><img src="https://tracker.example/p.gif" alt="t"><img src="data:image/png;base64,AAAA" alt="ok"><script>alert(1)</script></p>',
          responseParams: [row('status', { type: 'enum' }), ...wide],
        }),
        enumLinks: { 'responseParams.0': 'Status' },
      },
      {
        kind: 'folder',
        name: 'Admin',
        children: [
          {
            kind: 'folder',
            name: 'Deep',
            children: [
              {
                kind: 'doc',
                doc: doc({
                  name: 'Purge cache',
                  url: '/admin/cache',
                  httpMethod: 'DELETE',
                  requestParams: deepRows(6),
                }),
              },
              {
                kind: 'doc',
                doc: doc({ name: 'Guide', type: 3, description: '# Hello\n\n[out](https://evil.example)' }),
              },
            ],
          },
        ],
      },
    ],
  };
}

function render(s: ExportSource = source(), compressAbove?: number): string {
  return renderHtmlExport(s, {
    compressAbove,
    language: 'en',
    labels: en,
    pageLabels: enPack.htmlExport,
    readerCss: ':root { --q-rd-text: black; }',
    sanitizeHtml: (html) => DOMPurify.sanitize(html),
    // Markdown with raw HTML off stands in as escaped text plus a link, as markdown-it would write it.
    renderMarkdown: (text) =>
      DOMPurify.sanitize(`<p>${text.replace(/</g, '&lt;')}</p><a href="https://evil.example">out</a>`),
  });
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** The page with every doc's markup (kept as inert text in the file) parsed into its main area. */
function expanded(html: string): Document {
  const page = parse(html);
  const main = page.getElementById('q-ex-main');
  for (const source of page.querySelectorAll('script[type="text/x-quire-doc"]'))
    main?.insertAdjacentHTML('beforeend', source.textContent ?? '');
  return page;
}

// jsdom parses the whole page in each test; on a loaded machine that passes the 5 s default.
describe('HTML export', { timeout: 30_000 }, () => {
  it('is one file with nothing that leaves it: no external src or href, a CSP that forbids requests', () => {
    const page = expanded(render());
    const external = /^(https?:)?\/\//i;
    for (const element of page.querySelectorAll('[src], [href], [srcset], [action]'))
      for (const name of ['src', 'href', 'srcset', 'action']) {
        const value = element.getAttribute(name);
        if (value !== null) expect(value, `${element.tagName} ${name}`).not.toMatch(external);
      }
    expect(page.querySelectorAll('link, iframe, object, embed, base')).toHaveLength(0);
    expect(page.querySelectorAll('script[src]')).toHaveLength(0);
    const csp = page.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
    expect(csp).toContain("default-src 'none'");
    // The pasted data: image stays; the remote one is gone; the links keep their text.
    expect(page.querySelector('img[alt="ok"]')).not.toBeNull();
    expect(page.querySelector('img[alt="t"]')).toBeNull();
    expect(page.body.textContent).toContain('the guide');
  });

  it('sanitizes stored HTML: no script from a description runs', () => {
    const page = expanded(render());
    const scripts = [...page.querySelectorAll('script')];
    // One inert source per doc, the environments' JSON and the page's own script, nothing else.
    expect(scripts.map((s) => s.getAttribute('type') ?? 'js')).toEqual([
      'text/x-quire-doc',
      'text/x-quire-doc',
      'text/x-quire-doc',
      'application/json',
      'js',
    ]);
    expect(page.body.innerHTML).not.toContain('alert(1)');
  });

  it('has a tree of folders and docs linking each doc, and every row of deep and wide tables', () => {
    const page = expanded(render());
    expect(page.title).toBe('Shop <API>');
    const links = [...page.querySelectorAll('.q-ex-tree a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['GETList orders', '#doc-1'],
      ['DELETEPurge cache', '#doc-2'],
      ['Guide', '#doc-3'],
    ]);
    expect([...page.querySelectorAll('.q-ex-tree summary')].map((s) => s.textContent)).toEqual([
      'Admin',
      'Deep',
    ]);
    const deep = page.getElementById('doc-2');
    expect(deep?.querySelector('h1')?.textContent).toBe('Purge cache');
    expect(deep?.textContent).toContain('leafField');
    expect(page.getElementById('doc-1')?.textContent).toContain('field199');
    // The dictionary linked by the export is printed with its row.
    expect(page.getElementById('doc-1')?.textContent).toContain('paid');
    // The URL line of the first environment, and the others in its select.
    expect(deep?.querySelector('[data-testid="doc-url"]')?.textContent).toBe(
      'https://test.example.com/api/admin/cache',
    );
    expect([...(deep?.querySelectorAll('option') ?? [])].map((o) => o.textContent)).toEqual(['Test', 'Prod']);
    // Every snippet language is there without the page's script (no tab that would need it), cURL open.
    expect(deep?.querySelectorAll('[role="tab"]')).toHaveLength(0);
    const snippets = [...(deep?.querySelectorAll('details.q-rd-snippet') ?? [])];
    expect(snippets.map((d) => d.querySelector('summary')?.textContent)).toEqual([
      'cURL',
      'fetch',
      'axios',
      'Python requests',
      'Java OkHttp',
      'Go',
    ]);
    expect(snippets.map((d) => d.hasAttribute('open'))).toEqual([true, false, false, false, false, false]);
    expect(snippets[0]?.textContent).toContain('curl');
  });

  it('shows one doc at a time, filters the tree by name, method or path, and says when nothing matches', () => {
    document.documentElement.innerHTML = parse(render()).documentElement.innerHTML;
    // jsdom does not run a parsed script; run the page's own one here, opened at the second doc.
    const code = [...document.querySelectorAll('script')].find((s) => !s.type)?.textContent ?? '';
    window.location.hash = 'doc-2';
    new Function(code)();
    const main = document.getElementById('q-ex-main');
    expect(main?.querySelectorAll('article')).toHaveLength(1);
    expect(main?.querySelector('h1')?.textContent).toBe('Purge cache');
    expect(document.querySelector('.q-ex-tree a[aria-current="true"]')?.getAttribute('href')).toBe('#doc-2');
    const filter = document.getElementById('q-ex-filter') as HTMLInputElement;
    const visible = () =>
      [...document.querySelectorAll<HTMLElement>('.q-ex-leaf')]
        .filter((li) => !li.hidden)
        .map((li) => li.textContent);
    filter.value = 'cache';
    filter.dispatchEvent(new Event('input'));
    expect(visible()).toEqual(['DELETEPurge cache']);
    expect(document.querySelector<HTMLElement>('.q-ex-folder')?.hidden).toBe(false);
    filter.value = 'nothing like it';
    filter.dispatchEvent(new Event('input'));
    expect(visible()).toEqual([]);
    expect(document.getElementById('q-ex-none')?.hidden).toBe(false);
    // Another environment rewrites the URL line of the doc.
    const select = document.querySelector<HTMLSelectElement>('#doc-2 select.q-rd-select');
    if (!select) throw new Error('no environment select');
    select.value = 'env-2';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(document.querySelector('#doc-2 [data-testid="doc-url"]')?.textContent).toBe(
      'https://example.com/api/admin/cache',
    );
  });

  it('writes every snippet against the environment chosen, as generated for its base URL', () => {
    const order = doc({
      name: 'Refund order',
      url: '/orders/{orderId}/refunds',
      httpMethod: 'POST',
      pathParams: [row('orderId', { example: '42' })],
      queryParams: [row('notify', { example: 'yes' })],
      requestParams: [row('reason', { example: "it's broken" })],
    });
    const bases = ['https://test.example.com/api', "https://prod.example.com/o'neil\\x/", ''];
    const s: ExportSource = {
      title: 'Shop',
      enums: [],
      environments: bases.map((url, i) => ({ name: `E${i}`, url })),
      nodes: [{ kind: 'doc', doc: order }],
    };
    document.documentElement.innerHTML = parse(render(s)).documentElement.innerHTML;
    const code = [...document.querySelectorAll('script')].find((x) => !x.type)?.textContent ?? '';
    window.location.hash = 'doc-1';
    new Function(code)();
    const snippets = () =>
      [...document.querySelectorAll('#doc-1 details.q-rd-snippet')].map(
        (d) => d.querySelector('code')?.textContent,
      );
    const expected = (base: string) =>
      SNIPPET_LANGUAGES.map((lang) => codeSnippet(sampleRequestOf(order, base), lang));
    // As written, before any script runs: the first environment's.
    expect(snippets()).toEqual(expected(bases[0] ?? ''));
    const select = document.querySelector<HTMLSelectElement>('#doc-1 select.q-rd-select');
    if (!select) throw new Error('no environment select');
    bases.forEach((base, i) => {
      select.value = `env-${i + 1}`;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      // A base with a quote and a backslash is quoted as each language quotes its URL literal.
      expect(snippets()).toEqual(expected(base));
      expect(document.querySelector('#doc-1 [data-testid="doc-url"]')?.textContent).toBe(
        base ? `${base.replace(/\/+$/, '')}/orders/{orderId}/refunds` : '/orders/{orderId}/refunds',
      );
    });
    // Back to the first: nothing left of the others.
    select.value = 'env-1';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(snippets()).toEqual(expected(bases[0] ?? ''));
    expect(document.body.innerHTML).not.toContain('QUIRE_BASE_URL');
  });

  it('drops every way out of sanitized HTML but in-page anchors and data: images', () => {
    expect(offlineHtml('<a href="#doc-2">a</a><a href="mailto:x@y">m</a><img src="/rel.png">')).toBe(
      '<a href="#doc-2">a</a><a>m</a>',
    );
  });

  it('stores the docs of a large export gzipped: the same markup, a fraction of the size', () => {
    const plain = parse(render());
    const packed = parse(render(source(), 0));
    const plainSources = [...plain.querySelectorAll('script[type="text/x-quire-doc"]')];
    const packedSources = [...packed.querySelectorAll('script[type="text/x-quire-doc-gz"]')];
    expect(packedSources.map((s) => s.id)).toEqual(plainSources.map((s) => s.id));
    packedSources.forEach((s, i) => {
      const markup = gunzipSync(Buffer.from(s.textContent ?? '', 'base64')).toString('utf8');
      expect(markup).toBe(plainSources[i]?.textContent);
    });
    const size = (list: Element[]) => list.reduce((n, s) => n + (s.textContent?.length ?? 0), 0);
    expect(size(packedSources)).toBeLessThan(size(plainSources) / 3);
  });
});
