import { Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedStaff, seedSubAccount, type TestApp, testApp } from '../../../test/harness.js';
import { departments, employeeDepartments, employees, visits } from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';
import { reportTableRepository } from './reportTable.repository.js';

interface Figures {
  visits: number;
  people: number;
  signedIn: number;
  signedOut: number;
  onSite: number;
  avgStayMinutes: number | null;
}
interface Report {
  groupBy: string;
  groups: ({ key: string; label: string } & Figures)[];
  totals: Figures;
  page: { count: number; countCapped: boolean; list: { vid: number; vname: string }[] } | null;
}

/** A local (server time zone) moment of March 2026. */
const at = (day: number, h: number, m = 0) => new Date(2026, 2, day, h, m);
const PERIOD = { startDate: '2026-03-01', endDate: '2026-03-03' };
const fig = (visits: number, people: number, signedIn: number, signedOut: number, onSite: number, avgStayMinutes: number | null) => ({
  visits,
  people,
  signedIn,
  signedOut,
  onSite,
  avgStayMinutes,
});
const ALL = fig(7, 10, 5, 4, 1, 58);
/** A date read from the sheet (wall-clock time written as UTC) as the moment it means here. */
const wall = (d: Date) => new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()).getTime();

describe('visitor report (getVisitReport, ExportVisitReport)', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  let b: Awaited<ReturnType<typeof seedCompany>>;
  let subToken: string;
  let d1: number;
  let d2: number;
  let bDept: number;
  const vid: Record<string, number> = {};

  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t);
    b = await seedCompany(t);
    const sub = await seedSubAccount(t, a.id);
    const other = await seedSubAccount(t, a.id);
    subToken = (await t.api.subAccountLogin({ email: sub.email, password: PASSWORD })).result.token;
    const [r1, r2, rb] = await t.db
      .insert(departments)
      .values([
        { companyId: a.id, name: '研发部' },
        { companyId: a.id, name: '销售部' },
        { companyId: b.id, name: 'B 部门' },
      ])
      .returning();
    [d1, d2, bDept] = [r1?.id ?? 0, r2?.id ?? 0, rb?.id ?? 0];
    const hosts = await t.db
      .insert(employees)
      .values([
        { companyId: a.id, name: 'Host One' },
        { companyId: a.id, name: 'Host Two' },
        { companyId: a.id, name: 'Host Three' },
        { companyId: b.id, name: 'B Host' },
      ])
      .returning();
    const [h1, h2, h3, hb] = hosts.map((h) => h.id) as [number, number, number, number];
    // Host One in 研发部, Host Two in both departments, Host Three in none.
    await t.db.insert(employeeDepartments).values([
      { companyId: a.id, empId: h1, deptId: d1 },
      { companyId: a.id, empId: h2, deptId: d1 },
      { companyId: a.id, empId: h2, deptId: d2 },
      { companyId: b.id, empId: hb, deptId: bDept },
    ]);
    const one = { name: '随行', phone: '' };
    const rows = [
      {
        key: 'V1',
        kind: 'walkin',
        status: 'signedOut',
        empId: h1,
        visitType: '面试#Interview',
        company: 'Acme',
        followers: [one],
        visitAt: at(1, 9),
        signOutAt: at(1, 10),
      },
      {
        key: 'V2',
        kind: 'invite',
        status: 'signedOut',
        empId: h2,
        visitType: '会议#Meeting',
        company: 'Beta',
        appointmentAt: at(1, 14),
        visitAt: at(2, 9),
        signOutAt: at(2, 9, 30),
      },
      { key: 'V3', kind: 'appointment', status: 'reserved', empId: h3, visitType: '会议#Meeting', company: 'Acme', appointmentAt: at(2, 15) },
      { key: 'V4', kind: 'walkin', status: 'signedIn', empId: h1, visitType: '', company: '', followers: [one, one], visitAt: at(3, 8) },
      {
        key: 'V5',
        kind: 'resident',
        status: 'signedOut',
        empId: h2,
        visitType: '面试#Interview',
        company: 'Acme',
        visitAt: at(3, 10),
        signOutAt: at(3, 12),
      },
      {
        key: 'V7',
        kind: 'walkin',
        status: 'signedOut',
        empId: h3,
        visitType: '',
        company: 'SubCo',
        visitAt: at(1, 11),
        signOutAt: at(1, 11, 20),
        subAccountId: sub.id,
      },
      { key: 'V8', kind: 'walkin', status: 'unauthorized', empId: h1, visitType: '面试#Interview', company: 'Beta', createdAt: at(2, 10) },
      // Outside the period, by a minute each side.
      { key: 'before', kind: 'walkin', status: 'signedIn', empId: h1, visitType: '', company: 'Acme', visitAt: new Date(2026, 1, 28, 23, 59) },
      { key: 'after', kind: 'walkin', status: 'signedIn', empId: h1, visitType: '', company: 'Acme', visitAt: at(4, 0) },
    ];
    for (const { key, ...r } of rows) {
      const [row] = await t.db
        .insert(visits)
        .values({ companyId: a.id, name: key, ...r })
        .returning();
      vid[key] = row?.id ?? 0;
    }
    // Another company's and another sub-company's visits in the period.
    await t.db.insert(visits).values([
      { companyId: b.id, name: 'B1', kind: 'walkin', status: 'signedIn', empId: hb, company: 'Acme', visitAt: at(1, 9) },
      {
        companyId: a.id,
        name: 'other-sub',
        kind: 'walkin',
        status: 'signedIn',
        empId: h1,
        company: 'Acme',
        visitAt: new Date(2025, 0, 1),
        subAccountId: other.id,
      },
    ]);
  });
  afterAll(() => t.close());

  const report = async (q: Record<string, unknown>, token = a.token) => {
    const r = await t.api.getVisitReport({ ...PERIOD, ...q }, token);
    expect(r.status, r.reason).toBe(0);
    return r.result;
  };
  const groups = (r: Report) => r.groups.map(({ key, label, ...f }) => ({ key, label, ...f }));

  it('groups by day in order, a visit on the day it signed in, else was expected, else registered', async () => {
    const r = await report({ groupBy: 'day' });
    expect(groups(r)).toEqual([
      { key: '2026-03-01', label: '2026-03-01', ...fig(2, 3, 2, 2, 0, 40) },
      { key: '2026-03-02', label: '2026-03-02', ...fig(3, 3, 1, 1, 0, 30) },
      { key: '2026-03-03', label: '2026-03-03', ...fig(2, 4, 2, 1, 1, 120) },
    ]);
    expect(r.totals).toEqual(ALL);
    expect(r.page).toBeNull();
  });

  it("groups by the host's departments: a host in two counts in both, the totals once", async () => {
    const r = await report({ groupBy: 'department' });
    expect(groups(r)).toEqual([
      { key: String(d1), label: '研发部', ...fig(5, 8, 4, 3, 1, 70) },
      { key: '', label: '', ...fig(2, 2, 1, 1, 0, 20) },
      { key: String(d2), label: '销售部', ...fig(2, 2, 2, 2, 0, 75) },
    ]);
    expect(r.totals).toEqual(ALL);
  });

  it('groups by visit type and by company, most visits first', async () => {
    expect(groups(await report({ groupBy: 'visitType' }))).toEqual([
      { key: '面试#Interview', label: '面试#Interview', ...fig(3, 4, 2, 2, 0, 90) },
      { key: '', label: '', ...fig(2, 4, 2, 1, 1, 20) },
      { key: '会议#Meeting', label: '会议#Meeting', ...fig(2, 2, 1, 1, 0, 30) },
    ]);
    expect(groups(await report({ groupBy: 'company' }))).toEqual([
      { key: 'Acme', label: 'Acme', ...fig(3, 4, 2, 2, 0, 90) },
      { key: 'Beta', label: 'Beta', ...fig(2, 2, 1, 1, 0, 30) },
      { key: '', label: '', ...fig(1, 3, 1, 0, 1, null) },
      { key: 'SubCo', label: 'SubCo', ...fig(1, 1, 1, 1, 0, 20) },
    ]);
  });

  it('lists a page of visits newest first with the totals of them all', async () => {
    const r = await report({ groupBy: 'none', requestedCount: 3 });
    expect(r.groups).toEqual([]);
    expect(r.totals).toEqual(ALL);
    expect(r.page?.count).toBe(7);
    expect(r.page?.list.map((v) => v.vname)).toEqual(['V5', 'V4', 'V3']);
    const next = await report({ groupBy: 'none', requestedCount: 3, startIndex: 3 });
    expect(next.page?.list.map((v) => v.vname)).toEqual(['V8', 'V2', 'V7']);
  });

  it('combines the department with the list filters', async () => {
    const r = await report({ groupBy: 'company', deptid: d1, kind: 'walkin' });
    expect(groups(r)).toEqual([
      { key: '', label: '', ...fig(1, 3, 1, 0, 1, null) },
      { key: 'Acme', label: 'Acme', ...fig(1, 2, 1, 1, 0, 60) },
      { key: 'Beta', label: 'Beta', ...fig(1, 1, 0, 0, 0, null) },
    ]);
    expect(r.totals).toEqual(fig(3, 6, 2, 1, 1, 60));
    // Grouped by department with one chosen: that department's group only.
    const d = await report({ groupBy: 'department', deptid: d2 });
    expect(groups(d)).toEqual([{ key: String(d2), label: '销售部', ...fig(2, 2, 2, 2, 0, 75) }]);
    expect(d.totals).toEqual(fig(2, 2, 2, 2, 0, 75));
    const onSite = await report({ groupBy: 'none', onSite: true, vcompany: '' });
    expect(onSite.page?.list.map((v) => v.vname)).toEqual(['V4']);
    expect((await report({ groupBy: 'day', name: 'V1', status: 'signedOut' })).totals).toEqual(fig(1, 2, 1, 1, 0, 60));
  });

  it("shows a sub-company only its own visitors, and a company never another's", async () => {
    const r = await report({ groupBy: 'day' }, subToken);
    expect(groups(r)).toEqual([{ key: '2026-03-01', label: '2026-03-01', ...fig(1, 1, 1, 1, 0, 20) }]);
    expect(r.totals).toEqual(fig(1, 1, 1, 1, 0, 20));
    const other = await report({ groupBy: 'department' }, b.token);
    expect(groups(other)).toEqual([{ key: String(bDept), label: 'B 部门', ...fig(1, 1, 1, 0, 1, null) }]);
  });

  it('refuses without a session, a role that does not read visits, and another company’s department', async () => {
    expect((await t.api.getVisitReport(PERIOD)).status).toBe(Status.TOKEN_MISSING);
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.api.getVisitReport(PERIOD, kiosk.token)).status).toBe(Status.NO_PERMISSION);
    const foreign = await t.api.getVisitReport({ ...PERIOD, groupBy: 'day', deptid: bDept }, a.token);
    expect([foreign.status, foreign.result]).toEqual([Status.NO_SUCH_RECORD, null]);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.getVisitReport(PERIOD, desk.token)).status).toBe(0);
  });

  it('answers the period rules for reversed, too long and malformed periods', async () => {
    const rule = async (q: Record<string, unknown>) => {
      const r = await t.call<{ errors: { field: string; rule: string }[] }>('getVisitReport', q, a.token);
      expect(r.status).toBe(Status.BAD_PARAMS);
      return r.result.errors;
    };
    expect(await rule({ startDate: '2026-03-03', endDate: '2026-03-01' })).toEqual([{ field: 'endDate', rule: 'beforeStart' }]);
    expect(await rule({ startDate: '2025-01-01', endDate: '2026-01-02' })).toEqual([{ field: 'endDate', rule: 'periodTooLong' }]);
    expect(await rule({ startDate: '2026-02-30', endDate: '2026-03-01' })).toEqual([{ field: 'startDate', rule: 'format' }]);
    expect(await rule({ ...PERIOD, groupBy: 'hour' })).toEqual([{ field: 'groupBy', rule: 'invalid_value' }]);
    expect((await t.api.getVisitReport({ startDate: '2025-01-01', endDate: '2025-12-31' }, a.token)).status).toBe(0);
  });

  const sheetOf = async (query: string, token = a.token) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ExportVisitReport?${query}`, headers: { 'x-coolvisit-token': token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]?.eachRow((r) => {
      rows.push(Array.from((r.values as unknown[]).slice(1), (v) => (v instanceof Date ? wall(v) : (v ?? ''))));
    });
    // A row ends at its last value: pad it to the header's width (an empty average stay is no cell at all).
    return rows.map((r) => [...r, ...Array<string>(Math.max(0, (rows[0]?.length ?? 0) - r.length)).fill('')]);
  };
  const cells = (f: Figures) => [f.visits, f.people, f.signedIn, f.signedOut, f.onSite, f.avgStayMinutes ?? ''];

  it('exports the grouped table and its totals row as the call answers it, in English and Chinese', async () => {
    const q = `startDate=${PERIOD.startDate}&endDate=${PERIOD.endDate}&groupBy=company`;
    const call = await report({ groupBy: 'company' });
    expect(await sheetOf(`${q}&lang=en`)).toEqual([
      ['Company', 'Visits', 'People', 'Signed in', 'Signed out', 'On site', 'Average stay (min)'],
      ...call.groups.map((g) => [g.label || 'No company', ...cells(g)]),
      ['Total', ...cells(call.totals)],
    ]);
    const dept = await report({ groupBy: 'department' });
    expect(await sheetOf(`startDate=2026-03-01&endDate=2026-03-03&groupBy=department&lang=zh`)).toEqual([
      ['部门', '来访次数', '人数', '已签到', '已签出', '在场', '平均停留（分钟）'],
      ['研发部', ...cells(fig(5, 8, 4, 3, 1, 70))],
      ['无部门', ...cells(fig(2, 2, 1, 1, 0, 20))],
      ['销售部', ...cells(fig(2, 2, 2, 2, 0, 75))],
      ['合计', ...cells(dept.totals)],
      ['被访人属于多个部门时，来访计入每个部门；合计只计一次。', '', '', '', '', '', ''],
    ]);
    const types = await sheetOf(`startDate=2026-03-01&endDate=2026-03-03&groupBy=visitType&lang=en&deptid=${d1}&onSite=false`);
    expect(types.map((r) => r[0])).toEqual(['Visit type', 'Interview', 'Meeting', 'Total']);
    expect(types[3]).toEqual(['Total', ...cells((await report({ groupBy: 'visitType', deptid: d1, onSite: false })).totals)]);
  });

  it('exports every visit (not one page) in the list order with the totals row', async () => {
    const rows = await sheetOf(`startDate=${PERIOD.startDate}&endDate=${PERIOD.endDate}&lang=zh`);
    expect(rows[0]).toEqual([
      '访客',
      '手机号',
      '单位',
      '被访人',
      '来访类型',
      '来访方式',
      '状态',
      '人数',
      '预约时间',
      '签到时间',
      '签出时间',
      '停留（分钟）',
    ]);
    expect(rows.slice(1, -1).map((r) => r[0])).toEqual(['V5', 'V4', 'V3', 'V8', 'V2', 'V7', 'V1']);
    expect(rows[1]).toEqual(['V5', '', 'Acme', '', '面试', '常驻访客', '已签出', 1, '', at(3, 10).getTime(), at(3, 12).getTime(), 120]);
    expect(rows.at(-1)).toEqual(['合计：7 次来访', '', '', '', '', '', '', 10, '', 5, 4, 58]);
    const en = await sheetOf(`startDate=${PERIOD.startDate}&endDate=${PERIOD.endDate}&lang=en&kind=walkin`, subToken);
    expect(en).toEqual([
      ['Visitor', 'Mobile phone', 'Company', 'Host', 'Visit type', 'Kind', 'Status', 'People', 'Expected', 'Signed in', 'Signed out', 'Stay (min)'],
      ['V7', '', 'SubCo', '', '', 'Walk-in', 'Signed out', 1, '', at(1, 11).getTime(), at(1, 11, 20).getTime(), 20],
      ['Total: 1 visits', '', '', '', '', '', '', 1, '', 1, 1, 20],
    ]);
  });

  it('streams in keyset batches that together are exactly the list, in its order', async () => {
    const repo = reportTableRepository(tenantScope(t.db, { companyId: a.id }));
    const filter = { from: new Date(2026, 2, 1), until: new Date(2026, 2, 4) };
    const seen: string[] = [];
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const rows = await repo.batchAfter(filter, after, 2);
      seen.push(...rows.map((r) => r.name));
      const last = rows.at(-1);
      if (rows.length < 2 || !last) break;
      after = { at: last.at, id: last.id };
    }
    expect(seen).toEqual(['V5', 'V4', 'V3', 'V8', 'V2', 'V7', 'V1']);
  });

  it('refuses an export with a bad period, a foreign department or a role that does not read visits', async () => {
    const get = (query: string, token?: string) =>
      t.app.inject({ method: 'GET', url: `/api/ExportVisitReport?${query}`, headers: token ? { 'x-coolvisit-token': token } : {} });
    expect((await get('startDate=2026-03-03&endDate=2026-03-01', a.token)).json()).toMatchObject({
      status: Status.BAD_PARAMS,
      result: { errors: [{ field: 'endDate', rule: 'beforeStart' }] },
    });
    expect((await get(`startDate=2026-03-01&endDate=2026-03-03&deptid=${bDept}`, a.token)).json().status).toBe(Status.NO_SUCH_RECORD);
    expect((await get('startDate=2026-03-01&endDate=2026-03-03')).json().status).toBe(Status.TOKEN_MISSING);
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await get('startDate=2026-03-01&endDate=2026-03-03', kiosk.token)).json().status).toBe(Status.NO_PERMISSION);
  });
});
