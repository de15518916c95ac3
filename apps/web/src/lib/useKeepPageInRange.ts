import { useEffect } from 'react';

/**
 * A page past the end (the last row of the last page deleted, or an old link) goes to the last
 * page, replacing the history entry. Waits for the real answer, not the previous page's placeholder.
 */
export function useKeepPageInRange(
  list: { data?: { totalCount: number }; isPlaceholderData: boolean },
  page: number,
  pageSize: number,
  setParams: (patch: { page: number }, options: { replace: boolean }) => void,
) {
  const totalCount = list.data?.totalCount ?? 0;
  useEffect(() => {
    if (list.isPlaceholderData || !list.data) return;
    const lastPage = Math.max(1, Math.ceil(totalCount / pageSize));
    if (page > lastPage) setParams({ page: lastPage }, { replace: true });
  }, [list.data, list.isPlaceholderData, totalCount, page, pageSize, setParams]);
}
