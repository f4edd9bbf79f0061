import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type TestApp, testApp } from '../../test/harness.js';
import { gates } from './schema/index.js';
import { containsPattern, foreignKeyViolation, uniqueViolation } from './sql.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** The error a write throws, as the service catching it sees it (Drizzle's wrapping included). */
async function refusal(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (err) {
    return err;
  }
  throw new Error('the write was accepted');
}

describe('containsPattern', () => {
  it("finds ILIKE's wildcards and escape as themselves, anywhere in the text, in any case", async () => {
    await t.db.execute(sql`CREATE TABLE like_probe (name text NOT NULL)`);
    const names = ['a%b', 'a_b', 'a\\b', 'axb', 'ab', 'save 50% now', 'room 500'];
    for (const name of names) await t.db.execute(sql`INSERT INTO like_probe (name) VALUES (${name})`);
    const found = async (text: string) => {
      const rows = (await t.db.execute(sql`SELECT name FROM like_probe WHERE name ILIKE ${containsPattern(text)} ORDER BY name`)) as unknown as {
        rows: { name: string }[];
      };
      return rows.rows.map((r) => r.name);
    };
    expect(await found('a%b')).toEqual(['a%b']);
    expect(await found('a_b')).toEqual(['a_b']);
    expect(await found('a\\b')).toEqual(['a\\b']);
    expect(await found('A_B')).toEqual(['a_b']);
    expect(await found('50%')).toEqual(['save 50% now']);
    expect(await found('%')).toEqual(['a%b', 'save 50% now']);
  });
});

describe('uniqueViolation and foreignKeyViolation', () => {
  it("name the unique index a racing write broke, through Drizzle's wrapping", async () => {
    const c = await seedCompany(t);
    await t.db.insert(gates).values({ companyId: c.id, name: 'North' });
    const err = await refusal(() => t.db.insert(gates).values({ companyId: c.id, name: 'NORTH' }));
    expect(uniqueViolation(err)).toBe('gates_name_uq');
    expect(foreignKeyViolation(err)).toBeUndefined();
  });

  it('name the foreign key a write broke, and answer undefined for any other error', async () => {
    const err = await refusal(() => t.db.insert(gates).values({ companyId: 2_000_000_000, name: 'Nowhere' }));
    expect(foreignKeyViolation(err)).toMatch(/^gates_company_id/);
    expect(uniqueViolation(err)).toBeUndefined();
    const other = await refusal(() => t.db.execute(sql`SELECT 1 / 0`));
    expect(uniqueViolation(other)).toBeUndefined();
    expect(foreignKeyViolation(other)).toBeUndefined();
    expect(uniqueViolation(new Error('duplicate key value violates unique constraint "gates_name_uq"'))).toBeUndefined();
    expect(uniqueViolation(undefined)).toBeUndefined();
  });
});
