import { describe, expect, it } from 'vitest';
import { actionLabel, adminLabel, compactValue, diffChanges, targetTypeLabel } from './auditView';

describe('diffChanges', () => {
  it('lists changed fields as old and new, leaving equal ones out', () => {
    expect(diffChanges({ status: 'Pending', name: 'A' }, { status: 'Approved', name: 'A' })).toEqual([
      { field: 'status', kind: 'changed', before: 'Pending', after: 'Approved' },
    ]);
  });

  it('marks added and removed fields', () => {
    expect(diffChanges({ a: 1, gone: true }, { a: 1, payoutId: 'p1' })).toEqual([
      { field: 'gone', kind: 'removed', before: 'true' },
      { field: 'payoutId', kind: 'added', after: 'p1' },
    ]);
  });

  it('lists every field of a creation (no before) as added, and of a deletion as removed', () => {
    expect(diffChanges(null, { question: 'Q?', answer: 'A.' }).map((change) => `${change.kind}:${change.field}`)).toEqual(['added:question', 'added:answer']);
    expect(diffChanges({ question: 'Q?' }, null)).toEqual([{ field: 'question', kind: 'removed', before: 'Q?' }]);
    expect(diffChanges(null, null)).toEqual([]);
  });

  it('shows nested values as compact JSON and compares them whatever the key order', () => {
    expect(diffChanges({ address: { street: '1 A St', state: 'NSW' } }, { address: { state: 'NSW', street: '1 A St' } })).toEqual([]);
    expect(diffChanges({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual([{ field: 'tags', kind: 'changed', before: '["a"]', after: '["a","b"]' }]);
  });

  it('treats a before or after that is not an object as one value', () => {
    expect(diffChanges('old', 'new')).toEqual([{ field: 'value', kind: 'changed', before: 'old', after: 'new' }]);
  });
});

describe('labels', () => {
  it('words actions, target types and admins', () => {
    expect(actionLabel('bank-details.read')).toBe('Bank details read');
    expect(targetTypeLabel('customer_query')).toBe('Customer query');
    expect(adminLabel(null)).toBe('System');
    expect(adminLabel({ id: '1', name: 'Fin', email: 'fin@x.au' })).toBe('Fin (fin@x.au)');
    expect(compactValue(null)).toBe('null');
    expect(compactValue(12)).toBe('12');
  });
});
