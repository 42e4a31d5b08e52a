import { describe, expect, it } from 'vitest';
import { CONNECTION_FAILURE_CODES, PG_UNIQUE_VIOLATION, pgCode } from './pg-errors.ts';

const withCode = (code: string, cause?: unknown) => Object.assign(new Error(`error ${code}`), { code, cause });
const wrapped = (cause: unknown) => new Error('Failed query: insert into ...', { cause });

describe('pgCode', () => {
  it('reads the code of the error itself', () => {
    expect(pgCode(withCode(PG_UNIQUE_VIOLATION))).toBe('23505');
  });

  it('reads the driver’s code through drizzle’s wrapper (the first code along the causes)', () => {
    expect(pgCode(wrapped(withCode('23503')))).toBe('23503');
    expect(pgCode(wrapped(wrapped(withCode('22021', withCode('XX000')))))).toBe('22021');
  });

  it('gives the socket’s code when the connection failed', () => {
    const code = pgCode(wrapped(withCode('ECONNREFUSED')));
    expect(code).toBe('ECONNREFUSED');
    expect(CONNECTION_FAILURE_CODES.has(code!)).toBe(true);
  });

  it('is undefined without a code, for non-errors, and beyond a few levels of causes', () => {
    expect(pgCode(new Error('plain'))).toBeUndefined();
    expect(pgCode(undefined)).toBeUndefined();
    expect(pgCode('23505')).toBeUndefined();
    expect(pgCode({ code: 42 })).toBeUndefined();
    expect(pgCode(wrapped(wrapped(wrapped(wrapped(withCode('23505'))))))).toBeUndefined();
  });

  it('ends on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(pgCode(a)).toBeUndefined();
  });
});
