import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { CREATED_AT_CURSOR, keysetPage } from './pagination.ts';

const rows = Array.from({ length: 5 }, (_, i) => ({ id: `id${i}`, createdAt: new Date(Date.UTC(2024, 0, 1 + i)) }));
const cursorOf = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe('keysetPage', () => {
  it('asks for one row more than the limit and names the next page after the last row kept', async () => {
    const asked: number[] = [];
    const page = await keysetPage(CREATED_AT_CURSOR, { limit: 2 }).fetch(async (_after, limit) => {
      asked.push(limit);
      return rows.slice(0, limit);
    });
    expect(asked).toEqual([3]);
    expect(page.rows.map((r) => r.id)).toEqual(['id0', 'id1']);
    expect(page.nextCursor).toBe(cursorOf([rows[1]!.createdAt.toISOString(), 'id1']));
  });

  it('hands the decoded cursor to the query, and has no next page when the rows run out', async () => {
    const cursor = cursorOf(['2024-01-02T00:00:00.000Z', 'id1']);
    let seen: unknown;
    const page = await keysetPage(CREATED_AT_CURSOR, { limit: 5, cursor }).fetch(async (after) => {
      seen = after;
      return rows.slice(2);
    });
    expect(seen).toEqual(['2024-01-02T00:00:00.000Z', 'id1']);
    expect(page).toEqual({ rows: rows.slice(2), nextCursor: undefined });
  });

  it('refuses a cursor the list did not make with INVALID_CURSOR, before any query', () => {
    for (const cursor of ['%%%', cursorOf(['not a date', 'id']), cursorOf(['2024-01-01', 3]), cursorOf({ a: 1 }), cursorOf(['2024-01-01', 'id', 'extra'])]) {
      let error: unknown;
      try {
        keysetPage(CREATED_AT_CURSOR, { limit: 2, cursor });
      } catch (e) {
        error = e;
      }
      expect(error, cursor).toBeInstanceOf(AppError);
      expect(error, cursor).toMatchObject({ code: 'INVALID_CURSOR', statusCode: 400, message: 'Invalid cursor' });
    }
  });
});
