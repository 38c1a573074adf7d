import type { FeedEvent } from '../monitoring/index.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../providers/mailer/mailer.js';
import { digestMail, immediateMail, type AlertBrand, type AlertEvent } from './alert-mails.js';
import { duePeriod, isImmediate, type DigestPeriod } from './alert-rules.js';
import * as repo from './alerts.repo.js';

export interface AlertsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface AlertsServiceDeps {
  db: Db;
  /** Monitoring's event feed (its public surface). */
  feed: { eventsAfter(afterSeq: number, limit: number): Promise<FeedEvent[]> };
  mailer: Pick<Mailer, 'send'>;
  brand: AlertBrand;
  config: { digestHour: number; leaseSeconds: number };
  log: AlertsLog;
  now?: () => Date;
}

/** Events taken in per transaction, and mails claimed per round. */
const INTAKE_BATCH = 200;
const SEND_BATCH = 20;
/** Rounds per tick, so that one tick ends; the next tick goes on. */
const MAX_ROUNDS = 25;
const DIGEST_USERS_PER_ROUND = 50;
/** Tries of a mail before it is given up, the wait doubling from a minute (about 8.5 hours in all). */
const MAX_ATTEMPTS = 10;
const SENT_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

function alertEvent(f: FeedEvent): AlertEvent {
  const e = f.event;
  return {
    type: e.type,
    companyName: e.company_name,
    fiscalNumber: e.fiscal_number,
    oldValue: e.old_value,
    newValue: e.new_value,
    detectedAt: new Date(e.detected_at),
    portfolioId: e.portfolio_id,
    reportId: e.report_id ?? null,
  };
}

/**
 * E-mail for monitoring events, through an outbox so that a killed process loses and repeats
 * nothing:
 * 1. intake: the events after the stored cursor become outbox mails (urgent ones, key
 *    alert:<event id>) or digest items, and the cursor moves, in one transaction;
 * 2. digests: once a period is due, a user's waiting items become one outbox mail (key
 *    digest:<user>:<frequency>:<period start>) and are marked, in one transaction;
 * 3. delivery: mails are claimed with a lease (SKIP LOCKED) and marked sent after the SMTP server
 *    accepted them; a mail whose sender died is claimed again once its lease has run out.
 * Immediate alerts are not repeated in digests (neither listed nor counted).
 */
export class AlertsService {
  private readonly now: () => Date;
  private lastPrune = 0;

