import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: string; message?: string; cause?: unknown };
    if (candidate.code && DB_UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (candidate.message && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(candidate.message))
      return true;
    current = candidate.cause;
  }
  return false;
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const MALFORMED_FORM_MESSAGE = 'The multipart form is malformed or incomplete';

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty but the content type is JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'File is too large' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many form parts' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many form fields' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Expected a multipart/form-data request' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: 'A form field declared as JSON is not valid JSON' },
  FST_PROTO_VIOLATION: { status: 400, message: 'A form field has a name that is not allowed' },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: MALFORMED_FORM_MESSAGE },
};

/**
 * busboy (under @fastify/multipart) rejects a body that breaks the multipart format with a plain
 * Error and no code: a missing closing boundary, a body cut mid-part, a wrong or missing boundary.
 * 'Unexpected end of form' and 'Malformed part header' are the same errors in upstream busboy.
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form)|(Part|Preamble|Field|File) terminated early due to unexpected end of multipart data|Multipart: Boundary not found|Boundary required|Malformed part header|The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.)$/;

function isMalformedMultipart(error: FastifyError): boolean {
  return error.code === undefined && error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message);
}

/** One place that turns every failure into the envelope of docs/design.md; never leaks internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors && { errors: error.errors }),
        ...(error.reason && { reason: error.reason }),
      });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (isMalformedMultipart(error)) return reply.status(400).send({ message: MALFORMED_FORM_MESSAGE });
    if (isUniqueViolation(error)) return reply.status(409).send({ message: 'A record with the same unique value already exists' });
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: 'The database is unavailable. Please try again shortly.' });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: `Internal server error (request ${request.id})` });
  });
}
