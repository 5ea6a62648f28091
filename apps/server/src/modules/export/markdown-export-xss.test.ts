import { parseApiDoc } from '@quire/api-model';
import { type ExportSource, exportMarkdown } from '@quire/api-model/export';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { expectInert, XSS_PAYLOADS } from '../../../test/xss-payloads.ts';

/** Markdown payloads beside the HTML ones: links and images to script URLs, autolinks, definitions, fences. */
const MARKDOWN_PAYLOADS: ReadonlyArray<string> = [
  '[click](javascript:alert(1))',
  '[click](  JaVaScRiPt:alert(1))',
  '![img](javascript:alert(1))',
  '[click](<javascript:alert(1)>)',
  '[click](jav&#97;script:alert(1))',
  '<javascript:alert(1)>',
  '[ref][r]\n\n[r]: javascript:alert(1)',
  '[ref]\n\n[ref]:\n  javascript:alert(1)',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '`code` \\`<img src=x onerror=alert(1)>`',
  '| a | b |\n|---|---|\n| ` | <img src=x onerror=alert(1)> | ` |',
  '# head `\n<img src=x onerror=alert(1)> `',
  '```\nunclosed fence',
  '- list\n  ```\n  <b>in list fence</b>\n  ```\n<img src=x onerror=alert(1)>',
];

const ALL = [...XSS_PAYLOADS, ...MARKDOWN_PAYLOADS];

/** The payload cut to a field's limit in the doc model (long ones are still whole in the free-text fields). */
const cut = (text: string, max = 10_000) => text.replace(/\p{Cc}/gu, ' ').slice(0, max);

function row(name: string, payload: string) {
  return {
    name: cut(name, 100),
    type: cut(payload, 60),
    required: true,
    maxLength: '',
    example: cut(payload),
    description: payload,
    children: [],
  };
}

/** An application where every field the Markdown export prints holds the payload. */
function sourceWith(payload: string): ExportSource {
  const http = parseApiDoc({
    name: cut(payload, 128),
    url: cut(`/x/${payload}`),
    httpMethod: 'GET',
    author: cut(payload, 64),
    contentType: cut(payload, 128),
    deprecated: cut(payload),
    description: payload,
    queryParams: [row(payload, payload)],
    requestParams: [row('body', payload)],
    responseParams: [row(payload, payload)],
    errorCodeParams: [{ code: cut(payload, 100), description: payload, solution: payload }],
  });
  const markdownDoc = parseApiDoc({ name: cut(payload, 120), type: 3, description: payload });
  return {
    title: payload,
    nodes: [
      {
        kind: 'folder',
        name: payload,
        children: [
          { kind: 'doc', doc: http },
          { kind: 'doc', doc: markdownDoc },
        ],
      },
    ],
    enums: [],
    environments: [{ name: payload, url: 'http://127.0.0.1:7901' }],
  };
}

const renderers = {
  'markdown-it (HTML on)': new MarkdownIt({ html: true, linkify: true }),
  'markdown-it (HTML on, commonmark)': new MarkdownIt('commonmark', { html: true }),
};

describe('the Markdown export renders inert whatever a field holds', () => {
  for (const [label, md] of Object.entries(renderers)) {
    it(`holds no live element, attribute or script link from any payload (${label})`, () => {
      for (const payload of ALL) {
        const markdown = exportMarkdown(sourceWith(payload));
        const html = md.render(markdown);
        expectInert(html);
        // No link or image to anything but http(s) and mailto.
        for (const [, url] of html.matchAll(/\s(?:href|src)="([^"]*)"/g))
          expect(url, `${payload}\n---\n${markdown}`).toMatch(/^(https?:\/\/|mailto:)/);
      }
    });
  }

  it('still shows each field as written and keeps Markdown docs Markdown', () => {
    const md = new MarkdownIt({ html: true });
    const html = md.render(
      exportMarkdown(sourceWith('<img src=x onerror=alert(1)> *a* [l](https://ok.test)')),
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; *a* [l](https://ok.test)');
    const guide = parseApiDoc({
      name: 'Guide',
      type: 3,
      description: '# Hello\n\n**bold** [ok](https://ok.test)\n\n```xml\n<a>code</a>\n```',
    });
    const doc = md.render(
      exportMarkdown({ title: 'T', nodes: [{ kind: 'doc', doc: guide }], enums: [], environments: [] }),
    );
    expect(doc).toContain('<strong>bold</strong> <a href="https://ok.test">ok</a>');
    expect(doc).toContain('&lt;a&gt;code&lt;/a&gt;');
  });
});
