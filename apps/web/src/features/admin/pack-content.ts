import { I18N_PACK_MAX } from '@quire/shared';

/** The outcome of checking a pasted or uploaded language pack before it is sent. */
export type PackCheck =
  | { ok: true; content: Record<string, unknown> }
  | { ok: false; reason: 'empty' | 'tooLarge' | 'syntax' | 'notObject'; detail?: string };

/**
 * Checks that a language pack's text is a JSON object (`{"common": {"ok": "OK"}}`), the shape the server
 * stores; arrays, strings, numbers and broken JSON are refused with a reason the form can show.
 */
export function checkPackContent(text: string): PackCheck {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  if (text.length > I18N_PACK_MAX) return { ok: false, reason: 'tooLarge' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'syntax', detail: error instanceof Error ? error.message : undefined };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, reason: 'notObject' };
  return { ok: true, content: parsed as Record<string, unknown> };
}
