// descNullsLast reads an index written with drizzle's .desc() in its order; drizzle's desc() cannot (decision 035).
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { planWithoutScans } from '../test/plans.ts';
import { descNullsLast } from './order.ts';
import { auditEvents } from './schema.ts';

const getApp = useTestApp();

const planOf = (order: ReturnType<typeof descNullsLast>) =>
  planWithoutScans(getApp().database.db, (tx) => tx.select({ id: auditEvents.id }).from(auditEvents).orderBy(...order).limit(25));

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
