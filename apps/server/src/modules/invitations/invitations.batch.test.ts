import { Status } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, mails, operationLogs, visits } from '../../db/schema/index.js';
import { rowTime } from './invitations.batch.js';

interface BatchResult {
  total: number;
  valid: number;
  invited: number;
  errors: { row: number; field: string; rule: string }[];
  preview: { row: number; name: string; phone: string; email: string; company: string; lang: string; appointmentDate: number }[];
  visits: { row: number; vid: number; vname: string; vphone: string; vemail: string; inviteLink: string }[];
}
type Errors = { errors: { field: string; rule: string }[] };

async function xlsx(rows: (string | number | Date)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Visitors');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Tomorrow at hh:mm, server time. */
function tomorrowAt(h: number, m: number): Date {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(h, m, 0, 0);
  return d;
}
const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('batch invite (UploadApponintment)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let host: number;
  const common = () => ({ empid: String(host), appointmentDate: String(tomorrowAt(10, 0).getTime()) });
  const upload = (name: string, bytes: Buffer, fields: Record<string, string> = {}, token = a.token) =>
    t.upload<BatchResult>('UploadApponintment', { name, bytes }, { ...common(), ...fields }, token);
  const count = async (companyId: number) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(visits).where(eq(visits.companyId, companyId)))[0]?.n;
  const logCount = async (companyId: number) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(operationLogs).where(eq(operationLogs.companyId, companyId)))[0]?.n;
  const template = async (lang: 'zh' | 'en', token = a.token) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ExportAppointmentTemplate?lang=${lang}`, headers: { 'x-coolvisit-token': token } });
    return res;
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
  });
  afterAll(() => t.close());

  it('a row screening refuses is reported as such (a check screens no one); the other rows are invited, and a form with several visitors names whom 66 refuses', async () => {
    await t.api.updateblackListSwitch({ blackListSwitch: 1 }, a.token);
    expect((await t.api.addBlacklist({ name: '张禁止', phone: '13900000555' }, a.token)).status).toBe(0);
    const csv = ['姓名,手机号', '张禁止,13900000555', '李可以,13900000556'].join('\n');
    const check = await upload('s.csv', Buffer.from(csv), { dryRun: 'true' });
    expect(check.result).toMatchObject({ valid: 2, errors: [] });
    const sent = await upload('s.csv', Buffer.from(csv), { dryRun: 'false' });
    expect(sent.result).toMatchObject({ invited: 1, errors: [{ row: 2, field: 'name', rule: 'screened' }] });
    expect(sent.result.visits.map((v) => v.vname)).toEqual(['李可以']);

    const together = await t.call<{ refused: { index: number; name: string }[] }>(
      'addAppointment',
      {
        empid: host,
        appointmentDate: tomorrowAt(15, 0).getTime(),
        visitors: [
          { name: '王同行', phone: '13900000557' },
          { name: '張禁止', phone: '13900000555' },
        ],
      },
      a.token,
    );
    expect(together.status).toBe(Status.BLACKLISTED);
    expect(together.result).toEqual({ refused: [{ index: 1, name: '張禁止' }] });
    await t.api.delBlacklist({ bids: (await t.api.getBlacklist({ name: '张禁止' }, a.token)).result.list.map((e) => e.bid) }, a.token);
    await t.api.updateblackListSwitch({ blackListSwitch: 0 }, a.token);
  });

  it('reads a row’s own time as a date and time, or as a time on the common day; refuses what is not a time', () => {
    const base = tomorrowAt(10, 0);
    expect(rowTime('2030-03-04 09:15', base)).toEqual(new Date(2030, 2, 4, 9, 15));
    expect(rowTime('2030/3/4 9:15:30', base)).toEqual(new Date(2030, 2, 4, 9, 15));
    expect(rowTime('14:30', base)).toEqual(tomorrowAt(14, 30));
    for (const bad of ['2030-02-30 10:00', '25:00', '10:61', 'tomorrow', '2030-03-04', '1700000000000']) expect(rowTime(bad, base)).toBeNull();
  });

  it('checks every row without writing: per-row rules with row numbers and columns, the valid rows previewed', async () => {
    const taken = await t.api.addAppointment(
      { empid: host, appointmentDate: tomorrowAt(9, 0).getTime(), visitors: [{ name: '已邀', phone: '13900000099' }] },
      a.token,
    );
    expect(taken.status).toBe(0);
    const before = await count(a.id);
    const logsBefore = await logCount(a.id);
    const csv = [
      '姓名,手机号,邮箱,公司,语言,来访时间',
      '王五,13900000001,wang@example.com,Guest Co,中文,',
      'Ann Lee,,ann@example.com,,English,15:30',
      '无联系,,,,,',
      '错号,12345,,,,',
      '错时,13900000003,,,,someday',
      '过去,13900000004,,,,2020-01-01 10:00',
      '重复,+86 139 0000 0001,,,,',
      '已邀请,13900000099,,,,',
      'Bad<Name>,13900000005,not-an-email,,fr,',
      '',
    ].join('\n');
    const r = await upload('visitors.csv', Buffer.from(`\ufeff${csv}`), { dryRun: 'true', lang: 'en' });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ total: 9, valid: 2, invited: 0, visits: [] });
    expect(r.result.errors).toEqual([
      { row: 4, field: 'phone', rule: 'phoneOrEmail' },
      { row: 5, field: 'phone', rule: 'format' },
      { row: 6, field: 'time', rule: 'format' },
      { row: 7, field: 'time', rule: 'past' },
      { row: 8, field: 'phone', rule: 'duplicateInFile' },
      { row: 9, field: 'phone', rule: 'invited' },
      { row: 10, field: 'name', rule: 'illegalChars' },
      { row: 10, field: 'email', rule: 'format' },
      { row: 10, field: 'lang', rule: 'format' },
    ]);
    expect(r.result.preview).toEqual([
      {
        row: 2,
        name: '王五',
        phone: '13900000001',
        email: 'wang@example.com',
        company: 'Guest Co',
        lang: 'zh',
        appointmentDate: tomorrowAt(10, 0).getTime(),
      },
      { row: 3, name: 'Ann Lee', phone: '', email: 'ann@example.com', company: '', lang: 'en', appointmentDate: tomorrowAt(15, 30).getTime() },
    ]);
    expect(await count(a.id)).toBe(before);
    expect(await logCount(a.id)).toBe(logsBefore);
  });

  it('invites the valid rows of a workbook (date-time cells included) in one go and reports the others', async () => {
    const before = await count(a.id);
    const at = tomorrowAt(11, 45);
    const file = await xlsx([
      ['Name *', 'Mobile phone', 'Email', 'Company', 'Language', 'Visit time'],
      ['Zhao Liu', '13900000011', '', 'Acme', 'zh', new Date(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate(), 11, 45))],
      ['Eve Green', '', 'eve@example.com', '', 'en', ''],
      ['No Contact', '', '', '', '', ''],
      ['Twice', '13900000011', '', '', '', ''],
    ]);
    const r = await upload('visitors.xlsx', file, { dryRun: 'false', visitReason: 'Audit' });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ total: 4, valid: 2, invited: 2 });
    expect(r.result.errors).toEqual([
      { row: 4, field: 'phone', rule: 'phoneOrEmail' },
      { row: 5, field: 'phone', rule: 'duplicateInFile' },
    ]);
    expect(r.result.visits.map((v) => [v.row, v.vname])).toEqual([
      [2, 'Zhao Liu'],
      [3, 'Eve Green'],
    ]);
    expect(r.result.visits.every((v) => /\/invite\?token=[A-Za-z0-9_-]{40,}$/.test(v.inviteLink))).toBe(true);
    expect(await count(a.id)).toBe((before ?? 0) + 2);
    const rows = await t.db
      .select()
      .from(visits)
      .where(and(eq(visits.companyId, a.id), eq(visits.visitReason, 'Audit')));
    const byName = new Map(rows.map((v) => [v.name, v]));
    expect(byName.get('Zhao Liu')).toMatchObject({ kind: 'invite', status: 'sent', empName: 'Host One', company: 'Acme', lang: 'zh' });
    expect(byName.get('Zhao Liu')?.appointmentAt).toEqual(at);
    expect(byName.get('Eve Green')?.appointmentAt).toEqual(tomorrowAt(10, 0));
    // The single invite's mail, in the row's language, to the row with an email.
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'eve@example.com'));
    expect(mail?.subject).toMatch(/^Alpha invites you — /);
    // The record keeps the link's token sealed; the mail as sent carries the link.
    expect(mail?.text).not.toContain(r.result.visits[1]?.inviteLink);
    expect(t.services.outbox.opened(mail?.text ?? '')).toContain(r.result.visits[1]?.inviteLink);
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(sql`${operationLogs.id} desc`).limit(1);
    expect(log?.optDesc).toBe('batch invite: 2 invited, host Host One, 2 rows refused');
    // The same file again: both rows are now invited that day, nothing is written.
    const again = await upload('visitors.xlsx', file, { dryRun: 'false', visitReason: 'Audit' });
    expect(again.result).toMatchObject({ valid: 1, invited: 1 });
    expect(again.result.errors).toContainEqual({ row: 2, field: 'phone', rule: 'invited' });
  });

  it('offers the template in both languages; a filled-in template is read back by its headers', async () => {
    const zh = await template('zh');
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('访客');
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(['示例', '姓名 *', '手机号', '邮箱', '公司', '语言', '来访时间']);
    const asIs = await upload('模板.xlsx', zh.rawPayload, { dryRun: 'false' });
    expect(asIs.result).toMatchObject({ total: 0, valid: 0, invited: 0, exampleRows: [2] });
    sheet.spliceRows(2, 1, ['', '孙七', '13900000021', '', '', '', `${day(tomorrowAt(0, 0))} 16:00`]);
    const r = await upload('模板.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), { dryRun: 'true' });
    expect(r.result.preview).toEqual([expect.objectContaining({ row: 2, name: '孙七', appointmentDate: tomorrowAt(16, 0).getTime() })]);
    const en = await template('en');
    const wbEn = new ExcelJS.Workbook();
    await wbEn.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(((wbEn.worksheets[0] as ExcelJS.Worksheet).getRow(1).values as string[]).slice(1)).toEqual([
      'Example',
      'Name *',
      'Mobile phone',
      'Email',
      'Company',
      'Language',
      'Visit time',
    ]);
    expect((await template('en', (await seedStaff(t, a.id, 2)).token)).json()).toMatchObject({ status: Status.NO_PERMISSION });
  });

  it('refuses what the rows share and what is not a visitor file, writing nothing', async () => {
    const before = await count(a.id);
    const ok = Buffer.from('Name,Mobile phone\nSomeone,13900000031\n');
    expect((await upload('v.csv', ok, { empid: '' })).result).toEqual({ errors: [{ field: 'empid', rule: 'required' }] });
    expect((await upload('v.csv', ok, { appointmentDate: String(Date.now() - 86_400_000) })).result).toEqual({
      errors: [{ field: 'appointmentDate', rule: 'past' }],
    });
    const missing = await upload('v.csv', Buffer.from('Mobile phone\n13900000031\n'));
    expect(missing.result).toEqual({ errors: [{ field: 'file.name', rule: 'column' }] });
    expect((await upload('v.txt', ok)).status).toBe(Status.FILE_TYPE_ERROR);
    expect((await upload('v.xlsx', Buffer.from('PK\u0003\u0004 not really a workbook'))).status).toBe(Status.FILE_TYPE_ERROR);
    const many = ['Name,Mobile phone', ...Array.from({ length: 501 }, (_, i) => `P${i},139${String(i).padStart(8, '0')}`)].join('\n');
    expect((await upload('v.csv', Buffer.from(many))).result).toEqual({ errors: [{ field: 'file', rule: 'tooManyRows' }] });
    // Another company's host, type and gate are unknown here.
    const otherHost = (await t.api.addEmployee({ employee_name: 'B Host', phone: '13800002222' }, b.token)).result.empid;
    expect((await upload('v.csv', ok, { empid: String(otherHost) })).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    const type = await t.api.addVisitorType({ vType: '面试#Interview' }, b.token);
    expect((await upload('v.csv', ok, { tid: String(type.result.tid) })).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    const gate = await t.api.addGate({ gname: 'North' }, b.token);
    expect((await upload('v.csv', ok, { gid: String(gate.result.gid) })).status).toBe(Status.GATE_NOT_FOUND);
    expect(await count(a.id)).toBe(before);
  });

  it('roles: employees invite as themselves once allowed; desks and kiosks may not; no token is 28', async () => {
    const emp = await seedEmployee(t, a.id, '13955550000');
    const token = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    const ok = Buffer.from('Name,Mobile phone\nGuest Of Emp,13900000041\n');
    expect((await upload('v.csv', ok, { dryRun: 'false' }, token)).status).toBe(Status.INVITE_FEATURE_OFF);
    await t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || '{"permissionSwitch":1}'::jsonb` })
      .where(eq(companies.id, a.id));
    const r = await upload('v.csv', ok, { dryRun: 'false', empid: String(host) }, token);
    expect(r.result.invited).toBe(1);
    const [row] = await t.db
      .select()
      .from(visits)
      .where(eq(visits.id, r.result.visits[0]?.vid ?? 0));
    expect(row?.empId).toBe(emp.id);
    for (const sType of [2, 4] as const)
      expect((await upload('v.csv', ok, {}, (await seedStaff(t, a.id, sType)).token)).status).toBe(Status.NO_PERMISSION);
    expect((await upload('v.csv', ok, {}, '')).status).toBe(Status.TOKEN_MISSING);
    expect((await upload('v.csv', ok, {}, b.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.upload('UploadApponintment', { name: 'v.csv', bytes: ok }, { ...common(), userid: String(b.id) }, a.token)).status).toBe(
      Status.NO_PERMISSION,
    );
    expect(((await upload('v.csv', ok, { empid: 'x' })).result as unknown as Errors).errors[0]?.field).toBe('empid');
  });
});