  constructor(private readonly deps: AlertsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** One round of all three steps; any instance may run it at any time. */
  async tick(): Promise<void> {
    for (let i = 0; i < MAX_ROUNDS && (await this.intake()) > 0; i++);
    await this.queueDigests();
    for (let i = 0; i < MAX_ROUNDS && (await this.deliver()) > 0; i++);
    const now = this.now().getTime();
    if (Math.abs(now - this.lastPrune) >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await repo.pruneSent(this.deps.db, new Date(now - SENT_KEPT_MS));
    }
  }

  /** Takes in the next events after the cursor; how many (0: none, or another instance moved the cursor first). */
  async intake(): Promise<number> {
    const { db, feed, brand } = this.deps;
    const from = await repo.readCursor(db);
    // Read before the transaction: on PGlite a query outside an open transaction waits for it.
    const events = await feed.eventsAfter(from, INTAKE_BATCH);
    if (events.length === 0) return 0;
    const people = await repo.recipients(db, [...new Set(events.map((e) => e.userId))]);
    const mails: repo.NewOutboxMail[] = [];
    const items: repo.NewDigestItem[] = [];
    for (const f of events) {
      const person = people.get(f.userId);
      if (!person) continue; // the account is gone
      if (isImmediate(f.event)) {
        // A mail that cannot be written is left out, not retried on every tick: the others go on
        // (the event stays in the user's inbox).
        try {
          mails.push({ key: `alert:${f.event.id}`, userId: f.userId, recipient: person.email, ...immediateMail(brand, person.locale, person.firstName, alertEvent(f)) });
        } catch (err) {
          this.deps.log.warn({ event: f.event.id, err: errorText(err) }, 'alert e-mail could not be written');
        }
      } else {
        const e = f.event;
        items.push({
          eventId: e.id,
          userId: f.userId,
          seq: f.seq,
          portfolioId: e.portfolio_id,
          reportId: e.report_id ?? null,
          fiscalNumber: e.fiscal_number,
          companyName: e.company_name,
          type: e.type,
          oldValue: e.old_value,
          newValue: e.new_value,
          detectedAt: new Date(e.detected_at),
        });
      }
    }
    const now = this.now();
    const last = events[events.length - 1]!.seq;
    const moved = await db.transaction(async (tx) => {
      // Another instance took these events in meanwhile: leave them to it.
      if ((await repo.lockCursor(tx)) !== from) return false;
      await repo.insertOutbox(tx, mails, now);
      await repo.insertDigestItems(tx, items);
      await repo.moveCursor(tx, last, now);
      return true;
    });
    return moved ? events.length : 0;
  }

  /** Makes the digests that are due: the last daily or weekly period, per user with waiting events. */
  async queueDigests(): Promise<void> {
    const { db, config } = this.deps;
    const now = this.now();
    await repo.dropItemsOfUsersWithoutDigest(db);
    for (const frequency of ['daily', 'weekly'] as const) {
      const period = duePeriod(now, frequency, config.digestHour);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const due = await repo.usersDueDigest(db, frequency, period.end, period.label, DIGEST_USERS_PER_ROUND);
        if (due.length === 0) break;
        for (const userId of due) {
          // One user's digest that cannot be written holds up no one else's.
          await this.queueDigest(userId, period, now).catch((err: unknown) => this.deps.log.warn({ userId, err: errorText(err) }, 'digest could not be written'));
        }
      }
    }
  }

  private async queueDigest(userId: string, period: DigestPeriod, now: Date): Promise<void> {
    const { db, brand } = this.deps;
    const person = (await repo.recipients(db, [userId])).get(userId);
    if (!person) return;
    const key = `digest:${userId}:${period.label}`;
    await db.transaction(async (tx) => {
      const items = await repo.lockPendingItems(tx, userId, period.end);
      if (items.length === 0) return;
      const mail = digestMail(brand, person.locale, person.firstName, period, items);
      // Made once per user and period: another instance's (or an earlier tick's) digest stands.
      if (await repo.insertOutbox(tx, [{ key, userId, recipient: person.email, ...mail }], now)) {
        await repo.markItemsDigested(tx, items.map((i) => i.eventId), key);
      }
    });
  }

  /** Claims up to a batch of mails and sends them; how many were claimed. */
  async deliver(): Promise<number> {
    const claimed = await this.claim();
    for (const mail of claimed) await this.send(mail);
    return claimed.length;
  }

  /** Takes mails to send, held for the lease (the next step is send; a process dying between them leaves them to the lease). */
  async claim(n = SEND_BATCH): Promise<repo.OutboxRow[]> {
    const now = this.now();
    return repo.claimOutbox(this.deps.db, n, now, new Date(now.getTime() + this.deps.config.leaseSeconds * 1000));
  }

  async send(mail: repo.OutboxRow): Promise<void> {
    const { db, mailer, log } = this.deps;
    const leaseUntil = mail.leaseUntil!;
    // Too close to the end of the lease: another instance may take it over while we send.
    const margin = Math.min(30_000, (this.deps.config.leaseSeconds * 1000) / 4);
    if (this.now().getTime() > leaseUntil.getTime() - margin) return;
    try {
      await mailer.send({ to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (err) {
      const now = this.now();
      const failed = mail.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(now.getTime() + 60_000 * 2 ** Math.min(mail.attempts - 1, 8));
      log.warn({ mail: mail.key, attempts: mail.attempts, err: errorText(err) }, failed ? 'alert e-mail given up' : 'alert e-mail will be retried');
      await repo.markFailed(db, mail.id, leaseUntil, errorText(err), retryAt, failed, now);
      return;
    }
    await repo.markSent(db, mail.id, leaseUntil, this.now());
    log.info({ mail: mail.key }, 'alert e-mail sent');
  }
}
