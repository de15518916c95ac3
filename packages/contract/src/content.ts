import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema, recordVersionSchema, textSchema } from './common';
import { workItemListFields, workItemSummarySchema } from './workItems';
import { workQueueFlagSchema } from './workQueues';

export const faqSchema = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
  /** What an edit or deletion sends back in If-Match (docs/design.md §14). */
  version: recordVersionSchema,
});
export type Faq = z.infer<typeof faqSchema>;

export const faqMessages = {
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  idMismatch: 'The id in the body does not match the FAQ in the path',
  created: 'FAQ created successfully',
  updated: 'FAQ updated successfully',
  deleted: 'FAQ deleted successfully',
} as const;

export const faqBodySchema = z.strictObject({
  question: textSchema('Question', { error: faqMessages.questionRequired })
    .trim()
    .min(1, faqMessages.questionRequired)
    .max(1000, 'Question must be at most 1000 characters'),
  answer: textSchema('Answer', { error: faqMessages.answerRequired })
    .trim()
    .min(1, faqMessages.answerRequired)
    .max(10000, 'Answer must be at most 10000 characters'),
});
export type FaqBody = z.infer<typeof faqBodySchema>;
export const faqUpdateBodySchema = faqBodySchema.extend({ id: z.uuid({ error: 'id must be a valid id' }).optional() });
export type FaqUpdateBody = z.infer<typeof faqUpdateBodySchema>;
export const faqListResponseSchema = z.object({ data: z.array(faqSchema) });
export const faqResponseSchema = z.object({ data: faqSchema });
export const faqMutationResponseSchema = z.object({ message: z.string(), data: faqSchema });

export const blogSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  blogImg: z.array(z.string()),
  user: z.string().nullable(),
  views: z.number(),
  comments: z.number(),
  createdAt: z.string().nullable(),
  /** What an edit or deletion sends back in If-Match (docs/design.md §14). */
  version: recordVersionSchema,
});
export type Blog = z.infer<typeof blogSchema>;
export const blogListResponseSchema = z.object({ data: z.array(blogSchema) });
export const blogResponseSchema = z.object({ data: blogSchema });
export const blogMutationResponseSchema = z.object({ message: z.string(), data: blogSchema });
/** The multipart file field of the create/update blog forms. */
export const BLOG_IMAGE_FIELD = 'blogImg';
/** At most this many images per blog (one form may carry several blogImg parts). */
export const BLOG_IMAGE_MAX_COUNT = 5;

export const BLOG_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const blogMessages = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  imageType: 'Image must be a PNG, JPEG, GIF or WebP file',
  imageTooLarge: 'Image must be at most 2 MB',
  imageEmpty: 'Image file is empty',
  tooManyImages: 'At most 5 images per blog',
  unknownFile: 'Unexpected file field; send the image as blogImg',
  duplicateField: 'Each form field may be sent only once',
  notMultipart: 'Expected a multipart/form-data request',
  created: 'Blog created successfully',
  updated: 'Blog updated successfully',
  deleted: 'Blog deleted successfully',
} as const;
/** The text fields of the multipart create/update blog forms. */
export const blogFieldsSchema = z.strictObject({
  title: textSchema('Title', { error: blogMessages.titleRequired }).trim().min(1, blogMessages.titleRequired).max(200, 'Title must be at most 200 characters'),
  description: textSchema('Description', { error: blogMessages.descriptionRequired })
    .trim()
    .min(1, blogMessages.descriptionRequired)
    .max(20000, 'Description must be at most 20000 characters'),
  user: textSchema('User').trim().max(120, 'User must be at most 120 characters').optional(),
  views: z.coerce.number({ error: 'views must be a number' }).int().min(0).max(1_000_000_000).optional(),
  comments: z.coerce.number({ error: 'comments must be a number' }).int().min(0).max(1_000_000_000).optional(),
});
export type BlogFields = z.infer<typeof blogFieldsSchema>;

