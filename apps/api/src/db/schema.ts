/** Every table of the product, for Drizzle and drizzle-kit. */
export * from './tables/auth.table';
export * from './tables/users.table';
export * from './tables/utes.table';
export * from './tables/jobs.table';
export * from './tables/bookings.table';
export * from './tables/payouts.table';
export * from './tables/ledger.table';
export * from './tables/payments.table';
export * from './tables/quotes.table';
export * from './tables/faq.table';
export * from './tables/blogs.table';
export * from './tables/queries.table';
export * from './tables/activity.table';
export * from './tables/audit.table';
export * from './tables/mail.table';
export * from './tables/dashboard.table';
export * from './tables/files.table';
