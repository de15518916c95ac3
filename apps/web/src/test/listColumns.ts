import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The header texts of a list with bulk actions, after its first column: the checkbox that picks the
 * page (checked to be there), so a test compares the spec's own columns.
 */
export function columnHeadersAfterSelection(): (string | null)[] {
  const [select, ...headers] = screen.getAllByRole('columnheader');
  expect(within(select).getByRole('checkbox', { name: 'Select all rows on this page' })).toBeInTheDocument();
  return headers.map((cell) => cell.textContent);
}

/** A row's cell texts after its checkbox cell. */
export function cellTextsAfterSelection(row: HTMLElement): (string | null)[] {
  const [select, ...cells] = within(row).getAllByRole('cell');
  expect(within(select).getByRole('checkbox')).toBeInTheDocument();
  return cells.map((cell) => cell.textContent);
}
