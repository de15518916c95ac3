import { useId, useState, type FormEvent } from 'react';
import { DISPUTE_EVIDENCE_FIELD_NAMES, DISPUTE_EVIDENCE_FIELDS, disputeEvidenceSchema, type DisputeEvidence, type DisputeEvidenceField } from '@ute/contract';
import { Button, fieldClass } from '../../components/ui';

/** Fields of a line or two get a short box; the rest room to read. */
const ROWS: Partial<Record<DisputeEvidenceField, number>> = { customer_name: 1, customer_email_address: 1, service_date: 1, billing_address: 2 };

/**
 * The evidence Build evidence gathered, one box per Stripe field, for the admin to read and edit.
 * Save draft keeps it; Submit evidence sends it to Stripe (once: Stripe takes evidence a single time).
 */
export function EvidenceForm({
  initial,
  isSaving,
  isSubmitting,
  onSave,
  onSubmit,
}: {
  initial: DisputeEvidence;
  isSaving: boolean;
  isSubmitting: boolean;
  onSave: (evidence: DisputeEvidence) => void;
  onSubmit: (evidence: DisputeEvidence) => void;
}) {
  const [evidence, setEvidence] = useState<DisputeEvidence>(initial);
  const [problems, setProblems] = useState<Partial<Record<DisputeEvidenceField | 'form', string>>>({});
  const formId = useId();
  const isPending = isSaving || isSubmitting;

  /** The contract's own rules, before anything is sent: the first problem of each field shows under it. */
  const validated = (): DisputeEvidence | null => {
    const parsed = disputeEvidenceSchema.safeParse(evidence);
    if (parsed.success) {
      setProblems({});
      return parsed.data;
    }
    const found: Partial<Record<DisputeEvidenceField | 'form', string>> = {};
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] as DisputeEvidenceField | undefined) ?? 'form';
      found[field] ??= issue.message;
    }
    setProblems(found);
    return null;
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const valid = validated();
    if (valid && !isPending) onSubmit(valid);
  };

  const handleSave = () => {
    const valid = validated();
    if (valid && !isPending) onSave(valid);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Evidence" className="flex flex-col gap-4">
      {DISPUTE_EVIDENCE_FIELD_NAMES.map((field) => {
        const id = `${formId}-${field}`;
        const problemId = `${id}-problem`;
        const problem = problems[field];
        const rows = ROWS[field] ?? 5;
        const props = {
          id,
          value: evidence[field],
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? problemId : undefined,
          className: `${fieldClass} ${problem ? 'border-red-600' : ''}`,
          onChange: (event: { target: { value: string } }) => setEvidence((current) => ({ ...current, [field]: event.target.value })),
        };
        return (
          <div key={field} className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium text-slate-800">
              {DISPUTE_EVIDENCE_FIELDS[field].label}
            </label>
            {rows === 1 ? <input type="text" {...props} /> : <textarea rows={rows} {...props} />}
            {problem && (
              <p id={problemId} role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            )}
          </div>
        );
      })}
      {problems.form && (
        <p role="alert" className="text-sm text-red-700">
          {problems.form}
        </p>
      )}
      <p className="text-xs text-slate-600">
        Stripe takes evidence once: after Submit evidence it can no longer change. Submitting asks for a code from your authenticator.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={handleSave} disabled={isPending}>
          {isSaving ? 'Saving...' : 'Save draft'}
        </Button>
        <Button type="submit" disabled={isPending}>
          {isSubmitting ? 'Submitting...' : 'Submit evidence'}
        </Button>
      </div>
    </form>
  );
}
