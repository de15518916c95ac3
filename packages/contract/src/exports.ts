import type { z } from 'zod';
import { withCreatedDayRange } from './common';
import { quoteListQuerySchema } from './content';
import { jobListFieldsSchema, uteListFieldsSchema } from './listings';
import { bookingListFieldsSchema, manualPaymentListQuerySchema, paymentListQuerySchema } from './money';
import { queryListFieldsSchema, userListFieldsSchema } from './people';

/**
 * Each list's CSV export takes its list's query without the page: the same search, filter, sort and
 * tab, so the file holds exactly the list's rows in the list's order, all of them. A list with a
 * created-day filter derives from its unrefined object (zod cannot omit from a refined one).
 */
const withoutPage = { page: true, limit: true } as const;
export const uteExportQuerySchema = withCreatedDayRange(uteListFieldsSchema.omit({ page: true, pageSize: true }));
export const jobExportQuerySchema = withCreatedDayRange(jobListFieldsSchema.omit(withoutPage));
export const quoteExportQuerySchema = quoteListQuerySchema.omit(withoutPage);
export const userExportQuerySchema = withCreatedDayRange(userListFieldsSchema.omit(withoutPage));
export const queryExportQuerySchema = withCreatedDayRange(queryListFieldsSchema.omit(withoutPage));
export const bookingExportQuerySchema = withCreatedDayRange(bookingListFieldsSchema.omit(withoutPage));
export const paymentExportQuerySchema = paymentListQuerySchema.omit(withoutPage);
export const manualPaymentExportQuerySchema = manualPaymentListQuerySchema.omit(withoutPage);
export type UteExportQuery = z.infer<typeof uteExportQuerySchema>;
export type JobExportQuery = z.infer<typeof jobExportQuerySchema>;
export type QuoteExportQuery = z.infer<typeof quoteExportQuerySchema>;
export type UserExportQuery = z.infer<typeof userExportQuerySchema>;
export type QueryExportQuery = z.infer<typeof queryExportQuerySchema>;
export type BookingExportQuery = z.infer<typeof bookingExportQuerySchema>;
export type PaymentExportQuery = z.infer<typeof paymentExportQuerySchema>;
export type ManualPaymentExportQuery = z.infer<typeof manualPaymentExportQuerySchema>;
