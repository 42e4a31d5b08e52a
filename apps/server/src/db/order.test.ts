// descNullsLast reads an index written with drizzle's .desc() in its order; drizzle's desc() cannot (decision 035).
import { desc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { descNullsLast } from './order.ts';
import { auditEvents } from './schema.ts';

const getApp = useTestApp();

async function planOf(order: ReturnType<typeof descNullsLast>): Promise<string> {
  const { db } = getApp().database;
  return db.transaction(async (tx) => {
    // An empty table: without these the planner would read it all and sort; with them, only an index's order is free.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const query = tx.select({ id: auditEvents.id }).from(auditEvents).orderBy(...order).limit(25);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('descNullsLast', () => {
  it('walks audit_events_newest_idx (at DESC NULLS LAST, id DESC NULLS LAST) with no sort', async () => {
    const plan = await planOf(descNullsLast(auditEvents.at, auditEvents.id));
    expect(plan).toContain('audit_events_newest_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('where drizzle’s desc() (NULLS FIRST) has to sort', async () => {
    const plan = await planOf([desc(auditEvents.at), desc(auditEvents.id)]);
    expect(plan).toMatch(/\bSort\b/);
  });
});
