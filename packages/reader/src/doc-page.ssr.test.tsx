import { DocType } from '@quire/api-model';
import type { DocDetail } from '@quire/shared';
import { docPage as en } from '@quire/shared/i18n/en/doc-page';
import { docPage as zh } from '@quire/shared/i18n/zh-CN/doc-page';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DocPage } from './doc-page.tsx';
import { type ReaderHost, ReaderProvider } from './host.tsx';

/** Escapes everything: proves the page hands every stored HTML string to the host's sanitizer. */
const escapeAll = (html: string) => html.replace(/</g, '&lt;').replace(/>/g, '&gt;');

function host(labels: ReaderHost['labels'], language: string): ReaderHost {
  return {
    labels,
    language,
    sanitizeHtml: escapeAll,
    renderMarkdown: (source) => `<p>${escapeAll(source)}</p>`,
  };
}

type Row = DocDetail['requestParams'][number];
const param = (name: string, extra: Partial<Row> = {}): Row => ({
  id: `p-${name}`,
  name,
  type: 'string',
  required: false,
  maxLength: '',
  example: '',
  description: '',
  enumId: '',
  enumContent: '',
  children: [],
  ...extra,
});

// Only what the page reads: the detail type has more fields, the page must not need them.
const DOC = {
  id: 'd1',
  moduleId: 'm1',
  projectId: 'p1',
  name: 'Create order',
  type: DocType.http,
  url: '/orders/{id}',
  httpMethod: 'POST',
  contentType: 'application/json',
  description: 'Creates an <b>order</b><script>alert(1)</script>',
  descriptionKind: 'html',
  author: 'Ann',
  deprecated: '$false$',
  isLocked: true,
  creatorName: 'ann',
  modifierName: 'bob',
  createTime: '2026-11-20T08:00:00.000Z',
  updateTime: '2026-11-21T09:30:00.000Z',
  isUseGlobalHeaders: false,
  isUseGlobalParams: false,
  isUseGlobalReturns: false,
  isRequestArray: false,
  isResponseArray: false,
  requestArrayType: 'object',
  responseArrayType: 'object',
  globalHeaders: [],
  globalParams: [],
  globalReturns: [],
  headerParams: [param('X-Trace', { required: true })],
  pathParams: [param('id', { required: true, example: '42' })],
  queryParams: [],
  requestParams: [
    param('sku', { example: 'A-1', enumId: 'e1', description: 'Stock <i>unit</i>' }),
    param('lines', { type: 'array', children: [param('qty', { type: 'number', example: '2' })] }),
  ],
  responseParams: [param('orderNo', { example: 'N-1' })],
  errorCodeParams: [{ id: 'c1', code: 'E42', description: 'Out of <b>stock</b>', solution: 'Wait' }],
  enums: [
    {
      id: 'e1',
      moduleId: 'm1',
      name: 'Sku',
      description: '',
      items: [{ id: 'i1', name: 'A', type: 'string', value: 'A-1', description: 'first' }],
    },
  ],
  dubboInfo: null,
} as unknown as DocDetail;

const ENVS = [
  { id: 'env1', moduleId: 'm1', name: 'Test', baseUrl: 'https://test.example.com/api', isPublic: true },
  { id: 'env2', moduleId: 'm1', name: 'Prod', baseUrl: 'https://example.com/api', isPublic: true },
] as never;

function render(labels: ReaderHost['labels'], language: string): string {
  return renderToStaticMarkup(
    <ReaderProvider host={host(labels, language)}>
      <DocPage doc={DOC} environments={ENVS} />
    </ReaderProvider>,
  );
}

describe('DocPage on the server', () => {
  it('renders a whole doc to static markup in Node: header, URL per environment, params, codes, examples', () => {
    const html = render(en, 'en');
    expect(html).toContain('<article aria-label="Create order"');
    expect(html).toContain('<h1 class="q-rd-title">Create order</h1>');
    expect(html).toContain('q-rd-method q-rd-tone-default">POST<');
    expect(html).toContain('https://test.example.com/api/orders/{id}');
    expect(html).toMatch(/<option value="env2">Prod<\/option>/);
    expect(html).toContain(en.locked);
    for (const title of [
      en.headerParams,
      en.pathParams,
      en.requestParams,
      en.responseParams,
      en.errorCodeParams,
    ])
      expect(html).toContain(`aria-label="${title}"`);
    expect(html).toContain('<code class="q-rd-code">qty</code>');
    // The dictionary of `sku`, inline under its description.
    expect(html).toContain('A-1 first');
    expect(html).toContain('E42');
    // Generated from the params: the request example and the cURL snippet with the first environment's URL.
    expect(html).toContain('&quot;sku&quot;: &quot;A-1&quot;');
    expect(html).toContain('curl -X POST');
    expect(html).toContain('https://test.example.com/api/orders/42');
    expect(html).toContain('interface CreateOrderRequest');
    // No copy buttons without a way to copy.
    expect(html).not.toContain(en.copyUrl);
  });

  it('hands every stored HTML string to the host sanitizer', () => {
    const html = render(en, 'en');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Creates an &lt;b&gt;order&lt;/b&gt;&lt;script&gt;');
    expect(html).toContain('Stock &lt;i&gt;unit&lt;/i&gt;');
    expect(html).toContain('Out of &lt;b&gt;stock&lt;/b&gt;');
  });

  it('speaks the given language', () => {
    const html = render(zh, 'zh-CN');
    expect(html).toContain(`aria-label="${zh.responseParams}"`);
    expect(html).toContain(zh.locked);
    expect(html).not.toContain(`aria-label="${en.responseParams}"`);
  });
});
