import MarkdownIt from 'markdown-it';

/** Schemes a help link may use; anything else (javascript:, data:, vbscript:, file: …) is not linked. */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * True for links that are safe to render: same-site paths, fragments and relative paths, or an absolute URL
 * with an allowed scheme. Protocol-relative `//host` links are refused like other off-site tricks.
 */
export function isSafeLink(url: string): boolean {
  const value = url.trim();
  if (value.startsWith('//') || value.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(value)?.[1]?.toLowerCase();
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme);
}

/** Raw HTML is off: help text is Markdown only, so nothing in it can inject markup or scripts. */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.validateLink = isSafeLink;

const renderToken: NonNullable<typeof md.renderer.rules.link_open> = (tokens, index, options, _env, self) =>
  self.renderToken(tokens, index, options);
const defaultLinkOpen = md.renderer.rules.link_open ?? renderToken;

// Off-site links open in a new tab without handing the opener to the other site.
md.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token?.attrGet('href') ?? '');
  if (token && /^https?:/i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** Renders trusted-format, untrusted-content Markdown to HTML that is safe to insert. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
