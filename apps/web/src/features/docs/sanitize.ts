import DOMPurify from 'dompurify';
import { isSafeLink } from '../help/safe-link.ts';

// Links and images keep only http(s), mailto and relative targets; everything else loses its address.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  for (const name of ['href', 'src', 'xlink:href', 'action', 'formaction']) {
    const value = node.getAttribute(name);
    if (value !== null && !isSafeLink(value)) node.removeAttribute(name);
  }
  if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** HTML safe to insert: the server sanitizes too, the client never trusts it (no scripts, handlers, bad links). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
    ],
    FORBID_ATTR: ['style'],
  });
}
