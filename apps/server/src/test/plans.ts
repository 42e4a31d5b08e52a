// A statement's plan when only an index's order is free: the tests' small tables would otherwise be read whole and
// sorted whatever the order asked, so a plan that still needs no sort shows the order can walk an index.
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export async function planWithoutScans(db: Db, build: (tx: Db) => SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = (await tx.execute(sql`explain ${build(tx as unknown as Db)}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}
