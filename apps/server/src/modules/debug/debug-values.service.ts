import { DEBUG_PROP_TYPE, DebugLimits, DebugValue, type DebugValues } from '@quire/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { formatBytes } from '../../http/error-handler.ts';
import { nowIso } from '../../lib/clock.ts';
import { inPropTransaction, readUserProp, writeUserProp } from './user-props.repository.ts';

/**
 * The last values a user sent from a doc's debug panel, with a short history (Torna's `prop` of type 10,
 * kept per user here: one user's token typed into a header is never shown to another).
 */
function parseValues(text: string | undefined): DebugValues {
  if (!text) return { last: null, history: [] };
  try {
    const raw = JSON.parse(text) as { history?: unknown[] };
    const history = (Array.isArray(raw.history) ? raw.history : [])
      .map((entry) => DebugValue.safeParse(entry))
      .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
    return { last: history[0] ?? null, history };
  } catch {
    return { last: null, history: [] };
  }
}

export async function readDebugValues(db: Db, userId: string, docId: string): Promise<DebugValues> {
  return parseValues(await readUserProp(db, userId, DEBUG_PROP_TYPE, docId));
}

/** Puts a request first in the history (dropping an identical older one) and keeps the newest few. */
export async function saveDebugValue(
  db: Db,
  userId: string,
  docId: string,
  value: z.output<typeof DebugValue>,
): Promise<DebugValues> {
  const entry = { ...value, sentAt: nowIso() };
  const size = JSON.stringify(entry).length;
  if (size > DebugLimits.valueMaxChars)
    throw new AppError('debug.value_too_large', { args: [formatBytes(DebugLimits.valueMaxChars)] });
  const key = (v: z.output<typeof DebugValue>) => JSON.stringify({ ...v, sentAt: '' });
  return inPropTransaction(db, async (trx) => {
    const stored = await readUserProp(trx, userId, DEBUG_PROP_TYPE, docId);
    const previous = parseValues(stored).history.filter((old) => key(old) !== key(entry));
    const history = [entry, ...previous].slice(0, DebugLimits.historyMax);
    const text = JSON.stringify({ history });
    await writeUserProp(trx, { userId, type: DEBUG_PROP_TYPE, refId: docId }, text, nowIso());
    return { last: entry, history };
  });
}
