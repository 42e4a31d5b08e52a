// The three descriptions of the database agree: schema.ts (what the code queries), the latest drizzle snapshot
// (what `npm run db:generate` diffs against) and the migrated database (what the SQL migrations made).
import { readdirSync, readFileSync } from 'node:fs';
import { generateDrizzleJson, generateMigration, pushSchema } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { migrationsFolder } from './client.ts';
import * as schema from './schema.ts';

type Snapshot = Parameters<typeof generateMigration>[0];

function latestSnapshot(): Snapshot {
  const meta = `${migrationsFolder}/meta`;
  const journal = JSON.parse(readFileSync(`${meta}/_journal.json`, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  const file = `${String(last.idx).padStart(4, '0')}_snapshot.json`;
  // drizzle-kit diffs against the newest snapshot; it must be the newest migration's, or the next diff repeats work.
  expect(readdirSync(meta), `${last.tag} has no snapshot: run \`npm run db:generate\` (or --custom) to write migrations`).toContain(file);
  return JSON.parse(readFileSync(`${meta}/${file}`, 'utf8')) as Snapshot;
}

/** pushSchema's introspection cannot read an index's opclass, INCLUDE or normalised WHERE back as drizzle writes them. */
function withoutRedefinedIndexes(statements: string[]): string[] {
  const name = (s: string, verb: string) => new RegExp(`^${verb} "([^"]+)"`).exec(s.trim())?.[1];
  const dropped = new Set(statements.map((s) => name(s, 'DROP INDEX')).filter(Boolean));
  const created = new Set(statements.map((s) => name(s, 'CREATE (?:UNIQUE )?INDEX')).filter(Boolean));
  const both = new Set([...dropped].filter((n) => created.has(n)));
  return statements.filter((s) => {
    const n = name(s, 'DROP INDEX') ?? name(s, 'CREATE (?:UNIQUE )?INDEX');
    return !(n && both.has(n));
  });
}

describe('migrations', () => {
  const getApp = useTestApp();

  it('leave `npm run db:generate` nothing to write: the latest snapshot is schema.ts', async () => {
    const snapshot = latestSnapshot();
    const current = generateDrizzleJson(schema, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });

  it('make the database schema.ts describes: every table, column, index, key and check, no more', async () => {
    const { database } = getApp();
    const { statementsToExecute } = await pushSchema(schema, database.db as never);
    expect(withoutRedefinedIndexes(statementsToExecute)).toEqual([]);
  });
});
