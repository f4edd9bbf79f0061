import { Role, Status, UNSUBSCRIBE_GRACE_DAYS } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { closedCompanies, companies, employees, sessions } from '../../db/schema/index.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { CLOSING_EVERY_MS, closeDueAccounts, ensureClosingSweep } from './accounts.closing.job.js';

const DAY = 86_400_000;
type Errors = { errors: { field: string; rule: string }[] };

describe('UpdateCardText: the line printed at the foot of every badge', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('sets the card text the badge prints (GetUserInfo and the kiosk configuration), markup removed, empty for the default', async () => {
    const r = await t.api.UpdateCardText({ cardText: '  <b>VISITOR</b> pass ' }, a.token);
    expect(r.status, r.reason).toBe(0);
    expect(r.result).toEqual({ cardText: 'VISITOR pass' });
    expect((await t.api.GetUserInfo({}, a.token)).result.cardText).toBe('VISITOR pass');
    expect((await t.api.getPadConfig({}, a.token)).result.settings.cardText).toBe('VISITOR pass');
    // The other company's badge is untouched.
    expect((await t.api.GetUserInfo({}, b.token)).result.cardText).toBe('');
    expect((await t.api.UpdateCardText({ cardText: '' }, a.token)).result.cardText).toBe('');
    expect((await t.api.GetUserInfo({}, a.token)).result.cardText).toBe('');
  });

  it('refuses more than 50 characters and a second line, the field named; the card style sees the same setting', async () => {
    const long = await t.call<Errors>('UpdateCardText', { cardText: '访'.repeat(51) }, a.token);
    expect(long.status).toBe(Status.BAD_PARAMS);
    expect(long.result.errors).toEqual([{ field: 'cardText', rule: 'tooLong' }]);
    const twoLines = await t.call<Errors>('UpdateCardText', { cardText: 'one\ntwo' }, a.token);
    expect(twoLines.result.errors).toEqual([{ field: 'cardText', rule: 'format' }]);
    expect((await t.api.UpdateCardText({ cardText: '访'.repeat(50) }, a.token)).status).toBe(0);
    expect((await t.api.updateCardStyle({ cardText: 'GUEST' }, a.token)).result.cardText).toBe('GUEST');
    expect((await t.api.GetUserInfo({}, a.token)).result.cardText).toBe('GUEST');
  });

  it('the administrator and a sub-administrator may; a desk, HSE and an employee may not (610)', async () => {
    const sub = await seedStaff(t, a.id, Role.SUBADMIN);
    expect((await t.api.UpdateCardText({ cardText: 'Guest' }, sub.token)).status).toBe(0);
    for (const sType of [Role.GATE, Role.HSE] as const) {
      const staff = await seedStaff(t, a.id, sType);
      expect((await t.api.UpdateCardText({ cardText: 'x' }, staff.token)).status).toBe(Status.NO_PERMISSION);
    }
    const emp = await seedEmployee(t, a.id);
    const empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    expect((await t.api.UpdateCardText({ cardText: 'x' }, empToken)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.GetUserInfo({}, a.token)).result.cardText).toBe('Guest');
  });
});

/** A logger that keeps what is said at info, for the closing's record in the server log. */
function recordingLog() {
  const infos: { obj: Record<string, unknown>; msg: string }[] = [];
  const noop = () => {};
  const log = {
    info: (obj: Record<string, unknown>, msg: string) => infos.push({ obj, msg }),
    error: noop,
    warn: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    child: () => log,
    level: 'info',
    silent: noop,
  } as unknown as FastifyBaseLogger;
  return { log, infos };
}

