import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database';
import { mailOutbox } from '../../db/tables/mail.table';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  /** The body carries a secret (a one-time code): it is redacted once the mail is out and kept out of production logs. */
  isSensitive?: boolean;
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
}

const MAX_ATTEMPTS = 8;
const RETRY_INTERVAL_MS = 15_000;
const DEFAULT_SENSITIVE_MAIL_TTL_MS = 10 * 60_000;
/** What a sensitive mail's body becomes once it has left (or will never leave). */
export const REDACTED_BODY = '[redacted after delivery]';

/**
 * Every mail is first written to the outbox, then sent. With no SMTP_URL the mail is only logged
 * (so the OTP flow works on a laptop); with one, a failed send stays pending and is retried.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  /** Deliveries under way in this process, by outbox id: one send per mail, and close() waits for them. */
  private readonly deliveries = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Db,
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

  /** Records the mail (inside the caller's transaction when given) and returns its outbox id. */
  async enqueue(db: DbOrTx, mail: OutgoingMail): Promise<string> {
    const [row] = await db
      .insert(mailOutbox)
      .values({ toAddress: mail.to, subject: mail.subject, body: mail.body, isSensitive: mail.isSensitive ?? false })
      .returning({ id: mailOutbox.id });
    return row.id;
  }

  /** Tries to deliver one outbox mail now; true when it left (or was logged). */
  deliver(id: string): Promise<boolean> {
    const running = this.deliveries.get(id);
    if (running) return running;
    const delivery = this.deliverNow(id).finally(() => this.deliveries.delete(id));
    this.deliveries.set(id, delivery);
    return delivery;
  }

  /**
   * Starts delivering one outbox mail on a later turn of the event loop, once the caller has
   * answered, without making anyone wait for it: an answer that waited would tell how long the SMTP
   * server took, and so whether there was a mail. A failure is logged; the mail stays for the retry.
   */
  deliverSoon(id: string): void {
    if (this.deliveries.has(id)) return;
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.deliverNow(id))
      .catch((error: unknown) => {
        this.log.warn({ err: error, mailId: id }, 'mail delivery failed; kept in the outbox for a retry');
        return false;
      })
      .finally(() => this.deliveries.delete(id));
    this.deliveries.set(id, delivery);
  }

  /** Resolves once the deliveries under way (deliver and deliverSoon) have ended. */
  async settle(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries.values()]);
  }

  private async deliverNow(id: string): Promise<boolean> {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail) return false;
    if (mail.status === 'sent' || mail.status === 'logged') return true;
    // A delivered (or abandoned) sensitive mail keeps no secret, in the same update that closes it.
    const redacted = mail.isSensitive ? { body: REDACTED_BODY } : {};
    if (mail.isSensitive && Date.now() - mail.createdAt.getTime() > (this.options.sensitiveMailTtlMs ?? DEFAULT_SENSITIVE_MAIL_TTL_MS)) {
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: 'expired before it could be sent', ...redacted })
        .where(eq(mailOutbox.id, id));
      this.log.warn({ mailId: id }, 'sensitive mail expired before it could be sent; given up and redacted');
      return false;
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
      return true;
    }
    try {
      await this.transport.sendMail({ from: this.options.from, to: mail.toAddress, subject: mail.subject, text: mail.body });
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1, lastError: null, ...redacted })
        .where(eq(mailOutbox.id, id));
      return true;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const hasGivenUp = attempts >= MAX_ATTEMPTS;
      const delayMs = Math.min(RETRY_INTERVAL_MS * 2 ** (attempts - 1), 60 * 60 * 1000);
      await this.db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: (error as Error).message.slice(0, 500),
          status: hasGivenUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + delayMs),
          ...(hasGivenUp ? redacted : {}),
        })
        .where(eq(mailOutbox.id, id));
      this.log.warn({ err: error, mailId: id, attempts }, 'mail not sent; kept in the outbox for a retry');
      return false;
    }
  }

  async send(mail: OutgoingMail): Promise<{ id: string; sent: boolean }> {
    const id = await this.enqueue(this.db, mail);
    return { id, sent: await this.deliver(id) };
  }

  /** Sends what is due in the outbox; returns how many left. */
  async retryPending(limit = 20): Promise<number> {
    const due = await this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit);
    let sent = 0;
    for (const { id } of due) if (await this.deliver(id)) sent += 1;
    return sent;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.retryPending().catch((error: unknown) => this.log.warn({ err: error }, 'outbox retry failed'));
    }, RETRY_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the retries and waits for the deliveries under way before closing the SMTP connection. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.settle();
    this.transport?.close();
  }
}
