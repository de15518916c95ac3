import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import { RECONCILIATION_MESSAGES, totalPagesOf, type ReconciliationDiscrepancy, type ReconciliationRun } from '@ute/contract';
import { conflict, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Db } from '../../db/database';
import { admins } from '../../db/tables/auth.table';
import { reconciliationDiscrepancies, reconciliationRuns, type ReconciliationDiscrepancyKind } from '../../db/tables/payouts.table';
import type { PayoutProvider, ProviderTransfer } from './payoutProvider';
import {
  listAcceptedReceipts,
  listLedgerTransfers,
  listManualPayouts,
  type AcceptedReceipt,
  type LedgerTransfer,
  type ManualPayout,
} from './reconciliation.repository';

/** A run looks back this far: late webhooks and retries settle within it. */
export const RECONCILIATION_WINDOW_MS = 2 * 24 * 60 * 60_000;
/** Either side is read this much wider than the period, so a transfer made just across its edge is not reported missing. */
const EDGE_MS = 60 * 60_000;

type RunRow = typeof reconciliationRuns.$inferSelect;
type Found = {
  kind: ReconciliationDiscrepancyKind;
  transferId: string | null;
  payoutId: string | null;
  ledgerValue: string | null;
  stripeValue: string | null;
};

const inPeriod = (at: Date, period: { from: Date; to: Date }) => at >= period.from && at < period.to;

/**
 * Compares the ledger's Stripe transfers (succeeded Stripe payouts) with Stripe's own list for a
 * period: each transfer on one side only, and each amount, destination or reversed amount that
 * differs, is recorded as a discrepancy of the run. Payouts still pending are in flight, not compared.
 */
export function findDiscrepancies(ledger: LedgerTransfer[], stripe: ProviderTransfer[], period: { from: Date; to: Date }): Found[] {
  const found: Found[] = [];
  const stripeById = new Map(stripe.map((transfer) => [transfer.id, transfer]));
  const stripeByGroup = new Map(stripe.filter((transfer) => transfer.transferGroup).map((transfer) => [transfer.transferGroup!, transfer]));
  const matched = new Set<string>();
  for (const payout of ledger) {
    const transfer = (payout.transferId && stripeById.get(payout.transferId)) || stripeByGroup.get(payout.transferGroup);
    if (!transfer) {
      if (inPeriod(payout.createdAt, period))
        found.push({
          kind: 'missing_in_stripe',
          transferId: payout.transferId,
          payoutId: payout.payoutId,
          ledgerValue: `${payout.amountCents} cents`,
          stripeValue: null,
        });
      continue;
    }
    matched.add(transfer.id);
    const pair = { transferId: transfer.id, payoutId: payout.payoutId };
    if (transfer.amountCents !== payout.amountCents)
      found.push({ kind: 'amount', ...pair, ledgerValue: `${payout.amountCents} cents`, stripeValue: `${transfer.amountCents} cents` });
    if (payout.destination !== null && transfer.destinationAccountId !== payout.destination)
      found.push({ kind: 'destination', ...pair, ledgerValue: payout.destination, stripeValue: transfer.destinationAccountId });
    if (transfer.amountReversedCents !== payout.reversedCents)
      found.push({
        kind: 'reversed',
        ...pair,
        ledgerValue: `${payout.reversedCents} cents reversed`,
        stripeValue: `${transfer.amountReversedCents} cents reversed`,
      });
  }
  for (const transfer of stripe) {
    if (!matched.has(transfer.id) && inPeriod(transfer.createdAt, period))
      found.push({
        kind: 'missing_in_ledger',
        transferId: transfer.id,
        payoutId: null,
        ledgerValue: null,
        stripeValue: `${transfer.amountCents} cents to ${transfer.destinationAccountId}`,
      });
  }
  return found;
}

