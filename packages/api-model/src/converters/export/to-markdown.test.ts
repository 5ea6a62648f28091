import { describe, expect, it } from 'vitest';
import { exportFixture } from './export-fixture.ts';
import { exportMarkdown } from './to-markdown.ts';

describe('exportMarkdown', () => {
  const md = exportMarkdown(exportFixture());

  it('prints a heading per folder and doc and a URL per environment', () => {
    expect(md.startsWith('# Shop\n')).toBe(true);
    expect(md).toContain('## Orders\n');
    expect(md).toContain('## Orders / Files\n');
    expect(md).toContain('### Get order\n');
    expect(md).toContain('- dev: `GET` http://127.0.0.1:7901/orders/{id}');
    expect(md).toContain('- prod: `GET` https://api.example.test/v1/orders/{id}');
  });

  it('prints param tables with nested rows indented and pipes escaped', () => {
    expect(md).toContain('#### Path parameters');
    expect(md).toContain('| id | Yes | order id | 42 |');
    expect(md).toContain('| items | array | Yes | 64 |  |  |');
    expect(md).toContain('| └ sku | string | Yes | 64 |  | A-1 |');
    expect(md).toContain('Reads one order \\| with a pipe');
    expect(md).toContain('| 10001 | order locked | retry later |');
  });

  it('prints examples built from the rows and a Markdown doc as it is', () => {
    expect(md).toContain('#### Request example');
    expect(md).toMatch(/"lines": \[\s+\{\s+"sku": "string",\s+"qty": 2/);
    expect(md).toContain('### Guide\n\n# Hello\n\nSome text.');
  });

  it('prints an HTML description as escaped text: blocks as paragraphs, line breaks kept', () => {
    const source = exportFixture();
    const first = source.nodes[0];
    if (first?.kind !== 'folder' || first.children[0]?.kind !== 'doc') throw new Error('fixture changed');
    first.children[0].doc.description = '<p>Line <b>one</b><br>two &lt;img&gt;</p><ul><li>*a*</li></ul>';
    const out = exportMarkdown(source);
    expect(out).toContain('**Description**\n\nLine one\\\ntwo &lt;img&gt;\n\n\\*a\\*\n');
  });
});