describe('updateUnSubscribe: a company closes its account', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const get = (path: string, token: string) => t.app.inject({ method: 'GET', url: `/api/${path}`, headers: { 'x-coolvisit-token': token } });
  const exportAll = async (token: string, lang = 'en') => {
    const res = await get(`ExportAccountData?lang=${lang}`, token);
    expect(res.headers['content-type']).toBe('application/zip');
    return unzipSync(new Uint8Array(res.rawPayload));
  };
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('ExportAccountData: every workbook in one zip, in the language asked; recorded as the export closing asks for', async () => {
    const emp = await seedEmployee(t, a.id, '13911112222');
    expect(emp.id).toBeGreaterThan(0);
    expect((await t.api.GetUserInfo({}, a.token)).result.dataExportedAt).toBeNull();
    const before = Date.now();
    const entries = await exportAll(a.token);
    expect(Object.keys(entries)).toEqual([
      'employees.xlsx',
      'visits-and-invitations.xlsx',
      'blacklist.xlsx',
      'whitelist.xlsx',
      'temporary-cards.xlsx',
      'logistics.xlsx',
      'door-records.xlsx',
      'vehicle-records.xlsx',
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(entries['employees.xlsx'] ?? []) as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.worksheets[0]?.eachRow((r) => cells.push(...(r.values as unknown[]).map((v) => String(v ?? ''))));
    expect(cells).toContain('13911112222');
    expect((await t.api.GetUserInfo({}, a.token)).result.dataExportedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Object.keys(await exportAll(a.token, 'zh'))).toContain('员工.xlsx');
    // Another company's export holds none of A's people, and A's export time is not B's.
    const theirs = new ExcelJS.Workbook();
    await theirs.xlsx.load(Buffer.from((await exportAll(b.token))['employees.xlsx'] ?? []) as unknown as ArrayBuffer);
    const theirCells: string[] = [];
    theirs.worksheets[0]?.eachRow((r) => theirCells.push(...(r.values as unknown[]).map((v) => String(v ?? ''))));
    expect(theirCells).not.toContain('13911112222');
  });

  it('only the company administrator: a sub-administrator, a desk and an employee are refused (610), export included', async () => {
    const sub = await seedStaff(t, a.id, Role.SUBADMIN);
    const desk = await seedStaff(t, a.id, Role.GATE);
    for (const token of [sub.token, desk.token]) {
      expect((await t.api.updateUnSubscribe({ unsubscribe: 1, password: PASSWORD }, token)).status).toBe(Status.NO_PERMISSION);
      expect((await t.api.updateUnSubscribe({ unsubscribe: 0 }, token)).status).toBe(Status.NO_PERMISSION);
      expect(JSON.parse((await get('ExportAccountData', token)).body).status).toBe(Status.NO_PERMISSION);
    }
    expect((await t.api.GetUserInfo({}, a.token)).result.closingDue).toBeNull();
  });

  it('refuses closing without the password (400, the field named), with a wrong one (75), or without a recent export (13)', async () => {
    const none = await t.call<Errors>('updateUnSubscribe', { unsubscribe: 1 }, a.token);
    expect(none.status).toBe(Status.BAD_PARAMS);
    expect(none.result.errors).toEqual([{ field: 'password', rule: 'required' }]);
    expect((await t.call('updateUnSubscribe', { unsubscribe: 2, password: PASSWORD }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.updateUnSubscribe({ unsubscribe: 1, password: 'wrong-password' }, a.token)).status).toBe(Status.WRONG_CREDENTIALS);
    // An export of two days ago is not recent enough: a fresh one is asked for.
    await t.db
      .update(companies)
      .set({ dataExportedAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(companies.id, a.id));
    expect((await t.api.updateUnSubscribe({ unsubscribe: 1, password: PASSWORD }, a.token)).status).toBe(Status.FORBIDDEN_ACTION);
    // A company that never exported.
    const never = await seedCompany(t, 'Never exported');
    expect((await t.api.updateUnSubscribe({ unsubscribe: 1, password: PASSWORD }, never.token)).status).toBe(Status.FORBIDDEN_ACTION);
    expect((await t.api.GetUserInfo({}, a.token)).result).toMatchObject({ unsubscribe: 0, closingDue: null });
  });

  it('the full cycle: grace period with sign-in, cancel, close again; the job deletes the data and files; B untouched', async () => {
    const files = t.services.files;
    await files.put(`faces/${a.id}/1-abc.jpg`, Buffer.from('a face'));
    await files.put(`visits/${a.id}/9-x.pdf`, Buffer.from('a pdf'));
    await files.put(`faces/${b.id}/1-abc.jpg`, Buffer.from('their face'));
    const theirEmp = await seedEmployee(t, b.id);
    await exportAll(a.token);

    const asked = Date.now();
    const r = await t.api.updateUnSubscribe({ unsubscribe: 1, password: PASSWORD }, a.token);
    expect(r.status, r.reason).toBe(0);
    expect(r.result.unsubscribe).toBe(1);
    expect(Math.abs((r.result.closingDue ?? 0) - (asked + UNSUBSCRIBE_GRACE_DAYS * DAY))).toBeLessThan(60_000);
    expect((await t.api.GetUserInfo({}, a.token)).result).toMatchObject({ unsubscribe: 1, closingDue: r.result.closingDue });
    // Asked again meanwhile: the date stays.
    expect((await t.api.updateUnSubscribe({ unsubscribe: 1, password: PASSWORD }, a.token)).result.closingDue).toBe(r.result.closingDue);
    // Sign-in still works in the grace period.
    expect((await t.api.Login({ email: a.email, password: PASSWORD })).status).toBe(0);

    // Cancelled: nothing is deleted when the date passes.
    const cancelled = await t.api.updateUnSubscribe({ unsubscribe: 0 }, a.token);
    expect(cancelled.result).toMatchObject({ unsubscribe: 0, closingDue: null });
    const { log, infos } = recordingLog();
    const deps = { system: systemScope(t.db), files, log };
    expect(await closeDueAccounts(deps, new Date(asked + (UNSUBSCRIBE_GRACE_DAYS + 1) * DAY))).toBe(0);
    expect((await t.api.GetUserInfo({}, a.token)).result.unsubscribe).toBe(0);

    // Closed again: a day before the date nothing happens, after it everything of A goes.
    const again = await t.api.updateUnSubscribe({ unsubscribe: 1, password: PASSWORD }, a.token);
    const due = again.result.closingDue ?? 0;
    expect(await closeDueAccounts(deps, new Date(due - DAY))).toBe(0);
    expect(await files.size(`faces/${a.id}/1-abc.jpg`)).toBeDefined();
    expect(await closeDueAccounts(deps, new Date(due + 60_000))).toBe(1);

    expect(await t.db.select().from(companies).where(eq(companies.id, a.id))).toEqual([]);
    expect(await t.db.select().from(employees).where(eq(employees.companyId, a.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.companyId, a.id))).toEqual([]);
    expect((await t.api.GetUserInfo({}, a.token)).status).toBe(Status.TOKEN_INVALID);
    expect((await t.api.Login({ email: a.email, password: PASSWORD })).status).not.toBe(0);
    expect(await files.size(`faces/${a.id}/1-abc.jpg`)).toBeUndefined();
    expect(await files.size(`visits/${a.id}/9-x.pdf`)).toBeUndefined();
    // The record the operator sees, and the server log.
    const [record] = await t.db.select().from(closedCompanies).where(eq(closedCompanies.formerCompanyId, a.id));
    expect(record).toMatchObject({ name: a.name, filesRemoved: 2 });
    expect(infos).toEqual([
      { obj: expect.objectContaining({ companyId: a.id, company: a.name, filesRemoved: 2 }), msg: 'account closed: company data deleted' },
    ]);

    // B is untouched: its administrator, people and files.
    expect((await t.api.GetUserInfo({}, b.token)).status).toBe(0);
    expect((await t.db.select().from(employees).where(eq(employees.id, theirEmp.id))).length).toBe(1);
    expect(await files.size(`faces/${b.id}/1-abc.jpg`)).toBe(Buffer.from('their face').length);
  });

  it('runs as the hourly job the server registers', async () => {
    const c = await seedCompany(t, 'Gamma closing');
    await t.db
      .update(companies)
      .set({ closingDue: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, c.id));
    await ensureClosingSweep(t.services.jobs, new Date(Date.now() - CLOSING_EVERY_MS));
    expect(await t.services.jobs.runDue()).toBeGreaterThan(0);
    expect(await t.db.select().from(companies).where(eq(companies.id, c.id))).toEqual([]);
    expect((await t.api.GetUserInfo({}, b.token)).status).toBe(0);
  });
});
