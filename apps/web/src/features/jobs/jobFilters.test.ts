import { describe, expect, it } from 'vitest';
import { JOB_FILTER_OPTIONS, jobEmptyText, parseJobSort } from './jobFilters';

describe('job list filters', () => {
  it('offers No Filter and the two budget orders, in order', () => {
    expect(JOB_FILTER_OPTIONS.map((option) => option.label)).toEqual(['No Filter', 'Budget: Low to High', 'Budget: High to Low']);
  });

  it('reads only known sorts from the URL', () => {
    expect(parseJobSort('budgetAsc')).toBe('budgetAsc');
    expect(parseJobSort('budgetDesc')).toBe('budgetDesc');
    expect(parseJobSort('')).toBeUndefined();
    expect(parseJobSort('price')).toBeUndefined();
  });

  it('picks the empty-state sentence by whether a search is active', () => {
    expect(jobEmptyText('tip run')).toBe('No jobs match your search criteria. Try a different search.');
    expect(jobEmptyText('')).toBe('There are currently no job listings available.');
    expect(jobEmptyText('   ')).toBe('There are currently no job listings available.');
  });
});
