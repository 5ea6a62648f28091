import { describe, expect, it } from 'vitest';
import { expectInert, XSS_PAYLOADS } from '../../test/xss-payloads.ts';
import { sanitizeHtml } from './html-sanitizer.ts';

describe('sanitizeHtml', () => {
  it('has a list of at least 40 payloads to try', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(XSS_PAYLOADS.map((payload) => [payload]))('renders %s inert', (payload) => {
    expectInert(sanitizeHtml(payload));
  });

  it('keeps the formatting a rich-text editor produces', () => {
    const html =
      '<h2>Orders</h2><p style="text-align: center; color: #c00">Read <strong>one</strong> <em>order</em>.</p>' +
      '<ul><li>a</li></ul><table><thead><tr><th colspan="2">k</th></tr></thead><tbody><tr><td>v</td></tr></tbody></table>' +
      '<pre><code class="language-json">{"a": 1}</code></pre><a href="https://example.com/x?a=1&amp;b=2" title="t">link</a>' +
      '<a href="/relative/path">rel</a><a href="mailto:a@example.com">mail</a><img src="https://example.com/a.png" alt="a">';
    // Same markup; only the serialisation is normalised (style spacing, void tags).
    expect(sanitizeHtml(html)).toBe(
      html
        .replace('text-align: center; color: #c00', 'text-align:center;color:#c00')
        .replace('alt="a">', 'alt="a" />'),
    );
  });

  it('removes what is not allowed and keeps the text around it', () => {
    expect(sanitizeHtml('<p onclick="x()">Hi <script>alert(1)</script>there</p>')).toBe('<p>Hi there</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://e.com" target="_self">x</a>')).toBe(
      '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<p style="color: red; position: fixed">x</p>')).toBe('<p style="color:red">x</p>');
  });

  it('keeps pasted raster images inline but no SVG or other data: URLs', () => {
    const png = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="p" />';
    expect(sanitizeHtml(png)).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="p" />');
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeHtml('<img src="data:text/html,<script>x</script>">')).toBe('');
  });

  it('leaves text without markup exactly as it is', () => {
    for (const text of ['a & b', 'x > 1 && y', '&lt;script&gt;', 'javascript:alert(1)', '']) {
      expect(sanitizeHtml(text)).toBe(text);
    }
  });
});
