// How search runs its statements: compiled once per shape of search, their values bound per request.
import { Column, is, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, type RawSelect, rawPreparedSelect } from '../../../db/client.ts';
import { asPlaceholders, asValues, type Bind } from './match.ts';

const dialect = new PgDialect();
/**
 * Month walks run as named statements, at most this many per process: each is prepared on every pool connection that
 * runs it. Names are counted per process, as engines may share a pool.
 */
const NAMED_MONTH_SHAPES = 64;
let namedStatements = 0;
const COMPILED_SHAPES_MAX = 1000;

/**
 * Runs one statement of a relevance page: `key` names its shape, `build` writes it (with its values bound by `bind`),
 * `selection` decodes its rows; `generic` marks a statement whose plan is the same whatever its values.
 */
export type Run = <Row>(key: string, build: (bind: Bind) => SQL, selection: Record<string, unknown>, values: Record<string, unknown>, generic?: boolean) => Promise<Row[]>;

/**
 * Statements compiled once per shape of search (which statement, the tier, how many words and spellings per word,
 * the filters, whether the cursor is in the tier), their values bound per request; run on pg as unnamed statements,
 * so each is still planned for its own words (a generic plan would not know a rare word from a common one), except
 * the month walks (`generic`). On PGlite each is built and run as it is.
 */
export function createStatementRunner(db: Db): Run {
  const compiledStatements = new Map<string, RawSelect<unknown> | null>();
  return async <Row>(key: string, build: (bind: Bind) => SQL, selection: Record<string, unknown>, values: Record<string, unknown>, generic = false) => {
    let statement = compiledStatements.get(key);
    if (statement === undefined) {
      const compiled = build(asPlaceholders);
      // `generic`: a statement whose plan is the same whatever its values runs named, so after five runs PostgreSQL
      // keeps a generic plan and stops planning it (0.5 ms a search).
      const name = generic && namedStatements < NAMED_MONTH_SHAPES ? `og_search_months_${++namedStatements}` : undefined;
      statement = rawPreparedSelect<unknown>(db, name, { toSQL: () => dialect.sqlToQuery(compiled) }, selection) ?? null;
      if (compiledStatements.size >= COMPILED_SHAPES_MAX) compiledStatements.delete(compiledStatements.keys().next().value!);
      compiledStatements.set(key, statement);
    }
    if (statement) return (await statement(values)) as Row[];
    // PGlite: rows come keyed by column name, in the driver's types; each is mapped as drizzle maps a select's.
    const { rows } = (await db.execute(build(asValues))) as unknown as { rows: Record<string, unknown>[] };
    const fields = Object.entries(selection);
    return rows.map((raw) => {
      const row: Record<string, unknown> = {};
      for (const [name, field] of fields) {
        const value = is(field, Column) ? raw[field.name] : raw[name];
        row[name] = value !== null && value !== undefined && is(field, Column) ? field.mapFromDriverValue(value) : value;
      }
      return row as Row;
    });
  };
}
