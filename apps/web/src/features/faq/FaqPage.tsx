import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import type { Faq, FaqBody } from '@ute/contract';
import { Button, ConfirmDeleteDialog, EditDeleteActions, EmptyState, PagedListView, PageHeader, TruncatedText } from '../../components/ui';
import { useCreateFaq, useDeleteFaq, useFaqs, useUpdateFaq } from './api';
import { FaqFormDialog } from './FaqFormDialog';

type FormState = { open: false } | { open: true; faq: Faq | null };

export function FaqPage() {
  const faqs = useFaqs();
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<Faq | null>(null);
  const closeForm = () => setForm({ open: false });
  const createFaq = useCreateFaq({ onSuccess: closeForm });
  const updateFaq = useUpdateFaq({ onSuccess: closeForm });
  const deleteFaq = useDeleteFaq({ onSuccess: () => setToDelete(null) });
  const editing = form.open ? form.faq : null;
  const isSaving = createFaq.isPending || updateFaq.isPending;

  const handleSubmit = (body: FaqBody) => {
    if (isSaving) return;
    if (editing) {
      if (!editing._id) return; // docs/product.md: edit does nothing without a chosen FAQ
      updateFaq.mutate({ id: editing._id, version: editing.version, ...body });
    } else {
      createFaq.mutate(body);
    }
  };

  const columns = useMemo<ColumnDef<Faq, unknown>[]>(
    () => [
      { id: 'question', header: 'Question', cell: ({ row }) => <TruncatedText text={row.original.question} className="font-medium" /> },
      { id: 'answer', header: 'Answer', cell: ({ row }) => <TruncatedText text={row.original.answer} className="min-w-48 max-w-xl" /> },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <EditDeleteActions
            editLabel={`Edit FAQ: ${row.original.question}`}
            deleteLabel={`Delete FAQ: ${row.original.question}`}
            onEdit={() => setForm({ open: true, faq: row.original })}
            onDelete={() => setToDelete(row.original)}
          />
        ),
      },
    ],
    [],
  );

  return (
    <section>
      <PageHeader title="Frequently Asked Questions">
        <Button onClick={() => setForm({ open: true, faq: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add FAQ
        </Button>
      </PageHeader>
      <PagedListView list={faqs} columns={columns} getRowId={(faq) => faq._id} caption="Frequently asked questions" empty={<EmptyState title="No FAQs" />} />
      <FaqFormDialog open={form.open} faq={editing} isPending={isSaving} onSubmit={handleSubmit} onClose={closeForm} />
      <ConfirmDeleteDialog
        target={toDelete}
        onClose={() => setToDelete(null)}
        title="Delete FAQ"
        message="Are you sure you want to delete this FAQ?"
        deletion={deleteFaq}
      />
    </section>
  );
}
