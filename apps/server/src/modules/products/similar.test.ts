// The similar listings' top-up walks its category's newest listings in products_category_newest_idx's order: with a
// plain DESC (NULLS FIRST) against the index's NULLS LAST, PostgreSQL sorted the whole category (decision 035).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { planWithoutScans } from '../../test/plans.ts';
import { createProduct } from './fixtures.ts';
import { categoryNewest } from './similar.ts';

const getApp = useTestApp();

describe('similar listings: the category top-up', () => {
  it('is read from products_category_newest_idx in its order, with no sort', async () => {
    const t = getApp();
    const seller = await t.createUser();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await createProduct(t, seller, { name: `Walnut stool ${i}`, category: 'homeAndLiving' }));
    const plan = await planWithoutScans(t.database.db, (tx) =>
      categoryNewest(tx, { id: ids[0]!, name: 'Walnut stool 0', category: 'homeAndLiving' }, {}, [ids[1]!], 3),
    );
    expect(plan).toContain('products_category_newest_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('answers the newest first, leaving out the listing itself and those skipped', async () => {
    const t = getApp();
    const seller = await t.createUser();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createProduct(t, seller, { name: `Oak chest ${i}`, category: 'kids' }));
    const rows = await categoryNewest(t.database.db, { id: ids[4]!, name: 'Oak chest 4', category: 'kids' }, {}, [ids[3]!], 2);
    expect(rows.map((r) => r.id)).toEqual([ids[2], ids[1]]);
  });
});
