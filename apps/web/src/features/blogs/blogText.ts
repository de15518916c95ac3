import { formatDateTime, truncateWords } from '../../lib/format';

/** Blog description preview: the first 25 words then '...', or 'No description' (docs/product.md). */
export function blogDescriptionPreview(description: string | null | undefined): string {
  if (!description || !description.trim()) return 'No description';
  return truncateWords(description, 25);
}

/** Posted At: en-AU date with time, or 'No date'. */
export function blogPostedAt(createdAt: string | null | undefined): string {
  return formatDateTime(createdAt, 'No date');
}
