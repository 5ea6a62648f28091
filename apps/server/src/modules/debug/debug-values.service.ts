import { DEBUG_PROP_TYPE, DebugLimits, DebugValue, type DebugValues } from '@quire/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { upsert } from '../../db/dialect.ts';
import { AppError } from '../../http/app-error.ts';
import { formatBytes } from '../../http/error-handler.ts';
import { nowIso } from '../../lib/clock.ts';

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
  const row = await db
    .selectFrom('userProps')
    .select('value')
    .where('userId', '=', userId)
    .where('type', '=', DEBUG_PROP_TYPE)
    .where('refId', '=', docId)
    .executeTakeFirst();
  return parseValues(row?.value);
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
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('userProps')
      .select('value')
      .where('userId', '=', userId)
      .where('type', '=', DEBUG_PROP_TYPE)
      .where('refId', '=', docId)
      .executeTakeFirst();
    const previous = parseValues(row?.value).history.filter((old) => key(old) !== key(entry));
    const history = [entry, ...previous].slice(0, DebugLimits.historyMax);
    const text = JSON.stringify({ history });
    const updatedAt = nowIso();
    await upsert(
      trx,
      trx
        .insertInto('userProps')
        .values({ userId, type: DEBUG_PROP_TYPE, refId: docId, value: text, updatedAt }),
      ['userId', 'type', 'refId'],
      { value: text, updatedAt },
    ).execute();
    return { last: entry, history };
  });
}
