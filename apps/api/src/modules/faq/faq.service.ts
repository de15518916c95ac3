import { faqMessages, type Faq, type FaqBody, type FaqUpdateBody } from '@ute/contract';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import * as repo from './faq.repository';

export interface FaqServiceDeps {
  db: Db;
}

export function createFaqService({ db }: FaqServiceDeps) {
  async function list(): Promise<Faq[]> {
    return (await repo.listFaqs(db)).map(repo.toFaqDto);
  }

  async function get(id: string): Promise<Faq> {
    const row = await repo.findFaqById(db, id);
    if (!row) throw notFound('FAQ');
    return repo.toFaqDto(row);
  }

  async function create(body: FaqBody, actor: Actor): Promise<Faq> {
    return db.transaction(async (tx) => {
      const row = await repo.insertFaq(tx, { question: body.question, answer: body.answer });
      const dto = repo.toFaqDto(row);
      await writeAudit(tx, actor, { action: 'faq.create', targetType: 'faq', targetId: row.id, after: dto });
      return dto;
    });
  }

  async function update(id: string, body: FaqUpdateBody, actor: Actor): Promise<Faq> {
    if (body.id !== undefined && body.id !== id) {
      throw badRequest(faqMessages.idMismatch, [{ path: 'id', message: faqMessages.idMismatch }]);
    }
    return db.transaction(async (tx) => {
      const before = await repo.findFaqById(tx, id, { forUpdate: true });
      if (!before) throw notFound('FAQ');
      await assertUnchanged(tx, actor, { version: before.version, id, targetType: 'faq' });
      const row = await repo.updateFaq(tx, id, { question: body.question, answer: body.answer });
      if (!row) throw notFound('FAQ');
      const dto = repo.toFaqDto(row);
      await writeAudit(tx, actor, { action: 'faq.update', targetType: 'faq', targetId: id, before: repo.toFaqDto(before), after: dto });
      return dto;
    });
  }

  async function remove(id: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const live = await repo.findFaqById(tx, id, { forUpdate: true });
      if (!live) throw notFound('FAQ');
      await assertUnchanged(tx, actor, { version: live.version, id, targetType: 'faq' });
      const row = await repo.markFaqDeleted(tx, id);
      if (!row) throw notFound('FAQ');
      await writeAudit(tx, actor, { action: 'faq.delete', targetType: 'faq', targetId: id, before: repo.toFaqDto(row) });
    });
  }

  return { list, get, create, update, remove };
}

export type FaqService = ReturnType<typeof createFaqService>;
