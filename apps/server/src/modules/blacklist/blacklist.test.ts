import fs from 'node:fs';
import path from 'node:path';
import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, listedPeople } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };

describe('blacklist and whitelist', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28; front desk may read and check but not add (610)', async () => {
    expect((await t.api.getBlacklist({})).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.getBlacklist({}, desk.token)).status).toBe(0);
    expect((await t.api.addBlacklist({ name: 'X', phone: '13800000000' }, desk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('adds with phone or ID number, normalised; refuses a bad ID (400) and duplicates (3)', async () => {
    const r = await t.api.addBlacklist({ name: '张三', phone: '+86 138-0013-8000', remark: 'trespass' }, a.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ name: '张三', phone: '13800138000', sname: 'Admin Person' });
    const id = await t.api.addBlacklist({ name: '李四', credentialNo: '11010519491231002x' }, a.token);
    // Only matched against: the list keeps the number's keyed hash and shows it masked.
    expect(id.result.credentialNo).toBe('110*************2X');
    const [stored] = await t.db.select().from(listedPeople).where(eq(listedPeople.id, id.result.bid));
    expect(stored).toMatchObject({ credentialNo: '', credentialMasked: '110*************2X', credentialHash: expect.stringMatching(/^[\w-]{43}$/) });
    expect(JSON.stringify(stored)).not.toContain('11010519491231002');
    expect((await t.call<Errors>('addBlacklist', { name: 'Bad', phone: '12345' }, a.token)).result.errors).toEqual([
      { field: 'phone', rule: 'format' },
    ]);
    expect((await t.call<Errors>('addBlacklist', { name: 'Bad', credentialNo: '110105194912310021' }, a.token)).result.errors).toEqual([
      { field: 'credentialNo', rule: 'checksum' },
    ]);
    expect((await t.api.addBlacklist({ name: 'Again', phone: '13800138000' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.addBlacklist({ name: 'Again', credentialNo: '11010519491231002X' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    // Another company keeps its own list.
    expect((await t.api.addBlacklist({ name: '张三', phone: '13800138000' }, b.token)).status).toBe(0);
  });

  it('check matches by phone or number and reports the screening switch, on for a new company', async () => {
    expect((await t.api.checkBlacklist({ phone: '138 0013 8000' }, a.token)).result).toMatchObject({
      listed: true,
      screening: true,
      name: '张三',
      decision: 'refuse',
      matches: [
        { name: '张三', strength: 'exact', level: 'refuse', reason: { rules: ['phone'] }, reasonText: { en: 'same phone', zh: '手机号相同' } },
      ],
    });
    expect((await t.api.updateblackListSwitch({ blackListSwitch: 0 }, a.token)).status).toBe(0);
    expect((await t.api.checkBlacklist({ credentialNo: '11010519491231002x' }, a.token)).result).toMatchObject({ listed: true, screening: false });
    expect((await t.api.checkBlacklist({ phone: '13900000000' }, a.token)).result).toMatchObject({ listed: false });
    expect((await t.api.GetUserInfo({}, a.token)).result.blackListSwitch).toBe(0);
    expect((await t.api.GetUserInfo({}, b.token)).result.blackListSwitch).toBe(1);
    expect((await t.api.updateblackListSwitch({ blackListSwitch: 1 }, a.token)).status).toBe(0);
    expect((await t.api.checkBlacklist({}, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('lists, searches and deletes within the company only', async () => {
    const list = await t.api.getBlacklist({ name: '张' }, a.token);
    expect(list.result.count).toBe(1);
    // A whole number typed finds its entry (by its hash); a middle part of it is not held, so finds nothing.
    expect((await t.api.getBlacklist({ name: '11010519491231002x' }, a.token)).result.list.map((x) => x.name)).toEqual(['李四']);
    expect((await t.api.getBlacklist({ name: '0519491231' }, a.token)).result.count).toBe(0);
    const theirs = (await t.api.getBlacklist({}, b.token)).result.list.map((x) => x.bid);
    expect((await t.api.delBlacklist({ bids: theirs }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const mine = (await t.api.getBlacklist({}, a.token)).result.list.map((x) => x.bid);
    // One id not the company's refuses the whole batch: nothing is half-deleted.
    expect((await t.api.delBlacklist({ bids: [...mine, ...theirs] }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getBlacklist({}, a.token)).result.count).toBe(2);
    expect((await t.api.delBlacklist({ bids: mine }, a.token)).result.deleted).toBe(2);
    expect((await t.api.getBlacklist({}, b.token)).result.count).toBe(1);
  });

  it('an entry from before numbers were hashed is matched by its number until the nightly sweep hashes it', async () => {
    const [old] = await t.db
      .insert(listedPeople)
      .values({ companyId: a.id, kind: 'black', name: '王旧', credentialNo: '11010519491231005X', createdBy: 'Admin Person' })
      .returning();
    expect((await t.api.checkBlacklist({ credentialNo: '11010519491231005x' }, a.token)).result).toMatchObject({ listed: true, name: '王旧' });
    expect((await t.api.getBlacklist({ name: '王旧' }, a.token)).result.list[0]?.credentialNo).toBe('110*************5X');
    expect((await t.api.runRetentionSweep({}, a.token)).status).toBe(0);
    const [hashed] = await t.db
      .select()
      .from(listedPeople)
      .where(eq(listedPeople.id, old?.id ?? 0));
    expect(hashed).toMatchObject({ credentialNo: '', credentialMasked: '110*************5X', credentialHash: expect.stringMatching(/^[\w-]{43}$/) });
    expect((await t.api.checkBlacklist({ credentialNo: '11010519491231005X' }, a.token)).result).toMatchObject({ listed: true, name: '王旧' });
    expect((await t.api.delBlacklist({ bids: [old?.id ?? 0] }, a.token)).status).toBe(0);
  });

  it('the whitelist is a separate list with the same rules', async () => {
    expect((await t.api.addWhitelist({ name: 'VIP', phone: '13800138000' }, a.token)).status).toBe(0);
    expect((await t.api.checkWhitelist({ phone: '13800138000' }, a.token)).result).toMatchObject({ listed: true });
    expect((await t.api.checkBlacklist({ phone: '13800138000' }, a.token)).result).toMatchObject({ listed: false });
  });

  it('the blacklist calls disappear when the blacklist section is switched off', async () => {
    const off = await testApp({}, { FEATURES_OFF: 'blacklist' });
    const c = await seedCompany(off);
    expect((await off.api.getBlacklist({}, c.token)).http).toBe(404);
    expect((await off.api.getWhitelist({}, c.token)).status).toBe(0);
    await off.close();
  });

  it('companies made before screening was on by default keep theirs: off unless they switched it on', async () => {
    const before = await seedCompany(t, 'Old Ltd');
    const switchedOn = await seedCompany(t, 'Old Careful Ltd');
    await t.db.update(companies).set({ settings: {} }).where(eq(companies.id, before.id));
    await t.db
      .update(companies)
      .set({ settings: { blackListSwitch: 1 } })
      .where(eq(companies.id, switchedOn.id));
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../../../drizzle/0050_blacklist_screening_default.sql'), 'utf8');
    // Last in this file: the migration writes every company that has no switch yet, as it does on an upgrade.
    await t.db.execute(sql.raw(migration));
    expect((await t.api.GetUserInfo({}, before.token)).result.blackListSwitch).toBe(0);
    expect((await t.api.GetUserInfo({}, switchedOn.token)).result.blackListSwitch).toBe(1);
  });
});
