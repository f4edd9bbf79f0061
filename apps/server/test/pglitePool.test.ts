import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.js';
import { companies } from '../src/db/schema/index.js';
import { seedCompany, testApp } from './harness.js';

/** Each test app's database is as fresh as a new one, whether the harness made it or emptied an earlier app's (pglitePool.ts). */
describe('test databases', () => {
  it('start empty with ids from 1 after an app wrote rows, and keep nothing a test added to the schema', async () => {
    const first = await testApp();
    await seedCompany(first);
    await seedCompany(first);
    await first.db.execute(sql`CREATE TABLE left_behind (n int)`);
    await first.close();

    const second = await testApp();
    await second.db.execute(sql`SET TIME ZONE 'Asia/Tokyo'`);
    expect(await second.db.select().from(companies)).toEqual([]);
    expect((await seedCompany(second)).id).toBe(1);
    await second.close();

    const third = await testApp();
    try {
      expect(await selectRows(third.db, sql`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'left_behind'`)).toEqual([{ n: 0 }]);
      const [zone] = await selectRows<{ tz: string }>(third.db, sql`SELECT current_setting('TimeZone') AS tz`);
      expect(zone?.tz).not.toBe('Asia/Tokyo');
      expect((await seedCompany(third)).id).toBe(1);
    } finally {
      await third.close();
    }
  });

  it("refuses an app's query after its close: work it left running cannot reach the next app's database", async () => {
    const t = await testApp();
    const db = t.db;
    await t.close();
    const next = await testApp();
    try {
      await expect(db.select().from(companies)).rejects.toThrow();
      expect(await next.db.select().from(companies)).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
