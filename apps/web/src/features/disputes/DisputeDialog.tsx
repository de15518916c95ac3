import type { ReactNode } from 'react';
import { DISPUTE_EVIDENCE_FIELD_NAMES, DISPUTE_EVIDENCE_FIELDS, formatCentsAud, formatDateTime, type Dispute } from '@ute/contract';
import { Modal, Spinner, StatusBadge } from '../../components/ui';
import { errorText } from '../../lib/toast';
import { useChooseDisputeLossRecovery, useDispute, useSaveDisputeEvidence, useSubmitDisputeEvidence } from './api';
import { DisputeLedger } from './DisputeLedger';
import { daysLeftText, disputeReasonLabel, disputeStatusLabel, disputeStatusTone, dueDateText, lossRecoveryText } from './disputeView';
import { EvidenceForm } from './EvidenceForm';
import { LossRecoveryForm } from './LossRecoveryForm';

function Facts({ dispute }: { dispute: Dispute }) {
  const left = daysLeftText(dispute);
  const facts: [string, ReactNode][] = [
    ['Stripe dispute', <span className="break-all font-mono text-xs">{dispute.stripeDisputeId}</span>],
    ['Amount', formatCentsAud(dispute.amountCents)],
    ['Reason', disputeReasonLabel(dispute.reason)],
    ['Status', <StatusBadge label={disputeStatusLabel(dispute.status)} tone={disputeStatusTone(dispute)} />],
    [
      'Evidence due',
      <>
        {dueDateText(dispute.evidenceDueBy)}
        {left && <span className={`ml-2 text-xs ${left.isOverdue ? 'font-semibold text-red-700' : 'text-slate-600'}`}>{left.text}</span>}
      </>,
    ],
    ['Booking', dispute.booking?.reference ?? 'Not linked'],
    ['Customer', dispute.customer?.name ?? 'Unknown'],
    ['Owner', dispute.owner?.name ?? 'Unknown'],
  ];
  return (
    <dl className="mb-5 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
          <dd className="mt-0.5 break-words text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The evidence as it went to Stripe (or was last saved), to read only. */
function EvidenceRead({ dispute }: { dispute: Dispute }) {
  if (dispute.evidenceSource !== 'submitted' && dispute.evidenceSubmittedAt) {
    return <p className="text-sm text-slate-700">Submitted {formatDateTime(dispute.evidenceSubmittedAt)} in Stripe; the back-office did not send it.</p>;
  }
  if (dispute.evidenceSource === 'gathered') return <p className="text-sm text-slate-700">No evidence was submitted from the back-office.</p>;
  const by =
    dispute.evidenceSource === 'submitted'
      ? `Submitted ${formatDateTime(dispute.evidenceSubmittedAt)}${dispute.evidenceSubmittedBy ? ` by ${dispute.evidenceSubmittedBy}` : ''}.`
      : `Draft saved ${formatDateTime(dispute.draftSavedAt)}${dispute.draftSavedBy ? ` by ${dispute.draftSavedBy}` : ''}; not submitted.`;
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">{by}</p>
      <dl className="flex flex-col gap-3">
        {DISPUTE_EVIDENCE_FIELD_NAMES.filter((field) => dispute.evidence[field].trim() !== '').map((field) => (
          <div key={field}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{DISPUTE_EVIDENCE_FIELDS[field].label}</dt>
            <dd className="mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-900">{dispute.evidence[field]}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-5">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * One dispute: its facts, "Build evidence" while Stripe waits for it (the booking's record gathered
 * into Stripe's fields, to edit, save and submit), the choice of who bears a lost one, and its ledger.
 */
export function DisputeDialog({ disputeId, onClose }: { disputeId: string; onClose: () => void }) {
  const query = useDispute(disputeId);
  // Not what the cache held from an earlier opening: an event may have changed it since.
  const dispute = query.isFetchedAfterMount ? query.data : undefined;
  const save = useSaveDisputeEvidence();
  const submit = useSubmitDisputeEvidence();
  const recover = useChooseDisputeLossRecovery();
  const isPending = save.isPending || submit.isPending || recover.isPending;
  const title = !dispute ? 'Dispute' : dispute.canSubmitEvidence ? 'Build evidence' : `Dispute ${disputeStatusLabel(dispute.status)}`;
  const recovery = dispute ? lossRecoveryText(dispute) : null;

  return (
    <Modal open onOpenChange={(open) => !open && !isPending && onClose()} title={title} size="lg">
      {!dispute && !query.isError && <Spinner />}
      {query.isError && <p className="text-sm text-red-700">{errorText(query.error)}</p>}
      {dispute && (
        <>
          <Facts dispute={dispute} />
          {dispute.canSubmitEvidence ? (
            <EvidenceForm
              key={dispute.id}
              initial={dispute.evidence}
              isSaving={save.isPending}
              isSubmitting={submit.isPending}
              onSave={(evidence) => save.mutate({ id: dispute.id, evidence, version: dispute.version })}
              onSubmit={(evidence) => submit.mutate({ id: dispute.id, evidence, version: dispute.version })}
            />
          ) : (
            <Section title="Evidence">
              <EvidenceRead dispute={dispute} />
            </Section>
          )}
          {dispute.canChooseLossRecovery && (
            <div className="mt-5">
              <LossRecoveryForm
                amountCents={dispute.amountCents}
                hasOwner={dispute.owner !== null}
                isPending={recover.isPending}
                onChoose={(choice) => recover.mutate({ id: dispute.id, recovery: choice, version: dispute.version })}
              />
            </div>
          )}
          {recovery && !dispute.canChooseLossRecovery && (
            <p className="mt-5 text-sm text-slate-800">
              {recovery}
              {dispute.lossRecoveryBy && ` (chosen by ${dispute.lossRecoveryBy} on ${formatDateTime(dispute.lossRecoveryAt)})`}.
            </p>
          )}
          <Section title="Ledger">
            <DisputeLedger journals={dispute.journals} />
          </Section>
        </>
      )}
    </Modal>
  );
}