export const contactDetailSchema = z.object({
  collectionInfo: z
    .object({ email: z.string().optional(), collectionAddress: z.string().optional(), name: z.string().optional(), phone: z.string().optional() })
    .optional(),
  deliveryInfo: z.object({ deliveryAddress: z.string().optional(), name: z.string().optional(), phone: z.string().optional() }).optional(),
});
export const shipmentSchema = z.object({
  _id: z.string(),
  shipmentId: z.string(),
  email: z.string().nullable(),
  quoteStatus: z.string(),
  status: z.string(),
  vehicleType: z.string().nullable(),
  orderDate: z.string().nullable(),
  pickUpDateAndTime: z.string().nullable(),
  collectionAddress: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  notes: z.string().nullable(),
  price: z.number().nullable(),
  contactDetail: z.array(contactDetailSchema),
  createdAt: z.string(),
  /** Its place in the quotesAwaitingPrice queue (how long, whose), null when not waiting in it; lists only (docs/design.md §15). */
  workItem: workItemSummarySchema.nullable().optional(),
  /** What an action on the quote (a price, accept, reject, an edit) sends back in If-Match (docs/design.md §14). */
  version: recordVersionSchema,
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const quoteListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
  /** Only the quotes still waiting for a price, status requested (the quotesAwaitingPrice work queue). */
  awaitingPrice: workQueueFlagSchema('awaitingPrice'),
  /** The quotesAwaitingPrice queue's items held by me or nobody, and the longest waiting first (docs/design.md §15). */
  ...workItemListFields,
});
export const quoteListResponseSchema = z.object({
  data: z.array(shipmentSchema),
  paginationData: paginationDataSchema,
  totalCounts: z.number(),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;
export type QuoteListResponse = z.infer<typeof quoteListResponseSchema>;

export const quoteMessages = {
  priceInvalid: 'Price must be a positive amount in dollars with at most 2 decimals',
  priceSent: 'Price sent successfully!',
  rejected: 'Quote rejected successfully!',
  accepted: 'Quote accepted successfully!',
  noEmail: 'This quote has no email address to send the price to',
  emailInvalid: 'email must be a valid email address',
  mailQueued: 'The price was saved, but the mail could not be sent yet; it will be retried automatically',
  alreadyAccepted: 'This quote has already been accepted',
  alreadyRejected: 'This quote has already been rejected',
  notOpen: 'Only an open quote can be changed this way',
  shipmentUpdated: 'Shipment updated successfully',
  shipmentDeleted: 'Shipment deleted successfully',
  finalStatus: 'A delivered or cancelled shipment cannot change status',
  nothingToUpdate: 'Send at least one of status, notes or pickUpDateAndTime',
} as const;
/** Quotes that can still be priced or accepted. */
export const OPEN_QUOTE_STATUSES = ['requested', 'quoted'] as const;
export const sendPriceBodySchema = z.strictObject({
  email: textSchema('email')
    .trim()
    .max(254, quoteMessages.emailInvalid)
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), quoteMessages.emailInvalid)
    .optional(),
  price: z
    .union([textSchema('price'), z.number()], { error: quoteMessages.priceInvalid })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value) && Number(value) > 0, quoteMessages.priceInvalid)
    .transform(Number),
});
export type SendPriceBody = z.infer<typeof sendPriceBodySchema>;

export const SHIPMENT_STATUSES = ['requested', 'quoted', 'accepted', 'in-transit', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const shipmentUpdateBodySchema = z
  .strictObject({
    status: z.enum(SHIPMENT_STATUSES, { error: `status must be one of ${SHIPMENT_STATUSES.join(', ')}` }).optional(),
    notes: textSchema('notes').max(2000, 'notes must be at most 2000 characters').optional(),
    pickUpDateAndTime: z.iso.datetime({ offset: true, error: 'pickUpDateAndTime must be an ISO date and time' }).optional(),
  })
  .refine((body) => body.status !== undefined || body.notes !== undefined || body.pickUpDateAndTime !== undefined, quoteMessages.nothingToUpdate);
export type ShipmentUpdateBody = z.infer<typeof shipmentUpdateBodySchema>;
export const shipmentResponseSchema = z.object({ data: shipmentSchema });
export const shipmentMutationResponseSchema = z.object({ message: z.string(), data: shipmentSchema });
