import MarkdownIt from 'markdown-it';
import { isSafeLink } from './safe-link.ts';

export { isSafeLink };

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
