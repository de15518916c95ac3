import { useEffect, useRef } from 'react';

/**
 * The URL parameter of a list opened on one row, `/ute-list?open=<id>` (global search's links): the
 * page keeps it with its other list parameters (useListParams) and passes it as its call's `id` filter.
 */
export const OPEN_ROW_PARAM = 'open';

/** The label of the filter that narrows a list to the row a link opened (ActiveFilter). */
export const openedRowLabel = (noun: string) => `the ${noun} found by search`;

/** The URL parameter of a list narrowed to one user's rows, `/ute-list?user=<id>` (the user page's links); sent as `userId`. */
export const USER_FILTER_PARAM = 'user';

/** The label of that filter (ActiveFilter). */
export const userFilterLabel = (nouns: string) => `the ${nouns} of one user`;

/**
 * Calls `onOpen` once with the row whose id is `openId`, as soon as it is among `rows`: a page opens
 * that row's details dialog with it. Nothing when `openId` is empty; again when it changes.
 */
export function useOpenedRow<T extends { _id: string }>(rows: readonly T[] | undefined, openId: string, onOpen: (row: T) => void) {
  const openedId = useRef('');
  useEffect(() => {
    if (!openId || openedId.current === openId) return;
    const row = rows?.find((candidate) => candidate._id === openId);
    if (!row) return;
    openedId.current = openId;
    onOpen(row);
  }, [openId, rows, onOpen]);
}
