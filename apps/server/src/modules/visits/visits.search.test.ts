import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type TestApp, testApp } from '../../../test/harness.js';
import { VISIT_COUNT_CAP, visitsRepository } from '../../core/visits/visits.repository.js';
import { visits } from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';

/** Visits of one company, inserted directly: the list's search is what is under test, not registration. */
const PEOPLE = [
  { name: '张三丰', phone: '+8613912345678', company: '武当山有限公司', empName: '李主管' },
  { name: '张小三', phone: '+8613987654321', company: 'Acme Trading', empName: 'Host One' },
  { name: '王五', phone: '+8613700001234', company: 'ACME 北京', empName: '李主管' },
  { name: 'Zhang San', phone: '+8615800005678', company: 'Beta Ltd', empName: 'Host Two' },
  { name: 'O_Brien 100%', phone: '', company: 'Gamma_Co', empName: 'Host One' },
];

/** The database handle, recording the SQL of every statement its queries send (Drizzle prepares each through its session). */
function recording(db: TestApp['db'], sent: string[]): TestApp['db'] {
  const session = new Proxy(db._.session, {
    get(target, p, receiver) {
      const v = Reflect.get(target, p, receiver);
      if (p !== 'prepareQuery' || typeof v !== 'function') return v;
      return (query: { sql: string }, ...rest: unknown[]) => {
        sent.push(query.sql);
        return v.call(target, query, ...rest);
      };
    },
  });
  return new Proxy(db, { get: (target, p, receiver) => (p === 'session' ? session : Reflect.get(target, p, receiver)) });
}