/**
 * Reconciles manual (bank) payouts against the receipts they rest on: a booking paid out by bank
 * must have been paid by its customer by bank, a receipt an admin accepted on Payment History of the
 * booking's gross, same kind (ute or job). Payments carry no booking id (the customer app records
 * them against the customer), so each payout, oldest first, takes the oldest unused receipt of its
 * customer with that kind and amount; a payout made in `period` that finds none is a discrepancy.
 * `history` is every manual payout of those customers up to the period's end, so receipts taken by
 * earlier payouts are not counted twice.
 */
export function findUnreceiptedManualPayouts(history: ManualPayout[], receipts: AcceptedReceipt[], period: { from: Date; to: Date }): Found[] {
  const unused = new Set(receipts);
  const found: Found[] = [];
  for (const payout of history) {
    const receipt = [...unused].find(
      (candidate) =>
        candidate.payerId === payout.customerId && candidate.isJob === (payout.bookingKind === 'job') && candidate.amountCents === payout.grossCents,
    );
    if (receipt) unused.delete(receipt);
    else if (inPeriod(payout.createdAt, period))
      found.push({
        kind: 'manual_without_receipt',
        transferId: null,
        payoutId: payout.payoutId,
        ledgerValue: `${payout.amountCents} cents paid by bank for ${payout.bookingRef}`,
        stripeValue: `no accepted receipt of ${payout.grossCents} cents from the customer`,
      });
  }
  return found;
}

