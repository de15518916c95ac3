import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Faq } from '@ute/contract';
import { Button } from '../../components/ui';
import { FaqFormDialog } from './FaqFormDialog';

function Harness({
  faq = null,
  isPending = false,
  onSubmit = () => {},
}: {
  faq?: Faq | null;
  isPending?: boolean;
  onSubmit?: (body: { question: string; answer: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <FaqFormDialog open={open} faq={faq} isPending={isPending} onSubmit={onSubmit} onClose={() => setOpen(false)} />
    </>
  );
}

describe('FaqFormDialog', () => {
  it('adds with Save, sending empty fields as they are (no client validation)', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Add a New FAQ' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ question: '', answer: '' });
    await userEvent.type(screen.getByPlaceholderText('Enter Question'), 'Why?');
    await userEvent.type(screen.getByPlaceholderText('Enter Answer'), 'Because.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ question: 'Why?', answer: 'Because.' });
  });

  it('clears the fields when cancelled or closed', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.type(screen.getByPlaceholderText('Enter Question'), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByPlaceholderText('Enter Question')).toHaveValue('');
    await userEvent.type(screen.getByPlaceholderText('Enter Answer'), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByPlaceholderText('Enter Answer')).toHaveValue('');
  });

  it('edits prefilled with Update, and shows Updating... while pending and ignores another save', async () => {
    const onSubmit = vi.fn();
    const faq = { _id: 'f1', question: 'Old question', answer: 'Old answer', version: '741' };
    const { rerender } = render(<Harness faq={faq} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Edit FAQ' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter Question')).toHaveValue('Old question');
    expect(screen.getByPlaceholderText('Enter Answer')).toHaveValue('Old answer');
    rerender(<Harness faq={faq} isPending onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Updating...' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows Saving... while an add is pending and ignores the click', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Harness onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    rerender(<Harness isPending onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Saving...' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
