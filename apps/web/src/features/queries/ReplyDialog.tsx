import { useEffect, useId, useState } from 'react';
import { replyMessages, type CustomerQuery } from '@ute/contract';
import { Button, Modal } from '../../components/ui';
import { RecordChangeNotice } from '../../domain';
import { ApiError } from '../../lib/apiClient';
import { notifySuccess, notifyWarning } from '../../lib/toast';
import { useReplyToQuery } from './api';

/**
 * The reply modal. A blank reply shows 'Please enter a reply message' and sends nothing; a failed
 * call shows 'Failed to send reply. Please try again.' (docs/product.md, in-app per docs/design.md decision 7).
 */
export function ReplyDialog({ query, onClose }: { query: CustomerQuery | null; onClose: () => void }) {
  const [reply, setReply] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { to: useId(), original: useId(), reply: useId(), problem: useId() };
  const sendReply = useReplyToQuery({
    onSuccess: (result) => {
      if (result.isSent) notifySuccess(result.message);
      else notifyWarning(result.message);
      onClose();
    },
    // A colleague changed the query since it was opened (409): say who, not the generic failure.
    onError: (error) => setProblem(error instanceof ApiError && error.status === 409 ? error.message : replyMessages.failed),
  });

  useEffect(() => {
    setReply('');
    setProblem(null);
  }, [query?._id]);

  const handleSend = () => {
    if (!query || sendReply.isPending) return;
    if (!reply.trim()) {
      setProblem(replyMessages.blank);
      return;
    }
    setProblem(null);
    sendReply.mutate({ queryId: query._id, reply: reply.trim(), version: query.version });
  };

  return (
    <Modal
      open={query !== null}
      onOpenChange={(open) => !open && !sendReply.isPending && onClose()}
      title="Reply to Query"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sendReply.isPending}>
            Cancel
          </Button>
          <Button onClick={handleSend} disabled={sendReply.isPending}>
            {sendReply.isPending ? 'Sending...' : 'Send Reply'}
          </Button>
        </>
      }
    >
      {query && <RecordChangeNotice recordType="customer_query" recordId={query._id} className="mb-3" />}
      {query && (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            handleSend();
          }}
        >
          <div>
            <label htmlFor={ids.to} className="mb-1 block text-sm font-medium text-slate-800">
              To
            </label>
            <input
              id={ids.to}
              type="email"
              readOnly
              value={query.email}
              className="w-full rounded-md border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-800"
            />
          </div>
          <div>
            <label htmlFor={ids.original} className="mb-1 block text-sm font-medium text-slate-800">
              Original Query
            </label>
            <textarea
              id={ids.original}
              readOnly
              rows={3}
              value={query.message}
              className="w-full resize-none rounded-md border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-800"
            />
          </div>
          <div>
            <label htmlFor={ids.reply} className="mb-1 block text-sm font-medium text-slate-800">
              Your Reply
            </label>
            <textarea
              id={ids.reply}
              rows={6}
              value={reply}
              maxLength={5000}
              aria-invalid={problem === replyMessages.blank}
              aria-describedby={problem ? ids.problem : undefined}
              onChange={(event) => {
                setReply(event.target.value);
                if (problem === replyMessages.blank) setProblem(null);
              }}
              placeholder="Type your reply..."
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
          </div>
          {problem && (
            <p id={ids.problem} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {problem}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
