import type { z } from 'zod';
import { quoteListQuerySchema } from './content';
import { jobListQuerySchema, uteListQuerySchema } from './listings';
import { bookingListQuerySchema, manualPaymentListQuerySchema, paymentListQuerySchema } from './money';
import { queryListQuerySchema, userListQuerySchema } from './people';

/**
 * Each list's CSV export takes its list's query without the page: the same search, filter, sort and
 * tab, so the file holds exactly the list's rows in the list's order, all of them.
 */
const withoutPage = { page: true, limit: true } as const;
export const uteExportQuerySchema = uteListQuerySchema.omit({ page: true, pageSize: true });
export const jobExportQuerySchema = jobListQuerySchema.omit(withoutPage);
export const quoteExportQuerySchema = quoteListQuerySchema.omit(withoutPage);
export const userExportQuerySchema = userListQuerySchema.omit(withoutPage);
export const queryExportQuerySchema = queryListQuerySchema.omit(withoutPage);
export const bookingExportQuerySchema = bookingListQuerySchema.omit(withoutPage);
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
