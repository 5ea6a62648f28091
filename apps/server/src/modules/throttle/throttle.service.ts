import type { ErrorCode } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import {
  clearThrottleEvents,
  countThrottleEvents,
  deleteThrottleEvent,
  deleteThrottleEventsBefore,
  insertThrottleEvent,
} from './throttle.repository.ts';
import { THROTTLES, type ThrottleKind, type ThrottleLimits, throttleRefuses } from './throttle-rule.ts';

/** An attempt let through: it counts as a failure unless it is declared a success. */
export interface ThrottleSlot {
  /** The secret was right: the attempt does not count, and this address's failures on the target go. */
  succeeded(): Promise<void>;
}

/**
 * Lets one attempt through `throttle-rule.ts`, or throws `refusal` (a 429) before any secret is checked.
 * The attempt is written first and counted with it, so N attempts racing each other see counts 1..N in some
 * order and only those within the limit go on; a count-then-insert let 60 parallel wrong logins check 50
 * passwords (issue 28, finding 8). A refused attempt is taken back, so it neither counts nor grows the table.
 */
export async function reserveAttempt(
  db: Db,
  attempt: { kind: ThrottleKind; target: string; ip: string },
  refusal: ErrorCode,
  limits: ThrottleLimits = THROTTLES[attempt.kind],
): Promise<ThrottleSlot> {
  const id = newId();
  const since = new Date(Date.now() - limits.windowMs).toISOString();
  await insertThrottleEvent(db, { id, ...attempt, createdAt: nowIso() });
  const counts = await countThrottleEvents(db, { ...attempt, since });
  if (throttleRefuses(counts, limits)) {
    await deleteThrottleEvent(db, id);
    throw new AppError(refusal);
  }
  if (Math.random() < 0.05) await deleteThrottleEventsBefore(db, since);
  return {
    succeeded: async () => {
      await clearThrottleEvents(db, attempt.kind, attempt.target, attempt.ip);
    },
  };
}
