import { REFUSE_REASON_MAX, Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, PASSWORD, seedCompany, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

type Errors = { errors: { field: string; rule: string }[] };

async function readSheet(body: Buffer): Promise<{ name: string; rows: string[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    rows.push(Array.from((row.values as unknown[]).slice(1)).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
  });
  return { name: sheet?.name ?? '', rows };
}

describe('temporary cards', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: string;
  let hse: string;
  let emp: { id: number; token: string };
  let other: { id: number; token: string };
  let bEmp: number;
  const signIn = async (phone: string) => (await t.api.empLogin({ phone, empPwd: PASSWORD })).result.token;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = (await seedStaff(t, a.id, 2)).token;
    hse = (await seedStaff(t, a.id, 0)).token;
    const e1 = await seedEmployee(t, a.id, '13955560001');
    const e2 = await seedEmployee(t, a.id, '13955560002');
    emp = { id: e1.id, token: await signIn(e1.phone) };
    other = { id: e2.id, token: await signIn(e2.phone) };
    bEmp = (await seedEmployee(t, b.id, '13955560003')).id;
  });
  afterAll(() => t.close());

  it('an employee applies for themself: the empid comes from the session, their record is copied', async () => {
    const r = await t.api.addInterimCard({ office: 'B2-301' }, emp.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ empid: emp.id, name: '张三', phone: '13955560001', email: 'zhang@example.com', icStatus: 0, office: 'B2-301' });
    expect(r.result.overdue).toBe(false);
    expect(Math.abs(r.result.submitTime - Date.now())).toBeLessThan(60_000);
    // Another employee's empid in an employee's body is refused.
    expect((await t.api.addInterimCard({ empid: other.id }, emp.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('the desk applies for an employee of its company (55 for another company’s) or a visitor by name and phone', async () => {
    expect((await t.api.addInterimCard({ empid: other.id }, desk)).result).toMatchObject({ empid: other.id, icStatus: 0 });
    expect((await t.api.addInterimCard({ empid: bEmp }, desk)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    const visitor = await t.api.addInterimCard({ name: 'Visitor Vera', phone: '13800990001' }, desk);
    expect(visitor.result).toMatchObject({ empid: 0, name: 'Visitor Vera', phone: '13800990001' });
    const missing = await t.call<Errors>('addInterimCard', { name: 'No Phone' }, desk);
    expect(missing.status).toBe(Status.BAD_PARAMS);
    expect(missing.result.errors).toEqual([{ field: 'phone', rule: 'required' }]);
  });

  it('lends (0 → 1) and takes back (1 → 2); every wrong step is refused with its status', async () => {
    const cid = (await t.api.addInterimCard({ empid: emp.id }, desk)).result.cid;
    const lent = await t.api.updateInterimCard({ cid, cardNo: ' T0001 ' }, desk);
    expect(lent.status).toBe(0);
    expect(lent.result).toMatchObject({ icStatus: 1, cardNo: 'T0001', overdue: false });
    // Due at the end of the day it was lent.
    const midnight = new Date();
    midnight.setHours(24, 0, 0, 0);
    expect(lent.result.returnDue).toBe(midnight.getTime());
    // Lending twice, refusing a lent card: 58.
    expect((await t.api.updateInterimCard({ cid, cardNo: 'T0002' }, desk)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.refuseInterimCard({ cid, refuseReason: 'no' }, desk)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    // The same number (any case) cannot be lent to someone else while out.
    const second = (await t.api.addInterimCard({ empid: other.id }, desk)).result.cid;
    const taken = await t.api.updateInterimCard({ cid: second, cardNo: 't0001' }, desk);
    expect(taken.status).toBe(Status.ALREADY_EXISTS);
    expect((await t.call<Errors>('updateInterimCard', { cid: second, cardNo: 'T-01' }, desk)).result.errors[0]?.field).toBe('cardNo');
    expect((await t.call<Errors>('updateInterimCard', { cid: second, cardNo: 'T'.repeat(33) }, desk)).status).toBe(Status.BAD_PARAMS);
    const back = await t.api.returnInterimCard({ cid }, desk);
    expect(back.result).toMatchObject({ icStatus: 2 });
    expect(back.result.returnTime).not.toBeNull();
    // Returned: not lent any more, so a second return is 58, and the number is free again.
    expect((await t.api.returnInterimCard({ cid }, desk)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.updateInterimCard({ cid: second, cardNo: 'T0001' }, desk)).result.icStatus).toBe(1);
    // Each hand-over is a webhook event with the card and its holder; the refused lend (taken number) made none.
    const events = (await eventsOf(t, a.id, 'temporary_card.lent', 'temporary_card.returned')).filter((e) => e.data.cardId === cid);
    expect(events.map((e) => e.type)).toEqual(['temporary_card.lent', 'temporary_card.returned']);
    expect(events[1]?.data).toMatchObject({ cardNo: 'T0001', holder: { employeeId: emp.id }, returnedAt: expect.any(String) });
    expect((await eventsOf(t, a.id, 'temporary_card.lent')).filter((e) => e.data.cardId === second)).toHaveLength(1);
  });

  it('refuses (0 → 3) with a reason of at most 50 characters; a card never lent cannot be returned', async () => {
    const cid = (await t.api.addInterimCard({ name: 'Walk In', phone: '13800990002' }, desk)).result.cid;
    const long = await t.call<Errors>('refuseInterimCard', { cid, refuseReason: 'x'.repeat(REFUSE_REASON_MAX + 1) }, desk);
    expect(long.status).toBe(Status.BAD_PARAMS);
    expect(long.result.errors[0]?.field).toBe('refuseReason');
    expect((await t.call<Errors>('refuseInterimCard', { cid, refuseReason: '  ' }, desk)).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.returnInterimCard({ cid }, desk)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const refused = await t.api.refuseInterimCard({ cid, refuseReason: 'x'.repeat(REFUSE_REASON_MAX) }, a.token);
    expect(refused.result).toMatchObject({ icStatus: 3, refuseReason: 'x'.repeat(REFUSE_REASON_MAX) });
    expect((await t.api.updateInterimCard({ cid, cardNo: 'T0009' }, desk)).status).toBe(Status.UPDATE_NOT_ALLOWED);
  });

  it("another company's card is not found (602); roles outside the call are refused (610)", async () => {
    const theirs = (await t.api.addInterimCard({ name: 'Their Guest', phone: '13800990003' }, b.token)).result.cid;
    expect((await t.api.updateInterimCard({ cid: theirs, cardNo: 'B1' }, desk)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.refuseInterimCard({ cid: theirs, refuseReason: 'no' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.returnInterimCard({ cid: theirs }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getInterimCard({}, b.token)).result.count).toBe(1);
    expect((await t.api.updateInterimCard({ cid: theirs, cardNo: 'B1' }, emp.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.updateInterimCard({ cid: theirs, cardNo: 'B1' }, hse)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.addInterimCard({ name: 'X Y', phone: '13800990004' }, hse)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getInterimCard({}, hse)).status).toBe(0);
  });

  it('lists newest first by every filter; an employee reads only their own', async () => {
    const list = async (f: Parameters<typeof t.api.getInterimCard>[0], token = desk) => (await t.api.getInterimCard(f, token)).result;
    const all = await list({});
    expect(all.count).toBe(6);
    const times = all.list.map((c) => c.submitTime);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const mine = await list({ empid: other.id }, emp.token);
    expect(mine.list.every((c) => c.empid === emp.id)).toBe(true);
    expect(mine.count).toBe(2);
    expect((await list({ empid: emp.id })).count).toBe(2);
    expect((await list({ name: 'visitor' })).list.map((c) => c.name)).toEqual(['Visitor Vera']);
    expect((await list({ cardNo: 't0001' })).count).toBe(2);
    expect((await list({ icStatus: 1 })).count).toBe(1);
    expect((await list({ icList: [2, 3] })).count).toBe(2);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await list({ startDate: tomorrow })).count).toBe(0);
    expect((await list({ endDate: tomorrow, startDate: '2020-01-01' })).count).toBe(6);
    expect((await list({ overdue: true })).count).toBe(0);
  });

  it('flags a lent card past its due time as overdue, and the list can filter them', async () => {
    const cid = (await t.api.addInterimCard({ name: 'Late Larry', phone: '13800990005' }, desk)).result.cid;
    expect((await t.call<Errors>('updateInterimCard', { cid, cardNo: 'L1', returnDue: Date.now() - 1000 }, desk)).result.errors[0]?.field).toBe(
      'returnDue',
    );
    expect((await t.api.updateInterimCard({ cid, cardNo: 'L1', returnDue: Date.now() + 300 }, desk)).result.overdue).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    const late = (await t.api.getInterimCard({ overdue: true }, desk)).result;
    expect(late.list.map((c) => [c.cid, c.overdue])).toEqual([[cid, true]]);
  });

  it('exports the filtered list as xlsx in the chosen language, and logs every write', async () => {
    const get = (query: string, token = a.token) =>
      t.app.inject({ method: 'GET', url: `/api/ExportInterimCardList${query}`, headers: { 'x-coolvisit-token': token } });
    const zh = await get('?lang=zh&icList=1,2');
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-disposition']).toMatch(/temporary-cards-\d{8}-\d{4}\.xlsx/);
    const sheet = await readSheet(zh.rawPayload);
    expect(sheet.name).toBe('临时卡');
    expect(sheet.rows[0]?.slice(0, 3)).toEqual(['姓名', '部门', '工号']);
    expect(sheet.rows.slice(1).map((r) => [r[0], r[6], r[7], r[8]])).toEqual([
      ['Late Larry', 'L1', '未归还', '是'],
      ['张三', 'T0001', '未归还', ''],
      ['张三', 'T0001', '已归还', ''],
    ]);
    const en = await readSheet((await get('?lang=en&name=Vera')).rawPayload);
    expect(en.rows.map((r) => r[0])).toEqual(['Name', 'Visitor Vera']);
    expect((await get('', emp.token)).json().status).toBe(Status.NO_PERMISSION);
    const logs = await t.api.getLogList({ optModule: 11 }, a.token);
    expect(logs.status).toBe(0);
    expect(logs.result.count).toBeGreaterThanOrEqual(10);
  });

  it('answers per card what the caller may do now: the desk lends or refuses an applied card, takes back a lent one; a reader nothing', async () => {
    const applied = (await t.api.addInterimCard({ empid: emp.id, office: 'Policy' }, desk)).result.cid;
    const lent = (await t.api.addInterimCard({ empid: emp.id, office: 'Policy' }, desk)).result.cid;
    expect((await t.api.updateInterimCard({ cid: lent, cardNo: 'POL1' }, desk)).result.can).toEqual({ lend: false, refuse: false, giveBack: true });
    const canOf = async (token: string) =>
      Object.fromEntries(((await t.api.getInterimCard({ name: '张三' }, token)).result.list ?? []).map((c) => [c.cid, c.can]));
    const byDesk = await canOf(desk);
    expect(byDesk[applied]).toEqual({ lend: true, refuse: true, giveBack: false });
    expect(byDesk[lent]).toEqual({ lend: false, refuse: false, giveBack: true });
    // HSE reads cards but makes none of the three calls; an employee neither.
    expect((await canOf(hse))[applied]).toEqual({ lend: false, refuse: false, giveBack: false });
    expect((await canOf(emp.token))[lent]).toEqual({ lend: false, refuse: false, giveBack: false });
    await t.api.returnInterimCard({ cid: lent }, desk);
  });

  it('the calls disappear when the temporary card section is switched off', async () => {
    const off = await testApp({}, { FEATURES_OFF: 'tempCard' });
    const c = await seedCompany(off);
    expect((await off.api.getInterimCard({}, c.token)).http).toBe(404);
    await off.close();
  });
});
