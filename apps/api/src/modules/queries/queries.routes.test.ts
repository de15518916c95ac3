import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { mailOutbox } from '../../db/tables/mail.table';
import { createCustomerQuery, createQueryReply } from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtpCapture';
import { createSeededTestAppWithSmtp, createTestApp, type TestApp } from '../../test/testApp';

interface ListedQuery {
  _id: string;
  email: string;
  date: string;
  message: string;
  replies: string[];
  replyDetails: { _id: string; message: string; mailStatus: string | null; isSent: boolean; sentAt: string | null }[];
}

describe('queries api', () => {
  let t: TestApp & { smtp: SmtpCapture };
  let smtp: SmtpCapture;
  beforeAll(async () => {
    t = await createSeededTestAppWithSmtp();
    smtp = t.smtp;
  });
  afterAll(() => t.close());

  const auditRows = (targetId: string) =>
    queryRows<{ action: string; after: Record<string, unknown> | null }>(
      t.database.db,
      sql`select action, after from audit_log where target_type = 'customer_query' and target_id = ${targetId} order by id`,
    );
  const replyCount = async (queryId: string) =>
    (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from query_replies where query_id = ${queryId}`))[0].count;
  const findListed = async (id: string): Promise<ListedQuery | undefined> =>
    (await t.request({ method: 'GET', url: '/all-queries?limit=100' })).json().queries.find((query: ListedQuery) => query._id === id);
  /** A query of Quinn Asker's, of its own for one test. */
  const createQuery = async (email?: string) => (await createCustomerQuery(t.database.db, email ? { email } : {})).id;

  describe('GET /api/admin/all-queries', () => {
    it('answers 10 queries, newest first, with totalPages, totalCount and replies', async () => {
      const response = await t.request({ method: 'GET', url: '/all-queries' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const [{ count }] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from customer_queries where deleted_at is null`);
      expect(body.totalCount).toBe(count);
      expect(body.totalPages).toBe(Math.ceil(count / 10));
      expect(body.queries).toHaveLength(10);
      const dates = body.queries.map((query: ListedQuery) => query.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(Object.keys(body.queries[0]).sort()).toEqual([
        '_id',
        'date',
        'email',
        'firstName',
        'lastName',
        'message',
        'phone',
        'replies',
        'replyDetails',
        'version',
        'workItem',
      ]);
    });

    it('sorts oldest first with sort=oldest', async () => {
      const body = (await t.request({ method: 'GET', url: '/all-queries?sort=oldest&limit=100' })).json();
      const dates = body.queries.map((query: ListedQuery) => query.date);
      expect([...dates].sort()).toEqual(dates);
      const latest = (await t.request({ method: 'GET', url: '/all-queries?sort=latest&limit=100' })).json();
      expect(latest.queries.map((query: ListedQuery) => query._id)).toEqual(body.queries.map((query: ListedQuery) => query._id).reverse());
    });

    it('lists the reply texts, oldest first, with each reply mail state', async () => {
      const repliedId = await createQuery();
      const answeredAt = Date.now();
      await createQueryReply(t.database.db, {
        queryId: repliedId,
        message: 'Thanks for getting in touch. We have looked into this and will update you within one business day.',
        createdAt: new Date(answeredAt - 60_000),
      });
      await createQueryReply(t.database.db, {
        queryId: repliedId,
        message: 'This is now sorted. Let us know if there is anything else we can help with.',
        createdAt: new Date(answeredAt),
      });
      const quietId = await createQuery();
      const query = await findListed(repliedId);
      expect(query?.replies).toEqual([
        'Thanks for getting in touch. We have looked into this and will update you within one business day.',
        'This is now sorted. Let us know if there is anything else we can help with.',
      ]);
      expect(query?.replyDetails).toHaveLength(2);
      expect(query?.replyDetails[0]).toMatchObject({ mailStatus: null, isSent: false });
      const noReplies = await findListed(quietId);
      expect(noReplies?.replies).toEqual([]);
    });

    it('searches by email, case-insensitively, and pages', async () => {
      const id = await createQuery('Findable.Customer@example.com.au');
      const body = (await t.request({ method: 'GET', url: '/all-queries?email=FINDABLE' })).json();
      expect(body.totalCount).toBe(1);
      expect(body.queries[0]._id).toBe(id);
      const none = (await t.request({ method: 'GET', url: '/all-queries?email=%25%25' })).json();
      expect(none).toEqual({ queries: [], totalPages: 1, totalCount: 0 });
      const second = (await t.request({ method: 'GET', url: '/all-queries?page=2&limit=5' })).json();
      expect(second.queries).toHaveLength(5);
    });

    it('finds a whole address, looked up by the part before its @ and checked whole', async () => {
      const id = await createQuery('Whole.Address@Example.com.au');
      const search = (email: string) =>
        t.request({ method: 'GET', url: `/all-queries?email=${encodeURIComponent(email)}` }).then((response) => response.json());
      const whole = await search('whole.address@EXAMPLE.com.au');
      expect(whole.totalCount).toBe(1);
      expect(whole.queries[0]._id).toBe(id);
      expect((await search('whole.address@other.com.au')).totalCount).toBe(0);
    });

    it('rejects a bad sort, page or limit with 400', async () => {
      const sort = await t.request({ method: 'GET', url: '/all-queries?sort=newest' });
      expect(sort.statusCode).toBe(400);
      expect(sort.json().message).toBe('sort must be latest or oldest');
      const page = await t.request({ method: 'GET', url: '/all-queries?page=abc' });
      expect(page.statusCode).toBe(400);
      const limit = await t.request({ method: 'GET', url: '/all-queries?limit=0' });
      expect(limit.statusCode).toBe(400);
      expect(limit.json().message).toBe('limit must be 1 or more');
    });
  });

  describe('PATCH /api/admin/reply-query', () => {
    it('stores the reply, mails it to the customer over SMTP and audits once', async () => {
      const id = await createQuery('reply.me@example.com.au');
      const response = await t.request({
        method: 'PATCH',
        url: '/reply-query',
        payload: { queryId: id, reply: '  Yes, we have a HiLux with a tow bar free on Saturday — see you then.  ' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Reply sent successfully', isSent: true });

      const mail = await smtp.waitForMail((received) => received.to.includes('reply.me@example.com.au'));
      expect(mail.subject).toBe('Re: your enquiry');
      expect(mail.text).toContain('Hi Quinn,');
      expect(mail.text).toContain('Yes, we have a HiLux with a tow bar free on Saturday — see you then.');
      expect(mail.text).toContain('Can I hire a ute with a tow bar this weekend please?');

      const listed = await findListed(id);
      expect(listed?.replies).toEqual(['Yes, we have a HiLux with a tow bar free on Saturday — see you then.']);
      expect(listed?.replyDetails[0]).toMatchObject({ mailStatus: 'sent', isSent: true });
      expect(listed?.replyDetails[0].sentAt).toBeTruthy();
      const audit = await auditRows(id);
      expect(audit.map((row) => row.action)).toEqual(['query.reply']);
      expect(audit[0].after).toMatchObject({ message: 'Yes, we have a HiLux with a tow bar free on Saturday — see you then.' });
    });

    it('rejects a blank or whitespace reply with 400 "Please enter a reply message" and stores nothing', async () => {
      const id = await createQuery();
      const before = await replyCount(id);
      const mailsBefore = smtp.mails.length;
      for (const payload of [{ queryId: id, reply: '' }, { queryId: id, reply: '   \n\t ' }, { queryId: id }]) {
        const response = await t.request({ method: 'PATCH', url: '/reply-query', payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please enter a reply message');
      }
      expect(await replyCount(id)).toBe(before);
      expect(smtp.mails.length).toBe(mailsBefore);
      expect(await auditRows(id)).toHaveLength(0);
    });

    it('rejects a bad queryId with 400', async () => {
      const response = await t.request({ method: 'PATCH', url: '/reply-query', payload: { queryId: 'nope', reply: 'Hello' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('queryId must be a valid id');
      const tooLong = await t.request({ method: 'PATCH', url: '/reply-query', payload: { queryId: await createQuery(), reply: 'x'.repeat(5001) } });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe('Reply must be at most 5000 characters');
    });

    it('answers 404 for an unknown or deleted query', async () => {
      const unknown = await t.request({ method: 'PATCH', url: '/reply-query', payload: { queryId: randomUUID(), reply: 'Hello' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Query not found' });
      const id = await createQuery('deleted.before.reply@example.com.au');
      expect((await t.request({ method: 'PUT', url: `/delete-queries/${id}` })).statusCode).toBe(200);
      const deleted = await t.request({ method: 'PATCH', url: '/reply-query', payload: { queryId: id, reply: 'Hello' } });
      expect(deleted.statusCode).toBe(404);
      expect(await replyCount(id)).toBe(0);
    });
  });

  describe('PUT /api/admin/delete-queries/:id', () => {
    it('marks the query deleted, hides it from the list and audits once', async () => {
      const id = await createQuery('delete.me@example.com.au');
      const response = await t.request({ method: 'PUT', url: `/delete-queries/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Query deleted successfully' });
      expect((await t.request({ method: 'GET', url: '/all-queries?email=delete.me' })).json().totalCount).toBe(0);
      const [row] = await queryRows<{ deleted_at: string | null }>(t.database.db, sql`select deleted_at from customer_queries where id = ${id}`);
      expect(row.deleted_at).not.toBeNull();
      expect((await auditRows(id)).map((entry) => entry.action)).toEqual(['query.delete']);
    });

    it('answers 404 for a second delete and for an unknown id', async () => {
      const id = await createQuery('delete.twice@example.com.au');
      expect((await t.request({ method: 'PUT', url: `/delete-queries/${id}` })).statusCode).toBe(200);
      const second = await t.request({ method: 'PUT', url: `/delete-queries/${id}` });
      expect(second.statusCode).toBe(404);
      expect(second.json()).toEqual({ message: 'Query not found' });
      expect((await t.request({ method: 'PUT', url: `/delete-queries/${randomUUID()}` })).statusCode).toBe(404);
      expect(await auditRows(id)).toHaveLength(1);
    });

    it('rejects a bad id with 400', async () => {
      const response = await t.request({ method: 'PUT', url: '/delete-queries/abc' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('id must be a valid id');
    });
  });
});

describe('PATCH /api/admin/reply-query with the SMTP server down', () => {
  let t: TestApp;
  let port: number;
  let smtp: SmtpCapture | null = null;
  beforeAll(async () => {
    // A port that was just free: nothing listens there until the capture starts below.
    const probe = await startSmtpCapture();
    port = probe.port;
    await probe.close();
    t = await createTestApp({ seeded: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('keeps the reply, leaves the mail pending in the outbox, says so, and the retry sends it later', async () => {
    const { id: queryId } = await createCustomerQuery(t.database.db);
    const response = await t.request({ method: 'PATCH', url: '/reply-query', payload: { queryId, reply: 'We will call you back tomorrow morning.' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Reply saved, but the mail could not be sent yet; it will be retried', isSent: false });

    const [stored] = await queryRows<{ message: string; status: string; attempts: number; to_address: string }>(
      t.database.db,
      sql`select r.message, m.status, m.attempts, m.to_address from query_replies r join mail_outbox m on m.id = r.mail_id
          where r.query_id = ${queryId} and r.mail_id is not null`,
    );
    expect(stored).toMatchObject({ message: 'We will call you back tomorrow morning.', status: 'pending', attempts: 1 });
    const listed = (await t.request({ method: 'GET', url: '/all-queries?limit=100' })).json().queries.find((query: ListedQuery) => query._id === queryId);
    expect(listed.replies).toContain('We will call you back tomorrow morning.');
    expect(listed.replyDetails.at(-1)).toMatchObject({ mailStatus: 'pending', isSent: false, sentAt: null });
    const [audit] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from audit_log where action = 'query.reply' and target_id = ${queryId}`,
    );
    expect(audit.count).toBe(1);

    // The SMTP server comes back, and the retry job of the kept mail is lost: the sweep queues it again.
    smtp = await startSmtpCapture({ port });
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '5 minutes'` })
      .where(eq(mailOutbox.status, 'pending'));
    expect(await t.app.ctx.mailer.requeueLostMails()).toBe(1);
    await t.app.ctx.mailer.settle();
    const mail = await smtp.waitForMail();
    expect(mail.to).toEqual([stored.to_address]);
    expect(mail.text).toContain('We will call you back tomorrow morning.');
    const after = (await t.request({ method: 'GET', url: '/all-queries?limit=100' })).json().queries.find((query: ListedQuery) => query._id === queryId);
    expect(after.replyDetails.at(-1)).toMatchObject({ mailStatus: 'sent', isSent: true });
  });
});
