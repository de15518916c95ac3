export { ModerationActions, type ModerationActionsProps, type ModerationStatus } from './moderation/ModerationActions';
export { useModerationColumns, type ModeratedListing, type ModerationColumnOptions, type StatusChange } from './moderation/useModerationColumns';
export { bookingTone, listingTone, paymentTone } from './statusTones';
export { RejectDialog, type RejectDialogProps } from './moderation/RejectDialog';
export { rejectionFields } from './moderation/rejectionFields';
export { ListingBulkActions, type ListingBulkActionsProps } from './moderation/ListingBulkActions';
export { RefundDialog } from './refunds/RefundDialog';
export { type RefundTarget } from './refunds/refundsApi';
export { TaxInvoiceButton } from './invoices/TaxInvoiceButton';
