import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema, paginationDataSchema } from './common';

export const faqSchema = z.object({ _id: z.string(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;

export const faqMessages = {
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
} as const;

export const faqBodySchema = z.strictObject({
  question: z.string({ error: faqMessages.questionRequired }).trim().min(1, faqMessages.questionRequired).max(1000, 'Question must be at most 1000 characters'),
  answer: z.string({ error: faqMessages.answerRequired }).trim().min(1, faqMessages.answerRequired).max(10000, 'Answer must be at most 10000 characters'),
});
export type FaqBody = z.infer<typeof faqBodySchema>;
export const faqUpdateBodySchema = faqBodySchema.extend({ id: z.uuid({ error: 'id must be a valid id' }).optional() });
export const faqListResponseSchema = z.object({ data: z.array(faqSchema) });

export const blogSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  blogImg: z.array(z.string()),
  user: z.string().nullable(),
  views: z.number(),
  comments: z.number(),
  createdAt: z.string().nullable(),
});
export type Blog = z.infer<typeof blogSchema>;
export const blogListResponseSchema = z.object({ data: z.array(blogSchema) });

export const BLOG_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const blogMessages = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  imageType: 'Image must be a PNG, JPEG, GIF or WebP file',
  imageTooLarge: 'Image must be at most 2 MB',
} as const;
/** The text fields of the multipart create/update blog forms. */
export const blogFieldsSchema = z.strictObject({
  title: z.string({ error: blogMessages.titleRequired }).trim().min(1, blogMessages.titleRequired).max(200, 'Title must be at most 200 characters'),
  description: z.string({ error: blogMessages.descriptionRequired }).trim().min(1, blogMessages.descriptionRequired).max(20000, 'Description must be at most 20000 characters'),
  user: z.string().trim().max(120, 'User must be at most 120 characters').optional(),
  views: z.coerce.number({ error: 'views must be a number' }).int().min(0).max(1_000_000_000).optional(),
  comments: z.coerce.number({ error: 'comments must be a number' }).int().min(0).max(1_000_000_000).optional(),
});
export type BlogFields = z.infer<typeof blogFieldsSchema>;

export const contactDetailSchema = z.object({
  collectionInfo: z.object({ email: z.string().optional(), collectionAddress: z.string().optional(), name: z.string().optional(), phone: z.string().optional() }).optional(),
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
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const quoteListQuerySchema = z.strictObject({
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema('limit').default(10),
});
export const quoteListResponseSchema = z.object({
  data: z.array(shipmentSchema),
  paginationData: paginationDataSchema,
  totalCounts: z.number(),
});

export const quoteMessages = {
  priceInvalid: 'Price must be a positive amount in dollars with at most 2 decimals',
  priceSent: 'Price sent successfully!',
  rejected: 'Quote rejected successfully!',
} as const;
export const sendPriceBodySchema = z.strictObject({
  email: z.string().max(254).optional(),
  price: z
    .union([z.string(), z.number()], { error: quoteMessages.priceInvalid })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value) && Number(value) > 0, quoteMessages.priceInvalid)
    .transform(Number),
});
export type SendPriceBody = z.infer<typeof sendPriceBodySchema>;

export const SHIPMENT_STATUSES = ['requested', 'quoted', 'accepted', 'in-transit', 'delivered', 'cancelled'] as const;
export const shipmentUpdateBodySchema = z.strictObject({
  status: z.enum(SHIPMENT_STATUSES, { error: `status must be one of ${SHIPMENT_STATUSES.join(', ')}` }).optional(),
  notes: z.string().max(2000, 'notes must be at most 2000 characters').optional(),
  pickUpDateAndTime: z.iso.datetime({ error: 'pickUpDateAndTime must be an ISO date and time' }).optional(),
});
export type ShipmentUpdateBody = z.infer<typeof shipmentUpdateBodySchema>;
