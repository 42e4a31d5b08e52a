import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { CREATED_AT_CURSOR, isCursorDate, keysetPage } from './pagination.ts';

const idOf = (i: number) => String(i).repeat(32);
const rows = Array.from({ length: 5 }, (_, i) => ({ id: idOf(i), createdAt: new Date(Date.UTC(2024, 0, 1 + i)) }));
const cursorOf = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe('keysetPage', () => {
  it('asks for one row more than the limit and names the next page after the last row kept', async () => {
    const asked: number[] = [];
    const page = await keysetPage(CREATED_AT_CURSOR, { limit: 2 }).fetch(async (_after, limit) => {
      asked.push(limit);
      return rows.slice(0, limit);
    });
    expect(asked).toEqual([3]);
    expect(page.rows.map((r) => r.id)).toEqual([idOf(0), idOf(1)]);
    expect(page.nextCursor).toBe(cursorOf([rows[1]!.createdAt.toISOString(), idOf(1)]));
  });

  it('hands the decoded cursor to the query, and has no next page when the rows run out', async () => {
    const cursor = cursorOf(['2024-01-02T00:00:00.000Z', idOf(1)]);
    let seen: unknown;
    const page = await keysetPage(CREATED_AT_CURSOR, { limit: 5, cursor }).fetch(async (after) => {
      seen = after;
      return rows.slice(2);
    });
    expect(seen).toEqual(['2024-01-02T00:00:00.000Z', idOf(1)]);
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

  it('takes a creation time only exactly as the server writes it, within the years PostgreSQL holds', () => {
    for (const ok of ['2024-01-02T03:04:05.678Z', '1970-01-01T00:00:00.000Z', '2024-02-29T23:59:59.999Z', '9999-12-31T23:59:59.999Z']) {
      expect(isCursorDate(ok), ok).toBe(true);
    }
    for (const bad of [
      '2020-02-30T00:00:00.000Z', '2023-02-29T00:00:00.000Z', '2020-13-01T00:00:00.000Z', '2020-01-01T24:00:00.000Z',
      '2020-01-01T00:60:00.000Z', '0', '2020-01-01', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00.000+00:00',
      '+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z',
      '2020-01-01T00:00:00.000Z\n', 1_577_836_800_000, null, undefined, 'NaN',
    ]) {
      expect(isCursorDate(bad), String(bad)).toBe(false);
    }
  });

  it('refuses creation-time cursors with an invalid date or an id of the wrong shape', () => {
    const good = '2024-01-02T00:00:00.000Z';
    for (const values of [['2020-02-30T00:00:00.000Z', idOf(1)], ['0', idOf(1)], [good, 'id1'], [good, idOf(1).toUpperCase() + 'x'], [good, 'g'.repeat(32)]]) {
      expect(() => keysetPage(CREATED_AT_CURSOR, { limit: 2, cursor: cursorOf(values) }), JSON.stringify(values)).toThrow(/Invalid cursor/);
    }
  });
});
