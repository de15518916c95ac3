import { JOURNAL_KIND_LABELS, formatDateTime, type DisputeJournal } from '@ute/contract';
import { formatSignedCentsAud } from '../../lib/format';
import { ledgerAccountLabel } from './disputeView';

/** The journals a dispute wrote, line by line (a debit +, a credit -): where its money stands in the ledger. */
export function DisputeLedger({ journals }: { journals: DisputeJournal[] }) {
  if (journals.length === 0) return <p className="text-sm text-slate-700">No money has moved: Stripe withdraws nothing for an inquiry.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">The dispute&apos;s ledger journals, oldest first</caption>
      <thead className="text-xs uppercase tracking-wide text-slate-600">
        <tr>
          <th scope="col" className="py-1 pr-3">
            When
          </th>
          <th scope="col" className="py-1 pr-3">
            Journal
          </th>
          <th scope="col" className="py-1 pr-3">
            Account
          </th>
          <th scope="col" className="py-1 text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {journals.flatMap((journal) =>
          journal.lines.map((line, index) => (
            <tr key={`${journal.id}-${index}`} className="border-t border-slate-100" data-journal-kind={journal.kind}>
              <td className="whitespace-nowrap py-1 pr-3">{index === 0 ? formatDateTime(journal.createdAt) : ''}</td>
              <td className="py-1 pr-3">{index === 0 ? (JOURNAL_KIND_LABELS[journal.kind] ?? journal.kind) : ''}</td>
              <td className="py-1 pr-3">{ledgerAccountLabel(line.account)}</td>
              <td className="whitespace-nowrap py-1 text-right tabular-nums">{formatSignedCentsAud(line.amountCents)}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}
