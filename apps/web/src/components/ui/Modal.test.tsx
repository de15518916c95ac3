import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

describe('Modal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has no description unless given one, and Radix does not warn about it', () => {
    const warn = vi.spyOn(console, 'warn');
    render(
      <Modal open onOpenChange={() => {}} title="Log Out">
        <p>Are you sure?</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Log Out' });
    expect(dialog).not.toHaveAttribute('aria-describedby');
    // The title is read once, as the dialog's name: no hidden copy of it.
    expect(screen.getAllByText('Log Out')).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('ties a given description to the dialog', () => {
    render(
      <Modal open onOpenChange={() => {}} title="Manual Payment" description="Pay the owner by bank transfer.">
        <p>Body</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Manual Payment' })).toHaveAccessibleDescription('Pay the owner by bank transfer.');
  });
});
