import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { type DeliverContext, deliverWebhook } from '../webhooks/webhook-deliver.ts';
import { claimDelivery, listDueDeliveries, pruneDeliveries } from '../webhooks/webhooks.service.ts';
import { changeSignals } from './change-events.ts';
import { claimOutboxRow, finishOutboxRow, nextOutboxRow, pruneOutbox } from './notify.repository.ts';
import { fanOutChange } from './notify.service.ts';

const POLL_MS = 2000;
const LEASE_MS = 60_000;
const OUTBOX_MAX_ATTEMPTS = 5;
/** Deliveries sent side by side: a slow hook must not hold up the others. */
const DELIVERY_BATCH = 8;
const PRUNE_MS = 60 * 60_000;
const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60_000;
const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Turns outbox rows into messages and webhook deliveries, and sends due deliveries. A thin loop: the work of
 * one item is `fanOutChange` and `deliverWebhook`, so a job registry can run them as job kinds instead. It
 * wakes when this process writes an outbox row (`changeSignals`), and polls for rows of other instances and
 * for retries. Rows are claimed by conditional updates, so N instances share the work without doubles.
 */
export class NotifyWorker {
  private busy: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private timers: NodeJS.Timeout[] = [];
  private deliverCtx: Promise<DeliverContext> | undefined;
  private readonly onSignal = () => this.kick();

  constructor(
    private readonly db: Db,
    private readonly env: Env,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    changeSignals.on('outbox', this.onSignal);
    const poll = setInterval(() => this.kick(), POLL_MS);
    const prune = setInterval(() => {
      this.prune().catch((error) => this.log.error({ err: error }, 'notification prune failed'));
    }, PRUNE_MS);
    poll.unref();
    prune.unref();
    this.timers.push(poll, prune);
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    changeSignals.off('outbox', this.onSignal);
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.busy;
  }

  /** Looks for work soon (after the current I/O, so a push's answer leaves first). */
  kick(): void {
    if (this.stopped) return;
    setImmediate(() => {
      void this.run();
    });
  }

  /** Resolves once everything due now is written and sent (tests, the benchmark). */
  settle(): Promise<void> {
    return this.run();
  }

  private run(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return this.busy;
    }
    this.busy = (async () => {
      do {
        this.again = false;
        try {
          await this.drain();
        } catch (error) {
          this.log.error({ err: error }, 'notification worker failed');
        }
      } while (this.again);
    })().finally(() => {
      this.busy = null;
    });
    return this.busy;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const fanned = await this.fanOutOne();
      const sent = fanned ? 0 : await this.deliverDue();
      if (!fanned && sent === 0) return;
    }
  }

  /** One outbox row: true when one was handled (or lost to another instance). */
  private async fanOutOne(): Promise<boolean> {
    const row = await nextOutboxRow(this.db, nowIso());
    if (!row) return false;
    if (!(await claimOutboxRow(this.db, row, later(LEASE_MS)))) return true;
    const claimed = { ...row, status: 'running', attempts: row.attempts + 1 };
    try {
      const out = await fanOutChange(this.db, claimed, {
        publicUrl: this.env.QUIRE_PUBLIC_URL ?? `http://localhost:${this.env.PORT}`,
      });
      if (out.userIds.length > 0) changeSignals.emit('messages', out.userIds);
    } catch (error) {
      this.log.error({ err: error, outboxId: row.id }, 'message fan-out failed');
      // Left running: its lease runs out and it is tried again, up to the last attempt.
      if (claimed.attempts >= OUTBOX_MAX_ATTEMPTS)
        await finishOutboxRow(this.db, row.id, claimed.attempts, {
          status: 'failed',
          error: String((error as Error)?.message ?? error).slice(0, 500),
          now: nowIso(),
        });
    }
    return true;
  }

  /** Sends a batch of due deliveries side by side; answers how many were attempted. */
  private async deliverDue(): Promise<number> {
    const due = await listDueDeliveries(this.db, nowIso(), DELIVERY_BATCH);
    if (due.length === 0) return 0;
    this.deliverCtx ??= secretBoxOf(this.db, this.env.QUIRE_SECRET_KEY).then((box) => ({
      box,
      allowHosts: this.env.QUIRE_FETCH_ALLOW_HOSTS,
    }));
    const ctx = await this.deliverCtx;
    let attempted = 0;
    await Promise.all(
      due.map(async (row) => {
        if (!(await claimDelivery(this.db, row, later(LEASE_MS)))) return;
        attempted++;
        try {
          await deliverWebhook(this.db, ctx, { ...row, status: 'running', attempts: row.attempts + 1 });
        } catch (error) {
          this.log.error({ err: error, deliveryId: row.id }, 'webhook delivery failed');
        }
      }),
    );
    // Rows lost to another instance still count as progress: look again.
    return Math.max(attempted, due.length);
  }

  private async prune(): Promise<void> {
    await pruneOutbox(this.db, new Date(Date.now() - OUTBOX_RETENTION_MS).toISOString());
    await pruneDeliveries(this.db, new Date(Date.now() - DELIVERY_RETENTION_MS).toISOString());
  }
}
