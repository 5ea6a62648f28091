import { describe, expect, it } from 'vitest';
import { bundledDocuments, contentLanguage, HELP_PAGES, resolveHelpPage } from './help-content.ts';
import { isSafeLink, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists and code', () => {
    const html = renderMarkdown('# Title\n\n- one\n- `two`');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<li><code>two</code></li>');
  });

  it('escapes raw HTML instead of rendering it', () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)"> <script>alert(1)</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](  javascript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](vbscript:msgbox)',
    '[x](//evil.example)',
  ])('does not link %s', (source) => {
    expect(renderMarkdown(source)).not.toContain('href=');
  });

  it('keeps site links in the same tab and opens other sites in a new one', () => {
    expect(renderMarkdown('[a](/help?id=roles)')).toContain('<a href="/help?id=roles">a</a>');
    const external = renderMarkdown('[b](https://example.com)');
    expect(external).toContain('target="_blank"');
    expect(external).toContain('rel="noopener noreferrer"');
  });

  it('accepts only http, https and mailto schemes', () => {
    expect(isSafeLink('https://a.example')).toBe(true);
    expect(isSafeLink('mailto:a@b.example')).toBe(true);
    expect(isSafeLink('#section')).toBe(true);
    expect(isSafeLink('file:///etc/passwd')).toBe(false);
  });
});

describe('help content', () => {
  it('has every page, and the integration guide, in both languages', () => {
    const expected = ['en', 'zh-CN'].flatMap((lang) =>
      [...HELP_PAGES, 'openapi'].map((name) => `./content/${lang}/${name}.md`),
    );
    expect(bundledDocuments().sort()).toEqual(expected.sort());
  });

  it('shows the getting-started page for a missing or unknown id', () => {
    expect(resolveHelpPage(null)).toBe('start');
    expect(resolveHelpPage('nope')).toBe('start');
    expect(resolveHelpPage('roles')).toBe('roles');
  });

  it('serves English to en* and Chinese to every other language', () => {
    expect(contentLanguage('en')).toBe('en');
    expect(contentLanguage('en-GB')).toBe('en');
    expect(contentLanguage('zh-CN')).toBe('zh-CN');
    expect(contentLanguage('ja')).toBe('zh-CN');
  });
});
