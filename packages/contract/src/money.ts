import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema, searchTextSchema } from './common';

export const BOOKING_STATUSES = ['pending', 'accepted', 'dispatched', 'delivered', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PAYMENT_KINDS = ['stripe', 'manual'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const addressSchema = z.object({ street: z.string(), state: z.string(), postalCode: z.string() });
export type Address = z.infer<typeof addressSchema>;

export const bookingListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  payment: z.enum(PAYMENT_KINDS, { error: 'payment must be stripe or manual' }).default('stripe'),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

export const uteBookingSchema = z.object({
  _id: z.string(),
  uteBookingId: z.string(),
  bookingBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  uteName: z.string(),
  amount: z.number(),
  actualAmount: z.number().nullable(),
  requestAmount: z.number().nullable(),
  status: z.string(),
  pickupAddress: addressSchema.nullable(),
  dropAddress: addressSchema.nullable(),
  isTransfered: z.boolean(),
  isTransferring: z.boolean(),
  transactionId: z.string().nullable(),
  uteBy: z.string(),
  createdAt: z.string(),
});
export type UteBooking = z.infer<typeof uteBookingSchema>;

export const jobBookingSchema = z.object({
  _id: z.string(),
  jobBookingId: z.string(),
  jobTitle: z.string(),
  bookingBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  uteOwner: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  uteName: z.string(),
  amount: z.number(),
  status: z.string(),
  isTransfered: z.boolean(),
  isTransferring: z.boolean(),
  transactionId: z.string().nullable(),
  uteBy: z.string(),
  createdAt: z.string(),
});
export type JobBooking = z.infer<typeof jobBookingSchema>;

export const uteBookingListResponseSchema = z.object({
  data: z.array(uteBookingSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
  payoutProvider: z.enum(['stripe', 'ledger']),
});
export const jobBookingListResponseSchema = z.object({
  data: z.array(jobBookingSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
  payoutProvider: z.enum(['stripe', 'ledger']),
});

export const transferParamsSchema = z.strictObject({
  uteOwnerId: z.uuid({ error: 'uteOwnerId must be a valid id' }),
  bookingId: z.uuid({ error: 'bookingId must be a valid id' }),
});
export const bookingIdParamSchema = z.strictObject({
  bookingId: z.uuid({ error: 'bookingId must be a valid id' }),
});
export const ownerIdParamSchema = z.strictObject({
  ownerId: z.uuid({ error: 'ownerId must be a valid id' }),
});

/** Which booking table a manual transfer is for; absent means try ute then job bookings. */
export const manualTransferBodySchema = z
  .strictObject({ kind: z.enum(['ute', 'job'], { error: 'kind must be ute or job' }).optional() })
  .optional();

export const bankAccountSchema = z.object({
  accountNumber: z.string(),
  bsbCode: z.string(),
  accountHolderName: z.string(),
  bankName: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountResponseSchema = z.object({ data: bankAccountSchema });

export const PAYMENT_STATUSES = ['succeeded', 'pending', 'failed', 'inProgress'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentSchema = z.object({
  _id: z.string(),
  paymentBy: z.string(),
  uteOwnerName: z.string().nullable(),
  /** In cents. */
  amount: z.number(),
  createdAt: z.string(),
  status: z.string(),
  transactionId: z.string().nullable(),
  /** A short-lived signed URL: receipts are private. */
  paymentImage: z.string().nullable(),
  isStripe: z.boolean(),
  isJob: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  search: searchTextSchema,
  sort: z.enum(['newest', 'oldest'], { error: 'sort must be newest or oldest' }).default('newest'),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;
export const paymentListResponseSchema = z.object({
  data: z.array(paymentSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});

export const manualPaymentListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  kind: z.enum(['ute', 'job'], { error: 'kind must be ute or job' }).default('ute'),
  search: searchTextSchema,
  sort: z.enum(['newest', 'oldest'], { error: 'sort must be newest or oldest' }).default('newest'),
});
export type ManualPaymentListQuery = z.infer<typeof manualPaymentListQuerySchema>;
export const manualPaymentListResponseSchema = z.object({
  data: z.array(paymentSchema),
  totalCount: z.number(),
  paginationData: paginationDataSchema,
});
