import type { CustomerQuery, QueryReply } from '@ute/contract';
import { DetailsDialog, StatusBadge, type BadgeTone } from '../../components/ui';
import { RecordNotes } from '../../domain';
import { formatDateTime, orNA } from '../../lib/format';

const MAIL_BADGES: Record<NonNullable<QueryReply['mailStatus']>, { label: string; tone: BadgeTone }> = {
  sent: { label: 'Mail sent', tone: 'green' },
  logged: { label: 'Mail logged (no SMTP configured)', tone: 'grey' },
  pending: { label: 'Mail not sent yet, will retry', tone: 'yellow' },
  failed: { label: 'Mail failed', tone: 'red' },
};

/** 'Query Details': the customer's query and every reply with whether its mail went out. */
export function QueryDetailsDialog({ query, onClose }: { query: CustomerQuery | null; onClose: () => void }) {
  return (
    <DetailsDialog
      open={query !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Query Details"
      fields={
        query
          ? [
              { label: 'Name', value: orNA(`${query.firstName} ${query.lastName}`) },
              { label: 'Email', value: query.email },
              { label: 'Phone', value: orNA(query.phone) },
              { label: 'Date', value: formatDateTime(query.date) },
              { label: 'Message', value: <span className="whitespace-pre-wrap">{query.message}</span> },
            ]
          : []
      }
    >
      {query && (
        <section className="mt-6" aria-labelledby="query-replies-heading">
          <h3 id="query-replies-heading" className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
            Replies
          </h3>
          {query.replyDetails.length === 0 ? (
            <p className="text-sm text-slate-700">No replies yet</p>
          ) : (
            <ol className="space-y-2">
              {query.replyDetails.map((reply) => {
                const badge = reply.mailStatus ? MAIL_BADGES[reply.mailStatus] : null;
                return (
                  <li key={reply._id} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
                    <p className="whitespace-pre-wrap text-sm text-slate-900">{reply.message}</p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      {formatDateTime(reply.createdAt)}
                      {badge && <StatusBadge label={badge.label} tone={badge.tone} />}
                    </p>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      )}
      {query && <RecordNotes recordType="query" recordId={query._id} />}
    </DetailsDialog>
  );
}
