import type { FastifyRequest } from 'fastify';
import { BLOG_IMAGE_FIELD, BLOG_IMAGE_MAX_COUNT, blogFieldsSchema, blogMessages, type BlogFields } from '@ute/contract';
import { AppError, badRequest, type FieldError } from '../../lib/errors';
import { checkBlogImage } from './blogImage';
import type { BlogImage } from './blogs.service';

/**
 * Reads the multipart create/update blog form: text fields checked with the contract's schema,
 * images checked by content. Everything stays in memory (the plugin caps each file at 2 MB and
 * answers 413 beyond), so a rejected form never touches the disk.
 */
export async function readBlogForm(request: FastifyRequest): Promise<{ fields: BlogFields; images: BlogImage[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', blogMessages.notMultipart);
  const values: Record<string, string> = {};
  const images: BlogImage[] = [];
  const errors: FieldError[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer(); // throws 413 past the size limit
      if (part.fieldname !== BLOG_IMAGE_FIELD) {
        errors.push({ path: part.fieldname, message: blogMessages.unknownFile });
        continue;
      }
      // A browser sends an empty, nameless part for a file input left empty.
      if (bytes.length === 0 && !part.filename) continue;
      if (bytes.length === 0) {
        errors.push({ path: BLOG_IMAGE_FIELD, message: blogMessages.imageEmpty });
        continue;
      }
      const kind = checkBlogImage(bytes);
      if (!kind) {
        errors.push({ path: BLOG_IMAGE_FIELD, message: blogMessages.imageType });
        continue;
      }
      images.push({ bytes, kind });
      continue;
    }
    if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('PAYLOAD_TOO_LARGE', 'Form field is too large');
    if (Object.hasOwn(values, part.fieldname)) {
      errors.push({ path: part.fieldname, message: blogMessages.duplicateField });
      continue;
    }
    values[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
  }
  if (images.length > BLOG_IMAGE_MAX_COUNT) errors.push({ path: BLOG_IMAGE_FIELD, message: blogMessages.tooManyImages });

  const parsed = blogFieldsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push({ path: issue.path.join('.') || 'body', message: issue.message });
  }
  if (errors.length > 0 || !parsed.success) throw badRequest(errors[0]?.message ?? 'Invalid form', errors);
  return { fields: parsed.data, images };
}
