/** Every table of the product, for Drizzle and drizzle-kit. */
export * from '../modules/auth/auth.table';
export * from '../modules/users/users.table';
export * from '../modules/utes/utes.table';
export * from '../modules/jobs/jobs.table';
export * from '../modules/bookings/bookings.table';
export * from '../modules/payments/payments.table';
export * from '../modules/quotes/quotes.table';
export * from '../modules/faq/faq.table';
export * from '../modules/blogs/blogs.table';
export * from '../modules/queries/queries.table';
export * from '../modules/activity/activity.table';
export * from '../modules/audit/audit.table';
export * from '../modules/mail/mail.table';
export * from '../modules/dashboard/dashboard.table';
