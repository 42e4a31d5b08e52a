import { isApiError } from '@/lib/api-client';

/**
 * The server's field messages (VALIDATION details, COMMON_PASSWORD) for the fields this form has, so each goes
 * next to its control; an empty list means the error belongs above the form.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): { field: F; message: string }[] {
  if (!isApiError(error)) return [];
  return error.details.flatMap((d) => (fields.includes(d.path as F) ? [{ field: d.path as F, message: d.message }] : []));
}
