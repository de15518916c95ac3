import { JOB_SORTS, type JobSort } from '@ute/contract';

/** The filter menu of docs/product.md, in order; '' is No Filter (newest first). */
export const JOB_FILTER_OPTIONS: { value: JobSort | ''; label: string }[] = [
  { value: '', label: 'No Filter' },
  { value: 'budgetAsc', label: 'Budget: Low to High' },
  { value: 'budgetDesc', label: 'Budget: High to Low' },
];

/** A sort read from the URL: anything unknown is no sort. */
export function parseJobSort(value: string): JobSort | undefined {
  return (JOB_SORTS as readonly string[]).includes(value) ? (value as JobSort) : undefined;
}

export const JOB_EMPTY_TITLE = 'No Jobs Found';
export const JOB_EMPTY_SEARCH_TEXT = 'No jobs match your search criteria. Try a different search.';
export const JOB_EMPTY_TEXT = 'There are currently no job listings available.';

/** Which empty-state sentence: a search that found nothing, or no jobs at all. */
export function jobEmptyText(search: string): string {
  return search.trim() ? JOB_EMPTY_SEARCH_TEXT : JOB_EMPTY_TEXT;
}
