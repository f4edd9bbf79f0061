import { createRequire } from 'node:module';
import { Status } from '@openvisit/contract';
import Holidays from 'date-holidays';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../../../test/harness.js';
import { companies } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };
/** The package's own data, read the way its users read it: what the import must match, not guesses of ours. */
const cn = createRequire(import.meta.url)('chinese-days/dist/chinese-days.json') as {
  holidays: Record<string, string>;
  workdays: Record<string, string>;
};
const ofYear = (m: Record<string, string>, y: string) => Object.keys(m).filter((d) => d.startsWith(`${y}-`));

describe('holiday import', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t, 'Alpha');
    b = await seedCompany(t, 'Beta');
    await t.db.update(companies).set({ lang: 'zh' }).where(eq(companies.id, a.id));
  });
  afterAll(() => t.close());

  it("loads the mainland's 2026 days off and make-up working days from chinese-days", async () => {
    const r = await t.api.importHolidays({ year: 2026, source: 'cn' }, a.token);
    expect(r.status).toBe(0);
    const off = ofYear(cn.holidays, '2026');
    const work = ofYear(cn.workdays, '2026');
    expect(r.result).toEqual({ added: off.length + work.length, replaced: 0, unchanged: 0, kept: [] });
    const days = new Map((await t.api.getHoliday({ year: 2026 }, a.token)).result.map((h) => [h.hdate, h]));
    expect(days.size).toBe(off.length + work.length);
    for (const d of off) expect(days.get(d)?.passFlag, d).toBe(1);
    for (const d of work) expect(days.get(d)?.passFlag, d).toBe(2);
    // Well-known facts: National Day is a day off, named in the company's language; a make-up working day is a
    // weekend day the notice moved work onto.
    expect(days.get('2026-10-01')).toMatchObject({ hname: '国庆节', passFlag: 1 });
    expect(days.get('2026-01-01')).toMatchObject({ hname: '元旦', passFlag: 1 });
    const makeUp = work.find((d) => cn.workdays[d]?.includes('国庆节'));
    expect(makeUp).toBeDefined();
    expect([0, 6]).toContain(new Date(`${makeUp}T12:00:00Z`).getUTCDay());
    expect(days.get(makeUp ?? '')).toMatchObject({ hname: '国庆节', passFlag: 2 });
    // Another company's calendar is its own.
    expect((await t.api.getHoliday({ year: 2026 }, b.token)).result).toEqual([]);
  });

  it('loading again keeps an edited day and says so; replace overwrites it', async () => {
    const list = (await t.api.getHoliday({ year: 2026 }, a.token)).result;
    const oct1 = list.find((h) => h.hdate === '2026-10-01');
    if (!oct1) throw new Error('2026-10-01 missing');
    await t.api.updateHoliday({ hid: oct1.hid, hdate: '2026-10-01', hname: '公司庆典', passFlag: 1 }, a.token);
    const manual = (await t.api.addHoliday({ hdate: '2026-12-24', hname: '平安夜', passFlag: 1 }, a.token)).result;

    const again = (await t.api.importHolidays({ year: 2026, source: 'cn' }, a.token)).result;
    expect(again.added).toBe(0);
    expect(again.replaced).toBe(0);
    expect(again.kept).toEqual([{ hdate: '2026-10-01', hname: '公司庆典', passFlag: 1, importedName: '国庆节', importedFlag: 1 }]);
    expect(again.unchanged).toBe(list.length - 1);
    expect((await t.api.getHoliday({ year: 2026 }, a.token)).result.find((h) => h.hdate === '2026-10-01')?.hname).toBe('公司庆典');

    const replaced = (await t.api.importHolidays({ year: 2026, source: 'cn', replace: true }, a.token)).result;
    expect(replaced).toMatchObject({ added: 0, replaced: 1, kept: [] });
    const after = (await t.api.getHoliday({ year: 2026 }, a.token)).result;
    expect(after.find((h) => h.hdate === '2026-10-01')?.hname).toBe('国庆节');
    // A day the package does not set is never touched.
    expect(after.find((h) => h.hdate === '2026-12-24')).toEqual(manual);
  });

  it("loads a country's and a region's public holidays from date-holidays, in the company's language", async () => {
    const r = await t.api.importHolidays({ year: 2026, source: 'country', country: 'de', region: 'BY' }, b.token);
    expect(r.status).toBe(0);
    const expected = new Holidays('DE', 'BY').getHolidays(2026, 'en').filter((h) => h.type === 'public');
    const days = (await t.api.getHoliday({ year: 2026 }, b.token)).result;
    expect(days.map((d) => d.hdate)).toEqual([...new Set(expected.map((h) => h.date.slice(0, 10)))].sort());
    expect(days.find((d) => d.hdate === '2026-10-03')).toMatchObject({ hname: 'National Holiday', passFlag: 1 });
    // Epiphany is public in Bavaria, not in Berlin.
    expect(days.some((d) => d.hdate === '2026-01-06')).toBe(true);
    expect(r.result.added).toBe(days.length);
  });

  it('lists countries and regions; refuses unknown places, a year without data and a desk', async () => {
    const names = (await t.api.getHolidayCountries({ country: 'US', lang: 'en' }, a.token)).result;
    expect(names.countries.find((c) => c.code === 'DE')).toBeDefined();
    expect(names.regions.find((r) => r.code === 'CA')?.name).toBe('California');
    const bad = async (input: Parameters<TestApp['api']['importHolidays']>[0], field: string, rule: string) => {
      const r = await t.api.importHolidays(input, a.token);
      expect(r.status, JSON.stringify(input)).toBe(Status.BAD_PARAMS);
      expect((r.result as unknown as Errors).errors).toContainEqual({ field, rule });
    };
    await bad({ year: 2026, source: 'country', country: 'QQ' }, 'country', 'format');
    await bad({ year: 2026, source: 'country', country: 'DE', region: 'ZZ' }, 'region', 'format');
    await bad({ year: 2026, source: 'country' }, 'country', 'required');
    await bad({ year: 1990, source: 'cn' }, 'year', 'noData');
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.importHolidays({ year: 2026, source: 'cn' }, desk.token)).status).toBe(Status.NO_PERMISSION);
  });
});
