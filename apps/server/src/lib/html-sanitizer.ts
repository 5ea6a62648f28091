import sanitize from 'sanitize-html';

/**
 * The one HTML sanitizer: every HTML field is cleaned on save (doc descriptions and custom docs, param and
 * error-code descriptions, constants pages), so what is stored is safe to render as HTML anywhere.
 *
 * Strict allowlist: text formatting, lists, tables, links and images. No script, style, iframe, object,
 * embed, form, SVG or MathML; no event handlers or other attributes beyond the list; links only http, https,
 * mailto or relative; `style` only a few text properties with plain values; images http(s), relative, or
 * inline raster `data:` images (what a rich-text editor pastes; uploads are not there yet).
 */

// biome-ignore format: one compact list of tag names reads better than one per line
const TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'kbd', 'samp',
  'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'strike', 'sub', 'sup', 'mark', 'small',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
];

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%]+(\s*,\s*[\d.%]+){2,3}\s*\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d{1,4}(\.\d{1,2})?(px|em|rem|%)$/];

const STYLES: sanitize.IOptions['allowedStyles'] = {
  '*': {
    color: COLOR,
    'background-color': COLOR,
    'text-align': [/^(left|right|center|justify)$/],
    'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
    'font-style': [/^(normal|italic)$/],
    'text-decoration': [/^(none|underline|line-through)$/],
    'font-size': LENGTH,
    'padding-left': LENGTH,
    'text-indent': LENGTH,
  },
};

const RASTER_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const OPTIONS: sanitize.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start'],
    code: ['class'],
    '*': ['style'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/] },
  allowedStyles: STYLES,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens elsewhere must not hand the new page a handle on this one.
    a: (tagName, attribs) => {
      const { rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: rest.target ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest,
      };
    },
    // data: is allowed on images for pasted raster pictures only (never SVG, which can carry script).
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const keep = src !== undefined && (!/^\s*data:/i.test(src) || RASTER_DATA_IMAGE.test(src.trim()));
      return { tagName, attribs: keep ? attribs : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

// Cleaned texts by their source: an import or a push repeats the same descriptions across thousands of rows
// (a shared schema's fields in every operation that uses it), and the sanitizer is a pure function of its input.
const cleaned = new Map<string, string>();
let cachedChars = 0;
/** Characters (inputs and outputs) the cache holds before it starts over: a few MB. */
const CACHED_CHARS = 4_000_000;
const CACHED_LENGTH = 4_096;

/** Cleans HTML to the allowlist. Text without `<` cannot hold markup and is kept as it is (no entity churn). */
export function sanitizeHtml(html: string): string {
  if (!html.includes('<')) return html;
  if (html.length > CACHED_LENGTH) return sanitize(html, OPTIONS);
  let out = cleaned.get(html);
  if (out === undefined) {
    out = sanitize(html, OPTIONS);
    if (cachedChars > CACHED_CHARS) {
      cleaned.clear();
      cachedChars = 0;
    }
    cleaned.set(html, out);
    cachedChars += html.length + out.length;
  }
  return out;
}
