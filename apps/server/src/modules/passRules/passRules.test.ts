import { type PassRule, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { deviceGroups } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };
const CALLS = [
  'getHoliday',
  'addHoliday',
  'updateHoliday',
  'delHoliday',
  'getPassRuleList',
  'addPassRule',
  'updatePassRule',
  'delPassRule',
  'getPassConfigList',
  'addPassConfig',
  'updatePassConfig',
  'delPassConfig',
  'getPassConfigOptions',
  'getGatePassWay',
  'updateGatePassWay',
];

describe('pass rules', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28; a front desk or an employee may not (610)', async () => {
    const desk = await seedStaff(t, a.id, 2);
    for (const name of CALLS) {
      expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
      expect((await t.call(name, {}, desk.token)).status, name).toBe(Status.NO_PERMISSION);
    }
  });

  it('holidays: by year, 223 on a repeated date in the company, 602 across companies', async () => {
    const day = await t.api.addHoliday({ hdate: '2026-10-01', hname: ' National Day ', passFlag: 1 }, a.token);
    expect(day.result).toEqual({ hid: day.result.hid, hdate: '2026-10-01', hname: 'National Day', passFlag: 1 });
    const work = (await t.api.addHoliday({ hdate: '2026-10-11', hname: 'Make-up day', passFlag: 2 }, a.token)).result;
    await t.api.addHoliday({ hdate: '2027-01-01', hname: 'New Year', passFlag: 1 }, a.token);
    expect((await t.api.addHoliday({ hdate: '2026-10-01', hname: 'Again', passFlag: 1 }, a.token)).status).toBe(Status.DATE_REPEATED);
    expect((await t.api.addHoliday({ hdate: '2026-10-01', hname: 'Theirs', passFlag: 1 }, b.token)).status).toBe(0);
    expect((await t.api.updateHoliday({ hid: work.hid, hdate: '2026-10-01', hname: 'x', passFlag: 2 }, a.token)).status).toBe(Status.DATE_REPEATED);
    expect((await t.api.updateHoliday({ hid: work.hid, hdate: '2026-10-12', hname: 'Moved', passFlag: 2 }, a.token)).result).toEqual({
      hid: work.hid,
      hdate: '2026-10-12',
      hname: 'Moved',
      passFlag: 2,
    });
    expect((await t.api.getHoliday({ year: 2026 }, a.token)).result.map((h) => [h.hdate, h.hname])).toEqual([
      ['2026-10-01', 'National Day'],
      ['2026-10-12', 'Moved'],
    ]);
    expect((await t.api.getHoliday({ year: 2027 }, a.token)).result.map((h) => h.hname)).toEqual(['New Year']);
    expect((await t.api.updateHoliday({ hid: work.hid, hdate: '2026-10-13', hname: 'Mine', passFlag: 1 }, b.token)).status).toBe(
      Status.NO_SUCH_RECORD,
    );
    expect((await t.api.delHoliday({ hid: work.hid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delHoliday({ hid: work.hid }, a.token)).status).toBe(0);
    expect((await t.api.delHoliday({ hid: work.hid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const bad = await t.call<Errors>('addHoliday', { hdate: '2026-02-30', hname: '', passFlag: 3 }, a.token);
    expect(bad.result.errors.map((e) => e.field).sort()).toEqual(['hdate', 'hname', 'passFlag']);
  });

  const schedule = { rname: 'Office hours', mon: ['13:00-18:00', '08:00-12:00'], tue: ['08:00-18:00'], holMode: 1, hol: ['10:00-12:00'] } as const;

  it('schedules: slots sorted, names unique, bad slots refused on their field', async () => {
    const added = await t.api.addPassRule({ ...schedule, mon: [...schedule.mon], tue: [...schedule.tue], hol: [...schedule.hol] }, a.token);
    expect(added.result).toEqual({
      rid: added.result.rid,
      rname: 'Office hours',
      startDate: '',
      endDate: '',
      mon: ['08:00-12:00', '13:00-18:00'],
      tue: ['08:00-18:00'],
      wed: [],
      thu: [],
      fri: [],
      sat: [],
      sun: [],
      hol: ['10:00-12:00'],
      holMode: 1,
      daysOff: [],
      daysOffMode: 0,
      configs: 0,
    });
    expect((await t.api.addPassRule({ rname: 'OFFICE HOURS' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.addPassRule({ rname: 'Office hours' }, b.token)).status).toBe(0);
    const errors = async (body: object) => (await t.call<Errors>('addPassRule', { rname: 'Bad', ...body }, a.token)).result.errors;
    expect(await errors({ mon: ['08:00-12:00', '11:00-13:00'] })).toEqual([{ field: 'mon.1', rule: 'overlap' }]);
    expect(await errors({ wed: ['12:00-08:00'] })).toEqual([{ field: 'wed.0', rule: 'slotOrder' }]);
    expect(await errors({ fri: ['8:00-12:00'] })).toEqual([{ field: 'fri.0', rule: 'format' }]);
    expect(await errors({ sat: Array.from({ length: 7 }, (_, i) => `0${i}:00-0${i}:30`) })).toEqual([{ field: 'sat', rule: 'tooMany' }]);
    expect(await errors({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual([{ field: 'endDate', rule: 'beforeStart' }]);
    // Touching slots do not overlap: the end minute is excluded.
    expect(
      (await t.api.addPassRule({ rname: 'Touching', thu: ['08:00-12:00', '12:00-24:00'], startDate: '2026-01-01', endDate: '2026-01-01' }, a.token))
        .status,
    ).toBe(0);
    expect((await t.api.getPassRuleList({ rname: 'touch' }, a.token)).result.map((r) => r.rname)).toEqual(['Touching']);
  });

  it('schedules: update and delete; 602 across companies; 58 with the count while a strategy uses one', async () => {
    const [office] = (await t.api.getPassRuleList({ rname: 'Office' }, a.token)).result as PassRule[];
    const rid = office?.rid ?? 0;
    expect((await t.api.updatePassRule({ rid, rname: 'Touching' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.updatePassRule({ rid, rname: 'Mine' }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delPassRule({ rid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    const updated = await t.api.updatePassRule({ rid, rname: 'Office', fri: ['09:00-10:00'], daysOffMode: 1, daysOff: ['09:00-12:00'] }, a.token);
    expect(updated.result).toMatchObject({ rname: 'Office', mon: [], fri: ['09:00-10:00'], daysOffMode: 1, daysOff: ['09:00-12:00'], holMode: 0 });
    const config = await t.api.addPassConfig({ cname: 'Staff', forEmployees: true, rid }, a.token);
    expect(config.status).toBe(0);
    const refused = await t.call('delPassRule', { rid }, a.token);
    expect([refused.status, refused.result]).toEqual([Status.UPDATE_NOT_ALLOWED, { configs: 1 }]);
    expect((await t.api.getPassRuleList({ rname: 'Office' }, a.token)).result[0]?.configs).toBe(1);
    expect((await t.api.delPassConfig({ cid: config.result.cid }, a.token)).status).toBe(0);
    expect((await t.api.delPassRule({ rid }, a.token)).status).toBe(0);
    expect((await t.api.delPassRule({ rid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
  });

  it("strategies: binds the company's groups, types and schedule; foreign ids and limits above the company's are field errors", async () => {
    const rid = (await t.api.addPassRule({ rname: 'Visitors', mon: ['09:00-17:00'] }, a.token)).result.rid;
    const bRid = (await t.api.getPassRuleList({}, b.token)).result[0]?.rid ?? 0;
    const [lobby, lab] = await t.db
      .insert(deviceGroups)
      .values([
        { companyId: a.id, name: 'Lobby' },
        { companyId: a.id, name: 'Lab' },
      ])
      .returning();
    const [theirs] = await t.db.insert(deviceGroups).values({ companyId: b.id, name: 'Theirs' }).returning();
    const tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, a.token)).result.tid;
    const bTid = (await t.api.addVisitorType({ vType: '访客#Guest' }, b.token)).result.tid;
    const body = {
      cname: 'Guests',
      forVisitors: true,
      tids: [tid],
      egids: [lab?.id ?? 0, lobby?.id ?? 0],
      rid,
      maxDays: 2,
      maxUses: 4,
      entryMode: 'single',
      passWay: 'qr',
    } as const;
    const added = await t.api.addPassConfig({ ...body, tids: [...body.tids], egids: [...body.egids] }, a.token);
    expect(added.result).toEqual({
      cid: added.result.cid,
      cname: 'Guests',
      forEmployees: false,
      forVisitors: true,
      tids: [tid],
      forResidents: false,
      egids: [lobby?.id, lab?.id].sort((x = 0, y = 0) => x - y),
      rid,
      rname: 'Visitors',
      maxDays: 2,
      maxUses: 4,
      entryMode: 'single',
      passWay: 'qr',
      explain: '',
    });
    expect((await t.api.addPassConfig({ cname: 'GUESTS', forEmployees: true, rid }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    const errors = async (patch: object) => (await t.call<Errors>('addPassConfig', { ...body, cname: 'Other', ...patch }, a.token)).result.errors;
    expect(await errors({ rid: bRid, egids: [theirs?.id], tids: [bTid] })).toEqual([
      { field: 'rid', rule: 'notFound' },
      { field: 'egids', rule: 'notFound' },
      { field: 'tids', rule: 'notFound' },
    ]);
    expect(await errors({ forVisitors: false })).toEqual([{ field: 'forEmployees', rule: 'required' }]);
    await t.api.updateQrcodeConf({ qrMaxCount: 3, qrMaxDuration: 36 }, a.token);
    expect(await errors({ maxUses: 4, maxDays: 2 })).toEqual([
      { field: 'maxUses', rule: 'aboveCompanyLimit' },
      { field: 'maxDays', rule: 'aboveCompanyLimit' },
    ]);
    expect((await t.api.addPassConfig({ ...body, cname: 'Within', tids: [], egids: [], maxUses: 3, maxDays: 1 }, a.token)).status).toBe(0);
    const options = (await t.api.getPassConfigOptions({}, a.token)).result;
    expect(options).toEqual({
      groups: [
        { egid: lab?.id, name: 'Lab' },
        { egid: lobby?.id, name: 'Lobby' },
      ],
      rules: [
        { rid: expect.any(Number), rname: 'Touching' },
        { rid, rname: 'Visitors' },
      ],
      visitorTypes: [{ tid, vType: '访客#Guest' }],
      qrMaxCount: 3,
      qrMaxDuration: 36,
    });
    const cid = added.result.cid;
    expect((await t.api.updatePassConfig({ ...body, cid, maxUses: 3, maxDays: 1, tids: [], egids: [] }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delPassConfig({ cid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    const updated = await t.api.updatePassConfig({ cid, cname: 'Guests', forResidents: true, rid, egids: [lobby?.id ?? 0], maxUses: 2 }, a.token);
    expect(updated.result).toMatchObject({
      forVisitors: false,
      tids: [],
      forResidents: true,
      egids: [lobby?.id],
      maxUses: 2,
      maxDays: 0,
      entryMode: 'multiple',
    });
    expect((await t.api.getPassConfigList({ cname: 'guest' }, a.token)).result.map((c) => c.cname)).toEqual(['Guests']);
    expect((await t.api.getPassConfigList({}, b.token)).result).toEqual([]);
    expect((await t.api.delPassConfig({ cid }, a.token)).status).toBe(0);
    expect((await t.api.delPassConfig({ cid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
  });

  it('gate pass ways: both until set; 125 for a gate of another company', async () => {
    const east = (await t.api.addGate({ gname: 'East' }, a.token)).result;
    const theirs = (await t.api.addGate({ gname: 'West' }, b.token)).result;
    expect((await t.api.getGatePassWay({}, a.token)).result).toEqual([{ gid: east.gid, gname: 'East', passWay: 'both' }]);
    expect((await t.api.updateGatePassWay({ gid: east.gid, passWay: 'face' }, a.token)).result).toEqual({
      gid: east.gid,
      gname: 'East',
      passWay: 'face',
    });
    expect((await t.api.getGatePassWay({}, a.token)).result[0]?.passWay).toBe('face');
    expect((await t.api.updateGatePassWay({ gid: theirs.gid, passWay: 'qr' }, a.token)).status).toBe(Status.GATE_NOT_FOUND);
    expect((await t.api.getGatePassWay({}, b.token)).result).toEqual([{ gid: theirs.gid, gname: 'West', passWay: 'both' }]);
    expect((await t.call<Errors>('updateGatePassWay', { gid: east.gid, passWay: 'card' }, a.token)).result.errors).toEqual([
      { field: 'passWay', rule: 'invalid_value' },
    ]);
  });
});
