import type { OutboundMessageRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/trail.js';
import { appendAudit } from '../audit/trail.js';
import type { ChannelAdapters, OutgoingMessage } from './channels/channel.js';
import { ChannelFailure } from './channels/channel.js';
import * as repo from './sender-repo.js';
import { storeError } from './stored-error.js';

const MINUTE = 60_000;

export interface SenderOptions {
  /** How long an idle sender waits before looking for due messages again. */
  pollMs: number;
  /**
   * A message `sending` for longer than this lost its sender (it died between claiming and recording) and
   * becomes `unconfirmed`. Longer than any adapter's timeouts, so a live sender always records first.
   */
  leaseMs: number;
  /** Wait before each further attempt after a temporary failure; the last value repeats. */
  backoffMs: readonly number[];
  /** Attempts after which a message that keeps failing for the time being is `failed`. */
  maxAttempts: number;
  warn(message: string): void;
}

export const DEFAULT_SENDER_OPTIONS: Omit<SenderOptions, 'warn'> = {
  pollMs: 5000,
  leaseMs: 5 * MINUTE,
  backoffMs: [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE],
  maxAttempts: 5,
};

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
  unconfirmed: number;
}

/** The outcome audit rows are the platform's own: no user acts when a queued message is sent. */
async function auditOutcome(trx: Executor, row: OutboundMessageRow, action: 'message.sent' | 'message.failed' | 'message.unconfirmed', error: string | null): Promise<void> {
  await appendAudit(trx, {
    actorId: null,
    actorUsername: null,
    action,
    entityType: 'outbound_message',
    entityId: row.id,
    projectId: row.project_id,
    env: row.env,
    newValue: {
      channel: row.channel,
      kind: row.kind,
      recipientUserId: row.recipient_user_id,
      recipientSubjectId: row.recipient_subject_id,
      attempts: row.attempts,
      ...(error === null ? {} : { error: JSON.parse(error) as unknown }),
    },
    ip: null,
  });
}

function outgoing(row: OutboundMessageRow): OutgoingMessage {
  const payload = typeof row.payload === 'object' && row.payload !== null ? (row.payload as Record<string, unknown>) : {};
  return { id: row.id, kind: row.kind, address: row.address, language: row.language, subject: row.subject, body: row.body, payload };
}

/**
 * Sends the outbox (docs/decisions.md "Message sending"): claims one due message at a time (its claim
 * commits before anything leaves), hands it to its channel's adapter and records the outcome: `sent`,
 * `queued` again with a later attempt time after a temporary failure, or `failed` when the failure is
 * permanent or the attempts are spent. A message whose sender died between claiming and recording is
 * `unconfirmed` once its lease runs out and is never sent again by itself: it may have left, and a message
 * must not reach its receiver twice. Any number of senders may run against one database.
 *
 * `start` runs the loop (the server does at start-up) and `wake` makes it look now (a message was queued);
 * tests call `drain`, which sends everything due and returns. An adapter that throws anything but a
 * ChannelFailure leaves its message's outcome unknown: the pass stops there as if the sender had died, and
 * the lease makes the message `unconfirmed`.
 */
export class MessageSender {
  private readonly options: SenderOptions;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly adapters: ChannelAdapters,
    options: Partial<SenderOptions> = {},
  ) {
    this.options = { ...DEFAULT_SENDER_OPTIONS, warn: (message) => console.warn(message), ...options };
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  /** Stops after the message in hand is recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Looks for due messages now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Marks expired claims `unconfirmed`, then sends every due message; resolves when none is left. */
  async drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0, unconfirmed: await this.expireLeases() };
    for (;;) {
      const row = await repo.claimDue(this.deps.db, this.deps.clock.now());
      if (!row) return result;
      const status = await this.send(row);
      if (status === 'sent') result.sent += 1;
      else if (status === 'queued') result.retried += 1;
      else if (status === 'failed') result.failed += 1;
      if (this.stopping) return result;
    }
  }

  /** Claims left `sending` past the lease become `unconfirmed`, each with its audit row. */
  async expireLeases(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - this.options.leaseMs);
    const error = storeError({ code: 'message.sender_stopped', params: {}, detail: null });
    return this.deps.db.transaction().execute(async (trx) => {
      const expired = await repo.expireLeases(trx, cutoff, error);
      for (const row of expired) await auditOutcome(trx, row, 'message.unconfirmed', error);
      return expired.length;
    });
  }

  private async send(row: OutboundMessageRow): Promise<repo.Outcome['status'] | null> {
    let outcome: repo.Outcome;
    try {
      await this.adapters[row.channel].send(outgoing(row));
      outcome = { status: 'sent', sentAt: this.deps.clock.now() };
    } catch (error) {
      if (!(error instanceof ChannelFailure)) throw error;
      const stored = storeError({ code: error.code, params: error.params, detail: error.detail });
      if (error.permanent || row.attempts >= this.options.maxAttempts) outcome = { status: 'failed', error: stored };
      else {
        const { backoffMs } = this.options;
        const wait = backoffMs[Math.min(row.attempts - 1, backoffMs.length - 1)] ?? MINUTE;
        // Counted from the attempt's start, so the schedule does not drift with how long a refusal took.
        outcome = { status: 'queued', nextAttemptAt: new Date((row.claimed_at ?? this.deps.clock.now()).getTime() + wait), error: stored };
      }
    }
    return this.deps.db.transaction().execute(async (trx) => {
      const recorded = await repo.recordOutcome(trx, row.id, row.attempts, outcome);
      if (!recorded) return null;
      // A retry is visible on the row (attempts, next attempt, last error); the audit trail keeps the ends.
      if (outcome.status === 'sent') await auditOutcome(trx, recorded, 'message.sent', null);
      if (outcome.status === 'failed') await auditOutcome(trx, recorded, 'message.failed', outcome.error);
      return outcome.status;
    });
  }

  private async run(): Promise<void> {
    while (!this.isStopping()) {
      this.woken = false;
      try {
        await this.drain();
      } catch (error) {
        this.options.warn(`message sender: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!this.isStopping() && !this.wasWoken()) await this.sleep(this.options.pollMs);
    }
  }

  private isStopping(): boolean {
    return this.stopping;
  }

  private wasWoken(): boolean {
    return this.woken;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wakeUp = done;
    });
  }
}
