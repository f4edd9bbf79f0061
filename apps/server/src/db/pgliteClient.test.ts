import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, selectRows } from './client.js';

// The embedded engine's statement path (pgliteClient.ts, `pipelined`): statements held parsed under a name, one exchange per run.
let database: Database;
beforeAll(async () => {
  database = await openPglite('memory');
  await database.db.execute(
    sql`CREATE TABLE probe (id int PRIMARY KEY, doc jsonb, at timestamptz, day date, ok boolean, tags text[], big int8, raw bytea, amount numeric, ref uuid)`,
  );
});
afterAll(() => database.close());

const held = async () => Number((await selectRows<{ n: string }>(database.db, sql`SELECT count(*) AS n FROM pg_prepared_statements`))[0]?.n);

describe('statements on the embedded engine', () => {
  it("writes and reads every kind of value as PGlite's own query does", async () => {
    const values = {
      doc: { name: '访客', list: [1, 2], nested: { ok: true } },
      at: new Date('2026-12-06T08:30:00.123Z'),
      day: '2026-12-06',
      ok: false,
      tags: ['a', 'b c', '引号"'],
      big: 9007199254740993n,
      raw: new Uint8Array([0, 1, 254, 255]),
      amount: '12.50',
      ref: '5b3c1f0e-8a7d-4c1e-9f2a-0d6e4b8c7a11',
    };
    const insert = 'INSERT INTO probe VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)';
    const params = (id: number) => [id, values.doc, values.at, values.day, values.ok, values.tags, values.big, values.raw, values.amount, values.ref];
    await database.pglite?.query(insert, params(1));
    // The same statement and values through the client Drizzle was given: the pipelined path.
    const client = (database.db as unknown as { $client: { query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }> } }).$client;
    await client.query(insert, params(2));
    const read = 'SELECT doc, at, day, ok, tags, big, raw, amount, ref FROM probe WHERE id = $1';
    const own = (await database.pglite?.query(read, [1]))?.rows[0];
    const pipelined = (await client.query(read, [2])).rows[0];
    expect(pipelined).toEqual(own);
    expect((await client.query(read, [1])).rows[0]).toEqual(own);
    expect((own as { doc: unknown }).doc).toEqual(values.doc);
  });

  it('keeps at most 500 statements parsed, and runs one it let go again', async () => {
    const first = sql`SELECT ${1}::int + 0 AS n`;
    expect(await selectRows(database.db, first)).toEqual([{ n: 1 }]);
    for (let i = 0; i < 600; i++) await selectRows(database.db, sql.raw(`SELECT ${i} AS n`));
    expect(await held()).toBeLessThanOrEqual(501);
    expect(await selectRows(database.db, first)).toEqual([{ n: 1 }]);
  });

  it('parses a statement again when its table changed under it, outside a transaction and after one', async () => {
    await database.db.execute(sql`CREATE TABLE altered (id int PRIMARY KEY, a text)`);
    await database.db.execute(sql`INSERT INTO altered VALUES (1, 'x')`);
    const all = () => selectRows(database.db, sql`SELECT * FROM altered WHERE id = ${1}`);
    expect(await all()).toEqual([{ id: 1, a: 'x' }]);
    await database.db.execute(sql`ALTER TABLE altered ADD COLUMN b int DEFAULT 7`);
    expect(await all()).toEqual([{ id: 1, a: 'x', b: 7 }]);
    await database.db.execute(sql`ALTER TABLE altered ADD COLUMN c int DEFAULT 8`);
    // Inside a transaction the changed statement ends it (as on PostgreSQL); the next run, outside, parses it afresh.
    await expect(database.db.transaction(async (tx) => selectRows(tx, sql`SELECT * FROM altered WHERE id = ${1}`))).rejects.toThrow();
    expect(await all()).toEqual([{ id: 1, a: 'x', b: 7, c: 8 }]);
  });

  it('answers a refused statement with its error and stays usable, in and out of transactions', async () => {
    const divide = (n: number) => selectRows<{ q: number }>(database.db, sql`SELECT 10 / ${n}::int AS q`);
    const refused = await divide(0).catch((err: unknown) => err);
    expect(JSON.stringify((refused as { cause?: { code?: string } }).cause?.code ?? (refused as { code?: string }).code)).toContain('22012');
    expect(await divide(5)).toEqual([{ q: 2 }]);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe (id) VALUES (${10})`);
        await selectRows(tx, sql`SELECT 10 / ${0}::int AS q`);
      }),
    ).rejects.toThrow();
    expect(await selectRows(database.db, sql`SELECT id FROM probe WHERE id = ${10}`)).toEqual([]);
    expect(await divide(2)).toEqual([{ q: 5 }]);
  });

  it('holds a statement outside a transaction until the transaction ends', async () => {
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    let began = () => {};
    const begun = new Promise<void>((r) => {
      began = r;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO probe (id) VALUES (${20})`);
      began();
      await released;
    });
    await begun;
    let seen: unknown;
    const outside = selectRows(database.db, sql`SELECT id FROM probe WHERE id = ${20}`).then((rows) => {
      seen = rows;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toBeUndefined();
    release();
    await transaction;
    await outside;
    expect(seen).toEqual([{ id: 20 }]);
  });
});
