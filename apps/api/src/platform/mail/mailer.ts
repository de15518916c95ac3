import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { sqlExecutorOf, type Db, type DbOrTx } from '../../db/database';
import { mailOutbox, type MailAttachment } from '../../db/tables/mail.table';
import type { JobQueue } from '../../lib/jobQueue';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  /** The body carries a secret (a one-time code): it is redacted once the mail is out and kept out of production logs. */
  isSensitive?: boolean;
  attachments?: MailAttachment[];
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /**
   * Whether the no-SMTP log line may show a sensitive mail's body (the OTP on a laptop). Pass
   * false in production; default true.
   */
  canLogSensitiveBodies?: boolean;
  /**
   * A sensitive mail still unsent this long after it was queued is given up and redacted: its code
   * has expired, so sending it late helps nobody and keeping it keeps a secret. Default 10 minutes.
   */
  sensitiveMailTtlMs?: number;
  /**
   * How long one send may hold its mail: longer than the SMTP timeouts, so a slow send is not
   * started again elsewhere, and like the job timeout, so a dead process's mail comes back as soon as its job.
   */
  claimSeconds: number;
}

const MAX_ATTEMPTS = 8;
const FIRST_RETRY_DELAY_SECONDS = 15;
const MAX_RETRY_DELAY_SECONDS = 60 * 60;
const DEFAULT_SENSITIVE_MAIL_TTL_MS = 10 * 60_000;
/** A pending mail this long past its time has lost its job: the job used up its own retries (each mail's job is written with the mail, and each retry's with its failure). */
const LOST_AFTER_SECONDS = 120;
type DeliveryOutcome = 'sent' | 'not-sent' | 'claimed-elsewhere';

/**
 * What enqueueCoalesced did with a mail: `held` a new mail, held for the window (with its job, due when
 * the window is over); `replaced` the held mail's text with this one; `withdrawn`
 * the held mail, as this one repeats the last mail sent under the key; `repeat` nothing, for the same
 * reason with no mail held; `not-allowed` nothing, as a new mail was needed and the caller may not send one.
 */
export type CoalescedOutcome = { kind: 'held'; mailId: string } | { kind: 'replaced' | 'withdrawn'; mailId: string } | { kind: 'repeat' | 'not-allowed' };

/** The statuses of a mail that has left, is leaving or will leave: what the recipient was (or will be) told. */
const TOLD_STATUSES = ['pending', 'sending', 'sent', 'logged'];

/** What a sensitive mail's body becomes once it has left (or will never leave). */
export const REDACTED_BODY = '[redacted after delivery]';

