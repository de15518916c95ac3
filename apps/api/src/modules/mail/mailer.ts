import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/database';
import { mailOutbox } from './mail.table';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

const MAX_ATTEMPTS = 8;
const RETRY_INTERVAL_MS = 15_000;

/**
 * Every mail is first written to the outbox, then sent. With no SMTP_URL the mail is only logged
 * (so the OTP flow works on a laptop); with one, a failed send stays pending and is retried.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl?: string; from: string },
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
      .values({ toAddress: mail.to, subject: mail.subject, body: mail.body })
      .returning({ id: mailOutbox.id });
    return row.id;
  }

  /** Tries to deliver one outbox mail now; true when it left (or was logged). */
  async deliver(id: string): Promise<boolean> {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail) return false;
    if (mail.status === 'sent' || mail.status === 'logged') return true;
    if (!this.transport) {
      this.log.info({ mailTo: mail.toAddress, subject: mail.subject, body: mail.body }, 'mail (no SMTP_URL set): logged, not sent');
      await this.db.update(mailOutbox).set({ status: 'logged', sentAt: new Date() }).where(eq(mailOutbox.id, id));
      return true;
    }
    try {
      await this.transport.sendMail({ from: this.options.from, to: mail.toAddress, subject: mail.subject, text: mail.body });
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, id));
      return true;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const delayMs = Math.min(RETRY_INTERVAL_MS * 2 ** (attempts - 1), 60 * 60 * 1000);
      await this.db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: (error as Error).message.slice(0, 500),
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + delayMs),
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

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.transport?.close();
  }
}