describe('visit list search and capped count', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  let b: Awaited<ReturnType<typeof seedCompany>>;
  const vids = new Map<string, number>();

  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t);
    b = await seedCompany(t);
    for (const p of PEOPLE) {
      const [row] = await t.db
        .insert(visits)
        .values({ companyId: a.id, kind: 'walkin', status: 'signedOut', ...p })
        .returning();
      vids.set(p.name, row?.id ?? 0);
    }
    // The same names in another company must never show up in a's searches.
    await t.db.insert(visits).values(PEOPLE.map((p) => ({ companyId: b.id, kind: 'walkin', status: 'signedOut', ...p })));
  });
  afterAll(() => t.close());

  const names = async (filter: Record<string, unknown>) => {
    const r = await t.api.SearchVisitByConditionPage({ ...filter, requestedCount: 50 }, a.token);
    expect(r.status).toBe(0);
    expect(r.result.countCapped).toBe(false);
    expect(r.result.count).toBe(r.result.list.length);
    return r.result.list.map((v) => v.vname).sort();
  };

  it('finds substrings of any length (1 and 2 characters too, below the trigram index), case-insensitive, in this company only', async () => {
    expect(await names({ name: '张' })).toEqual(['张三丰', '张小三']);
    expect(await names({ name: '三' })).toEqual(['张三丰', '张小三']);
    expect(await names({ name: '三丰' })).toEqual(['张三丰']);
    expect(await names({ name: '张三丰' })).toEqual(['张三丰']);
    expect(await names({ name: 'zhang s' })).toEqual(['Zhang San']);
    expect(await names({ name: 'an' })).toEqual(['Zhang San']);
    expect(await names({ phone: '5678' })).toEqual(['Zhang San', '张三丰']);
    expect(await names({ phone: '39' })).toEqual(['张三丰', '张小三']);
    expect(await names({ phone: '0000' })).toEqual(['Zhang San', '王五']);
    expect(await names({ phone: '139123456' })).toEqual(['张三丰']);
    expect(await names({ vcompany: 'acme' })).toEqual(['张小三', '王五']);
    expect(await names({ vcompany: '武当' })).toEqual(['张三丰']);
    expect(await names({ vcompany: '有限公司' })).toEqual(['张三丰']);
    expect(await names({ empName: '李主管' })).toEqual(['张三丰', '王五']);
    expect(await names({ empName: 'host', vcompany: 'acme' })).toEqual(['张小三']);
    expect(await names({ name: '赵' })).toEqual([]);
  });

  it('takes % and _ in a search literally', async () => {
    expect(await names({ name: '100%' })).toEqual(['O_Brien 100%']);
    expect(await names({ name: '%' })).toEqual(['O_Brien 100%']);
    expect(await names({ vcompany: '_' })).toEqual(['O_Brien 100%']);
    expect(await names({ name: 'O_B' })).toEqual(['O_Brien 100%']);
  });

  it('counts up to the cap and then says the total is at least the cap', async () => {
    const repo = visitsRepository(tenantScope(t.db, { companyId: a.id }));
    expect(await repo.page({}, 0, 2, { countCap: 5 })).toMatchObject({ count: 5, countCapped: false });
    const capped = await repo.page({}, 0, 2, { countCap: 3 });
    expect(capped.rows).toHaveLength(2);
    expect(capped).toMatchObject({ count: 3, countCapped: true });
    expect(await repo.page({ name: '张' }, 0, 2, { countCap: 3 })).toMatchObject({ count: 2, countCapped: false });
    // A page past the cap counts at least to its own end, so the pager never shrinks below where the user is.
    expect(await repo.page({}, 2, 2, { countCap: 3 })).toMatchObject({ count: 4, countCapped: true });
    expect(await repo.page({}, 4, 2, { countCap: 3 })).toMatchObject({ count: 5, countCapped: false });
  });

  it('answers the capped total through the API past VISIT_COUNT_CAP visits', async () => {
    const c = await seedCompany(t);
    await t.db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone)
      SELECT ${c.id}, 'walkin', 'signedOut', 'Bulk ' || g, '+86139' || lpad(g::text, 8, '0') FROM generate_series(1, ${VISIT_COUNT_CAP + 5}) g`);
    const all = await t.api.SearchVisitByConditionPage({ requestedCount: 20 }, c.token);
    expect(all.result).toMatchObject({ count: VISIT_COUNT_CAP, countCapped: true });
    expect(all.result.list).toHaveLength(20);
    const some = await t.api.SearchVisitByConditionPage({ name: 'Bulk 100', requestedCount: 20 }, c.token);
    // Bulk 100, 1000..1005
    expect(some.result).toMatchObject({ count: 7, countCapped: false });
    expect((await t.api.SearchVisitByConditionPage({}, a.token)).result).toMatchObject({ count: PEOPLE.length, countCapped: false });
  });

  it('counts for the first page and, without withCount, not for later pages (the console keeps the first total)', async () => {
    const c = await seedCompany(t);
    await t.db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone)
      SELECT ${c.id}, 'walkin', 'signedOut', 'Bulk ' || g, '' FROM generate_series(1, 45) g`);
    const page = async (input: { startIndex: number; withCount?: boolean }) =>
      (await t.api.SearchVisitByConditionPage({ ...input, requestedCount: 20 }, c.token)).result;
    // An old client that says nothing (the original's startIndex/requestedCount) gets the total on every page.
    expect(await page({ startIndex: 0 })).toMatchObject({ count: 45, countCapped: false, counted: true });
    expect(await page({ startIndex: 20 })).toMatchObject({ count: 45, countCapped: false, counted: true });
    // Not counted: the rows up to this page's end and one more, as "at least"; a counted answer would say 45.
    const second = await page({ startIndex: 20, withCount: false });
    expect(second).toMatchObject({ pageNo: 2, count: 41, countCapped: true, counted: false });
    expect(second.list).toHaveLength(20);
    // The last page knows the total exactly; past the end it counts after all, so the console can page back.
    expect(await page({ startIndex: 40, withCount: false })).toMatchObject({ count: 45, countCapped: false, counted: true });
    expect(await page({ startIndex: 60, withCount: false })).toMatchObject({ count: 45, countCapped: false, counted: true, list: [] });
    expect(await page({ startIndex: 0, withCount: false })).toMatchObject({ count: 21, countCapped: true, counted: false });
  });

  it('skips the count statement when withCount is false (the statements the database was sent)', async () => {
    const sent: string[] = [];
    const repo = visitsRepository(tenantScope(recording(t.db, sent), { companyId: a.id }));
    await repo.page({}, 2, 2, { withCount: false });
    expect(sent).toHaveLength(1);
    expect(sent.filter((s) => /count\(/i.test(s))).toEqual([]);
    sent.length = 0;
    await repo.page({}, 2, 2);
    expect(sent).toHaveLength(2);
    expect(sent.filter((s) => /count\(/i.test(s))).toHaveLength(1);
  });

  it("keeps a total past the cap a while: the same filter's first page answers it again without counting", async () => {
    const c = await seedCompany(t);
    await t.db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone)
      SELECT ${c.id}, 'walkin', 'signedOut', 'Kept ' || g, '' FROM generate_series(1, 5) g`);
    const sent: string[] = [];
    const repo = visitsRepository(tenantScope(recording(t.db, sent), { companyId: c.id }));
    const counts = () => sent.filter((s) => /count\(/i.test(s)).length;
    const keep = { countCap: 3, keepCappedMs: 60_000 };
    expect(await repo.page({}, 0, 2, keep)).toMatchObject({ count: 3, countCapped: true, counted: true });
    expect(counts()).toBe(1);
    const again = await repo.page({}, 0, 2, keep);
    expect(again).toMatchObject({ count: 3, countCapped: true, counted: true });
    expect(again.rows.map((v) => v.name)).toEqual(['Kept 5', 'Kept 4']);
    expect(counts()).toBe(1);
    // Another filter, another cap (a deeper page), or nothing kept: counted.
    expect(await repo.page({ name: 'Kept' }, 0, 2, keep)).toMatchObject({ count: 3, countCapped: true });
    expect(await repo.page({}, 2, 2, keep)).toMatchObject({ count: 4, countCapped: true });
    expect(await repo.page({}, 0, 2, { countCap: 3 })).toMatchObject({ count: 3, countCapped: true });
    expect(counts()).toBe(4);
    // Down to one visit: the page holds the last match and says so exactly, and the kept total is forgotten.
    await t.db.execute(sql`DELETE FROM visits WHERE company_id = ${c.id} AND name <> 'Kept 1'`);
    expect(await repo.page({}, 0, 2, keep)).toMatchObject({ count: 1, countCapped: false, counted: true });
    await t.db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone)
      SELECT ${c.id}, 'walkin', 'signedOut', 'Again ' || g, '' FROM generate_series(1, 2) g`);
    expect(await repo.page({}, 0, 2, keep)).toMatchObject({ count: 3, countCapped: false, counted: true });
  });

  it('takes the total from a page that holds the last match, without a count', async () => {
    const sent: string[] = [];
    const repo = visitsRepository(tenantScope(recording(t.db, sent), { companyId: a.id }));
    expect(await repo.page({ name: '张' }, 0, 20)).toMatchObject({ count: 2, countCapped: false, counted: true });
    expect(await repo.page({}, 4, 2)).toMatchObject({ count: PEOPLE.length, countCapped: false, counted: true });
    expect(await repo.page({ name: '赵' }, 0, 20)).toMatchObject({ rows: [], count: 0, countCapped: false, counted: true });
    expect(sent.filter((s) => /count\(/i.test(s))).toHaveLength(0);
    // Past the end the page cannot tell the total: counted, so the caller can page back.
    expect(await repo.page({}, 10, 2)).toMatchObject({ rows: [], count: PEOPLE.length, counted: true });
  });
});