/**
 * Every mail is written to the outbox with its job of the `mail-delivery` queue, in the caller's
 * transaction: a process killed at any point leaves both or neither, never a mail that nothing will
 * send. One api process claims the job. Sending also claims the outbox row (status `sending`, with
 * a lease in next_attempt_at), so a mail is sent once even when two jobs or a job and a direct
 * deliver() meet on it. A failed send is retried by a later job with backoff. With no SMTP_URL the
 * mail is only logged (so the OTP flow works on a laptop).
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailerOptions,
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10000 })
      : null;
  }

  get isSmtpConfigured(): boolean {
    return this.transport !== null;
  }

  /**
   * Records the mail and its job (inside the caller's transaction when given) and returns its outbox
   * id. After commit, the caller calls startDelivery() so the job is taken now, or, with
   * `isDeliveredByCaller`, sends the mail itself with deliver(): its job is then only the backstop,
   * due once that send's claim would have run out (if the caller dies mid-send, another process sends
   * the mail then; if the send succeeds, the job finds it sent and does nothing).
   */
  async enqueue(db: DbOrTx, mail: OutgoingMail, options: { isDeliveredByCaller?: boolean } = {}): Promise<string> {
    const [row] = await db
      .insert(mailOutbox)
      .values({ toAddress: mail.to, subject: mail.subject, body: mail.body, isSensitive: mail.isSensitive ?? false, attachments: mail.attachments ?? null })
      .returning({ id: mailOutbox.id });
    await this.queueJob(db, row.id, options.isDeliveredByCaller ? this.options.claimSeconds + 5 : undefined);
    return row.id;
  }

  /** The mail's `mail-delivery` job, written on `db`'s connection: in its transaction when it is one. */
  private queueJob(db: DbOrTx, mailId: string, delaySeconds?: number): Promise<void> {
    return this.queue.send('mail-delivery', { mailId }, { delaySeconds, executor: sqlExecutorOf(db) });
  }

  /**
   * Records a mail that stands for the latest news about one thing (`key`), at most one a window:
   * when a mail of the key is still held (its window, from the first mail, not over), this one
   * replaces its text, or withdraws it if this one says again what the recipient was last sent
   * under the key (so a decision taken back sends nothing); otherwise, unless it is such a repeat,
   * a new mail is held for `windowSeconds` (only if `mayAddMail`; the caller's quota). Runs in the
   * caller's transaction, which must hold a lock on the thing (its row) so calls for one key take
   * turns. A held mail's job is written with it, due when the hold is over.
   */
  async enqueueCoalesced(db: DbOrTx, mail: OutgoingMail, options: { key: string; windowSeconds: number; mayAddMail: boolean }): Promise<CoalescedOutcome> {
    const [held] = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.coalesceKey, options.key),
          inArray(mailOutbox.status, ['pending', 'withdrawn']),
          eq(mailOutbox.attempts, 0),
          gt(mailOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .for('update');
    const [lastTold] = await db
      .select({ toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, body: mailOutbox.body })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.coalesceKey, options.key), inArray(mailOutbox.status, TOLD_STATUSES), held ? ne(mailOutbox.id, held.id) : undefined))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const isRepeat = lastTold !== undefined && lastTold.toAddress === mail.to && lastTold.subject === mail.subject && lastTold.body === mail.body;
    if (held) {
      // Locked above: a send claiming the held mail at the end of its window waits for this
      // transaction and sends this text, or claimed it first and the select found nothing held.
      await db
        .update(mailOutbox)
        .set({ toAddress: mail.to, subject: mail.subject, body: mail.body, status: isRepeat ? 'withdrawn' : 'pending' })
        .where(eq(mailOutbox.id, held.id));
      return { kind: isRepeat ? 'withdrawn' : 'replaced', mailId: held.id };
    }
    if (isRepeat) return { kind: 'repeat' };
    if (!options.mayAddMail) return { kind: 'not-allowed' };
    const [row] = await db
      .insert(mailOutbox)
      .values({
        toAddress: mail.to,
        subject: mail.subject,
        body: mail.body,
        isSensitive: mail.isSensitive ?? false,
        coalesceKey: options.key,
        nextAttemptAt: sql`now() + make_interval(secs => ${options.windowSeconds})`,
      })
      .returning({ id: mailOutbox.id });
    await this.queueJob(db, row.id, options.windowSeconds);
    return { kind: 'held', mailId: row.id };
  }

  /**
   * A `mail-delivery` job (platform/jobs/jobRegistry.ts, worked by every api process): one attempt
   * at the mail. Another process holds the mail: this job comes back later (pg-boss retries with
   * backoff) and finds it sent, or finds the claim run out because that process died.
   */
  async deliverQueued(mailId: string): Promise<void> {
    if ((await this.attempt(mailId)) === 'claimed-elsewhere') throw new Error('mail is being sent by another process; retried later');
  }

  /**
   * After the commit of mails enqueued for the queue: this process's worker takes their jobs now, not
   * at its next poll. The caller does not wait for the send: an answer that waited would tell how
   * long the SMTP server took, and so whether there was a mail.
   */
  startDelivery(): void {
    this.queue.wake('mail-delivery');
  }

  /**
   * Tries to deliver one outbox mail now, in this request; true when it left (or was logged). For a
   * mail enqueued with `isDeliveredByCaller` (its backstop job sends it should this process die).
   */
  async deliver(id: string): Promise<boolean> {
    return (await this.attempt(id)) === 'sent';
  }

  /** Resolves once no outbox mail is due or being sent (tests; waits at most `timeoutMs`). */
  async settle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [row] = await this.db
        .select({ waiting: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(or(eq(mailOutbox.status, 'sending'), and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`))));
      if (row.waiting === 0) return;
      this.queue.wake('mail-delivery');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Claims the mail for this process for one send (and the timeouts around it); null when it is not
   * ours to send. A held mail (coalesced, never tried) is not sent before its hold is over, whoever asks.
   */
  private async claim(id: string) {
    const isDue = or(isNull(mailOutbox.coalesceKey), gt(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, sql`now()`));
    const [mail] = await this.db
      .update(mailOutbox)
      .set({ status: 'sending', nextAttemptAt: sql`now() + make_interval(secs => ${this.options.claimSeconds})` })
      .where(
        and(
          eq(mailOutbox.id, id),
          or(and(eq(mailOutbox.status, 'pending'), isDue), and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.nextAttemptAt, sql`now()`))),
        ),
      )
      .returning();
    return mail ?? null;
  }

  /**
   * One delivery attempt: `sent` when the mail has left (now or before), `claimed-elsewhere` when
   * another delivery holds it, `not-sent` otherwise (kept for a retry, or given up). Never throws
   * for an SMTP failure.
   */
  private async attempt(id: string): Promise<DeliveryOutcome> {
    const mail = await this.claim(id);
    if (!mail) {
      const [current] = await this.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
      if (current?.status === 'sent' || current?.status === 'logged') return 'sent';
      return current?.status === 'sending' ? 'claimed-elsewhere' : 'not-sent';
    }
    // A delivered (or abandoned) sensitive mail keeps no secret, in the same update that closes it.
    const redacted = mail.isSensitive ? { body: REDACTED_BODY } : {};
    if (mail.isSensitive && Date.now() - mail.createdAt.getTime() > (this.options.sensitiveMailTtlMs ?? DEFAULT_SENSITIVE_MAIL_TTL_MS)) {
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: 'expired before it could be sent', ...redacted })
        .where(eq(mailOutbox.id, id));
      this.log.warn({ mailId: id }, 'sensitive mail expired before it could be sent; given up and redacted');
      return 'not-sent';
    }
    if (!this.transport) {
      const canLogBody = !mail.isSensitive || (this.options.canLogSensitiveBodies ?? true);
      if (canLogBody) this.log.info({ mailTo: mail.toAddress, subject: mail.subject, body: mail.body }, 'mail (no SMTP_URL set): logged, not sent');
      else
        this.log.info({ mailTo: mail.toAddress, subject: mail.subject }, 'mail (no SMTP_URL set): not sent; its body is sensitive and withheld from the log');
      await this.db
        .update(mailOutbox)
        .set({ status: 'logged', sentAt: new Date(), ...redacted })
        .where(eq(mailOutbox.id, id));
      return 'sent';
    }
    try {
      // The outbox id as Message-ID: a receiving server can tell a resend after a crash from a new mail.
      await this.transport.sendMail({
        from: this.options.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.body,
        attachments: mail.attachments?.map(({ filename, contentType, contentBase64 }) => ({
          filename,
          contentType,
          content: contentBase64,
          encoding: 'base64',
        })),
        messageId: `<${id}@ute-backoffice>`,
      });
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1, lastError: null, ...redacted })
        .where(eq(mailOutbox.id, id));
      return 'sent';
    } catch (error) {
      const attempts = mail.attempts + 1;
      const hasGivenUp = attempts >= MAX_ATTEMPTS;
      const delaySeconds = Math.min(FIRST_RETRY_DELAY_SECONDS * 2 ** (attempts - 1), MAX_RETRY_DELAY_SECONDS);
      // The row goes back to pending with its retry's job in one transaction, as in enqueue: a kill
      // between the two would leave the retry to the sweep, minutes late.
      await this.db.transaction(async (tx) => {
        await tx
          .update(mailOutbox)
          .set({
            attempts,
            lastError: (error as Error).message.slice(0, 500),
            status: hasGivenUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(Date.now() + delaySeconds * 1000),
            ...(hasGivenUp ? redacted : {}),
          })
          .where(eq(mailOutbox.id, id));
        if (!hasGivenUp) await this.queueJob(tx, id, delaySeconds);
      });
      this.log.warn({ err: error, mailId: id, attempts }, 'mail not sent; kept in the outbox for a retry');
      return 'not-sent';
    }
  }

  /**
   * The `mail-sweep` job (every minute): queues a job again for mails whose job is gone: pending long
   * past their time (the job used up its own retries, or the mail was written before jobs were written
   * with it), or claimed by a process that died (the claim ran out). The claim makes a duplicate job
   * harmless.
   */
  async requeueLostMails(limit = 100): Promise<number> {
    const lost = await this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now() - make_interval(secs => ${LOST_AFTER_SECONDS})`)),
          and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit);
    for (const { id } of lost) await this.queue.send('mail-delivery', { mailId: id });
    if (lost.length > 0) this.log.info({ mails: lost.length }, 'lost mail jobs queued again');
    return lost.length;
  }

  /** Closes the SMTP connection (the queue is stopped first). */
  close(): Promise<void> {
    this.transport?.close();
    return Promise.resolve();
  }
}