export function createReconciliationService({ db, payouts: provider, log }: { db: Db; payouts: PayoutProvider; log: FastifyBaseLogger }) {
  async function openCountOf(runId: string): Promise<number> {
    return db.$count(reconciliationDiscrepancies, and(eq(reconciliationDiscrepancies.runId, runId), isNull(reconciliationDiscrepancies.explainedAt)));
  }

  async function toRunDto(row: RunRow & { startedBy: string | null }): Promise<ReconciliationRun> {
    return {
      id: row.id,
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      status: row.status as ReconciliationRun['status'],
      transfersChecked: row.transfersChecked,
      manualPayoutsChecked: row.manualPayoutsChecked,
      discrepancyCount: row.discrepancyCount,
      openCount: await openCountOf(row.id),
      error: row.error,
      startedBy: row.startedBy,
      createdAt: row.createdAt.toISOString(),
    };
  }

  const runColumns = { ...getTableColumns(reconciliationRuns), startedBy: admins.email };

  /** One run over the last RECONCILIATION_WINDOW_MS: the daily `stripe-reconciliation` job, or "Reconcile now" (audited). */
  async function reconcile(actor: Actor, now = new Date()): Promise<ReconciliationRun> {
    const period = { from: new Date(now.getTime() - RECONCILIATION_WINDOW_MS), to: now };
    let stripeTransfers: ProviderTransfer[] | null;
    let error: string | null = null;
    try {
      stripeTransfers = await provider.listTransfers({ from: new Date(period.from.getTime() - EDGE_MS), to: new Date(period.to.getTime() + EDGE_MS) });
    } catch (failure) {
      stripeTransfers = [];
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const ledger = await listLedgerTransfers(db, { from: new Date(period.from.getTime() - EDGE_MS), to: new Date(period.to.getTime() + EDGE_MS) });
    const manualInPeriod = await listManualPayouts(db, period);
    const customerIds = [...new Set(manualInPeriod.flatMap((payout) => (payout.customerId ? [payout.customerId] : [])))];
    const manualHistory = await listManualPayouts(db, { to: period.to, customerIds });
    const unreceipted = findUnreceiptedManualPayouts(
      [...manualHistory, ...manualInPeriod.filter((payout) => payout.customerId === null)],
      await listAcceptedReceipts(db, customerIds),
      period,
    );
    const status = stripeTransfers === null ? 'skipped' : error ? 'failed' : 'done';
    const found = [...(status === 'done' ? findDiscrepancies(ledger, stripeTransfers ?? [], period) : []), ...unreceipted];
    const run = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reconciliationRuns)
        .values({
          periodStart: period.from,
          periodEnd: period.to,
          status,
          transfersChecked: stripeTransfers?.length ?? 0,
          manualPayoutsChecked: manualInPeriod.length,
          discrepancyCount: found.length,
          error: status === 'skipped' ? 'The offline ledger provider keeps no transfers to reconcile against (no STRIPE_SECRET_KEY)' : error,
          adminId: actor.adminId,
        })
        .returning();
      if (found.length > 0) await tx.insert(reconciliationDiscrepancies).values(found.map((item) => ({ ...item, runId: row.id })));
      if (actor.adminId)
        await writeAudit(tx, actor, {
          action: 'reconciliation.run',
          targetType: 'reconciliation',
          targetId: row.id,
          after: { status, discrepancies: found.length },
        });
      return row;
    });
    if (found.length > 0 || status === 'failed') log.warn({ runId: run.id, status, discrepancies: found.length, error }, 'reconciliation found differences');
    const [withAdmin] = await db
      .select(runColumns)
      .from(reconciliationRuns)
      .leftJoin(admins, eq(admins.id, reconciliationRuns.adminId))
      .where(eq(reconciliationRuns.id, run.id));
    return toRunDto(withAdmin);
  }

  async function getRuns(query: { page: number; limit: number }) {
    const [rows, total] = await Promise.all([
      db
        .select(runColumns)
        .from(reconciliationRuns)
        .leftJoin(admins, eq(admins.id, reconciliationRuns.adminId))
        .orderBy(desc(reconciliationRuns.createdAt), desc(reconciliationRuns.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.$count(reconciliationRuns),
    ]);
    return {
      data: await Promise.all(rows.map(toRunDto)),
      totalCount: total,
      paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) },
    };
  }

  async function getRun(id: string) {
    const [run] = await db
      .select(runColumns)
      .from(reconciliationRuns)
      .leftJoin(admins, eq(admins.id, reconciliationRuns.adminId))
      .where(eq(reconciliationRuns.id, id));
    if (!run) throw notFound('Reconciliation run');
    const rows = await db
      .select({ ...getTableColumns(reconciliationDiscrepancies), explainedByEmail: admins.email })
      .from(reconciliationDiscrepancies)
      .leftJoin(admins, eq(admins.id, reconciliationDiscrepancies.explainedBy))
      .where(eq(reconciliationDiscrepancies.runId, id))
      .orderBy(reconciliationDiscrepancies.kind, reconciliationDiscrepancies.transferId);
    const discrepancies: ReconciliationDiscrepancy[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      transferId: row.transferId,
      payoutId: row.payoutId,
      ledgerValue: row.ledgerValue,
      stripeValue: row.stripeValue,
      explainedAt: row.explainedAt?.toISOString() ?? null,
      explainedBy: row.explainedByEmail,
      explanation: row.explanation,
    }));
    return { data: await toRunDto(run), discrepancies };
  }

  /** PUT reconciliation-discrepancies/{id}/explain: an admin's note on a discrepancy, once, audited. */
  async function explain(id: string, note: string, actor: Actor) {
    const explained = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(reconciliationDiscrepancies)
        .set({ explainedAt: new Date(), explainedBy: actor.adminId, explanation: note })
        .where(and(eq(reconciliationDiscrepancies.id, id), isNull(reconciliationDiscrepancies.explainedAt)))
        .returning();
      if (row)
        await writeAudit(tx, actor, {
          action: 'reconciliation.explain',
          targetType: 'reconciliation',
          targetId: row.runId,
          after: { discrepancyId: id, kind: row.kind, note },
        });
      return row;
    });
    if (explained) return { message: RECONCILIATION_MESSAGES.explained };
    const exists = await db.$count(reconciliationDiscrepancies, eq(reconciliationDiscrepancies.id, id));
    if (!exists) throw notFound('Discrepancy');
    throw conflict(RECONCILIATION_MESSAGES.alreadyExplained);
  }

  return { reconcile, getRuns, getRun, explain };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
