import { ERROR_STATUS, type ErrorCode } from '@olden/contracts';

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { retryAfterSeconds?: number; details?: { path: string; message: string }[] } = {},
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Sign in to continue') => new AppError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, details?: { path: string; message: string }[]) =>
  new AppError('VALIDATION', message, { details });
/** Signed in, but the listing, request or profile belongs to someone else. */
export const notYours = (message = 'You are not allowed to do this') => new AppError('NOT_YOURS', message);
export const invalidCursor = () =>
  new AppError('INVALID_CURSOR', 'Invalid cursor', { details: [{ path: 'cursor', message: 'Invalid cursor' }] });
