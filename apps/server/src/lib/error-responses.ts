// The error reply's one shape: the body every error sends, and the replies a route documents in its schema.
import { ErrorBody } from '@olden/contracts';

/** Documented error responses for a route: errorResponses(400, 401) -> {400: ErrorBody, 401: ErrorBody}. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody])) as Record<S, typeof ErrorBody>;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...extra };
}
