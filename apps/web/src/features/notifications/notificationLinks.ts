import type { NotificationRecordType } from '@ute/contract';
import { screens } from '../../config/screens';

/** The list each export's file name was taken from (an `exportFinished` notification opens it). */
const EXPORT_HREFS: Readonly<Record<string, string>> = {
  utes: screens.utes.href(),
  jobs: screens.jobs.href(),
  users: screens.users.href(),
  quotes: screens.quotes.href(),
  queries: screens.queries.href(),
  'ute-bookings': screens.uteBookings.href(),
  'job-bookings': screens.jobBookings.href(),
  'stripe-payments': screens.payments.href(),
  'manual-payments': screens.payments.href({ tab: 'manual' }),
  'owner-balances': screens.balances.href(),
};

/**
 * The screen each record type opens on: its list narrowed to the row (`?open=<id>`, which opens the
 * row's details, as global search's hits do), the record's own page, or the list where it sits when
 * the list cannot open one row. The daily digest's mail links the same addresses (the contract's
 * notificationPathOf, which notificationLinks.test.ts keeps equal to these).
 */
const RECORD_HREFS: Record<NotificationRecordType, (id: string) => string> = {
  user: (id) => screens.users.href({ open: id }),
  ute: (id) => screens.utes.href({ open: id }),
  job: (id) => screens.jobs.href({ open: id }),
  uteBooking: (id) => screens.uteBookings.href({ open: id }),
  jobBooking: (id) => screens.jobBookings.href({ open: id }),
  payment: () => screens.payments.href(),
  query: (id) => screens.queries.href({ open: id }),
  quote: (id) => screens.shipment.href({ id }),
  admin: () => screens.admins.href(),
  webhookEvent: () => screens.webhooks.href({ state: 'failed' }),
  dispute: () => screens.disputes.href({ status: 'needs_response' }),
  export: (fileName) => EXPORT_HREFS[fileName] ?? screens.dashboard.href(),
};

/** A notification's address: the screen of its record. */
export const notificationHrefOf = (recordType: NotificationRecordType, recordId: string): string => RECORD_HREFS[recordType](recordId);
