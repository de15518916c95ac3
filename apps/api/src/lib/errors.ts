import type { ForbiddenReason } from '@ute/contract';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE';

export const HTTP_STATUS_BY_CODE: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
};

export interface FieldError {
  path: string;
  message: string;
}

/** The one error type services throw; the error handler turns it into the envelope of docs/design.md. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** A 403's reason (the contract's FORBIDDEN_REASONS), sent in the envelope. */
    readonly reason?: ForbiddenReason,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return HTTP_STATUS_BY_CODE[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, errors?: FieldError[]) => new AppError('BAD_REQUEST', message, errors);
export const forbidden = (message: string, reason: ForbiddenReason) => new AppError('FORBIDDEN', message, undefined, reason);
