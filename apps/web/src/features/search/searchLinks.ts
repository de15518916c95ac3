import type { SearchGroup } from '@ute/contract';
import { screens } from '../../config/screens';

/** The screen each group's hits open: a list with the `open` filter (its call's `id`), which opens that row's details. */
const GROUP_SCREENS = {
  users: screens.users,
  utes: screens.utes,
  jobs: screens.jobs,
  uteBookings: screens.uteBookings,
  jobBookings: screens.jobBookings,
  queries: screens.queries,
} satisfies Record<SearchGroup, { href: (params: { open: string }) => string }>;

/** A hit's address: its list opened on its row, e.g. `/ute-list?open=<id>`. */
export const hitLinkOf = (group: SearchGroup, id: string): string => GROUP_SCREENS[group].href({ open: id });
