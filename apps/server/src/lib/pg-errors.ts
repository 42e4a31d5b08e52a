// PostgreSQL's error codes (SQLSTATE) the server acts on, and the one way to read them off an error.

/** A unique index refused the row (a concurrent duplicate that passed the check before it). */
export const PG_UNIQUE_VIOLATION = '23505';
/** A foreign key refused the row (what it points to was deleted in between). */
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** The statement ran past statement_timeout (or was cancelled): the database is busy, a retry may succeed. */
export const PG_QUERY_CANCELED = '57014';
/** A NUL character in text: PostgreSQL cannot store it. */
export const PG_CHARACTER_NOT_IN_REPERTOIRE = '22021';
/** A character the database encoding cannot hold. */
export const PG_UNTRANSLATABLE_CHARACTER = '22P05';

/**
 * The connection is gone or refused, so a retry may succeed: PostgreSQL's shutdown and connection
 * classes, and the socket errors the driver passes on.
 */
export const CONNECTION_FAILURE_CODES: ReadonlySet<string> = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
]);

/** Drizzle wraps the driver's error, which may wrap a socket's: a few levels suffice, and a loop ends here. */
const MAX_CAUSE_DEPTH = 4;

/** An error and its causes, outermost first. */
export function* causeChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && e !== null && typeof e === 'object'; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** The driver's code of a database error (the first `code` along its causes), or undefined. */
export function pgCode(error: unknown): string | undefined {
  for (const e of causeChain(error)) if (typeof e.code === 'string') return e.code;
  return undefined;
}
