import { z } from 'zod';
import { ModelMessages as M } from './constants.ts';

/** `key|limit`: an i18n key and the `{0}` it fills. */
export function limitMessage(key: string, limit: number | string): string {
  return `${key}|${limit}`;
}

/** A yes/no flag: JSON booleans, Torna's 0/1 and the strings smart-doc sends; always read as a boolean. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], { error: M.invalid })
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** Free text up to `max` characters, kept as sent (descriptions, examples). */
export function text(max: number) {
  return z.string({ error: limitMessage(M.max, max) }).max(max, { error: limitMessage(M.max, max) });
}

/** A one-line value up to `max` characters: trimmed, no line breaks or control characters. */
export function line(max: number) {
  return z
    .string({ error: limitMessage(M.max, max) })
    .trim()
    .max(max, { error: limitMessage(M.max, max) })
    .regex(/^[^\p{Cc}]*$/u, { error: M.noControl });
}

/** A required one-line value. */
export function requiredLine(max: number) {
  return z
    .string({ error: limitMessage(M.requiredMax, max) })
    .trim()
    .min(1, { error: limitMessage(M.requiredMax, max) })
    .max(max, { error: limitMessage(M.requiredMax, max) })
    .regex(/^[^\p{Cc}]*$/u, { error: M.noControl });
}

/** Text that clients may send as a number or boolean too (examples, max lengths, ids of old clients). */
export function looseText(max: number) {
  return z
    .union([z.string(), z.number(), z.boolean()], { error: limitMessage(M.max, max) })
    .transform(String)
    .pipe(text(max));
}

/** An optional id; Torna sends "" or 0 for "none". */
export const optionalId = z
  .union([z.string(), z.number()], { error: M.invalid })
  .transform((value) => (value === 0 || value === '0' ? '' : String(value).trim()))
  .pipe(z.string().max(64, { error: limitMessage(M.max, 64) }));
