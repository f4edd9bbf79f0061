import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, employees, mails, operationLogs, visits } from '../../db/schema/index.js';

interface V {
  vid: number;
  inviteLink: string;
  kind: string;
  status: string;
  vname: string;
  vphone: string;
  vemail: string;
  empid: number;
  empName: string;
  code: string | null;
  visitType: string;
  appointmentDate: number | null;
  lang: string;
  history?: { event: string; toStatus: string }[];
}
type Errors = { errors: { field: string; rule: string }[] };

describe('invitations (addAppointment)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let host: number;
  let empToken: string;
  const tomorrow = () => Date.now() + 86_400_000;
  const invite = (body: Record<string, unknown>, token = a.token) =>
    t.call<V[]>('addAppointment', { empid: host, appointmentDate: tomorrow(), visitors: [{ name: '王受邀', phone: '13933334444' }], ...body }, token);
  const setSettings = (companyId: number, patch: Record<string, unknown>) =>
    t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(companies.id, companyId));
  const count = async (companyId: number) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(visits).where(eq(visits.companyId, companyId)))[0]?.n;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    const emp = await seedEmployee(t, a.id);
    empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
  });
  afterAll(() => t.close());

  it('an administrator invites for a host: one record per visitor, sent, with a code each, history and a log row', async () => {
    const r = await invite({
      visitors: [
        { name: '王受邀', phone: '+86 139 3333 4444', company: 'Guest Co' },
        { name: 'Ann Lee', email: 'ann@example.com', lang: 'en' },
      ],
      visitReason: 'Audit',
    });
    expect(r.status).toBe(0);
    expect(r.result).toHaveLength(2);
    expect(r.result[0]).toMatchObject({ kind: 'invite', status: 'sent', vname: '王受邀', vphone: '13933334444', empid: host, empName: 'Host One' });
    expect(r.result[1]).toMatchObject({ vname: 'Ann Lee', vphone: '', vemail: 'ann@example.com', lang: 'en' });
    expect(r.result.map((v) => v.code)).toEqual([expect.stringMatching(/^\d{8}$/), expect.stringMatching(/^\d{8}$/)]);
    expect(r.result[0]?.code).not.toBe(r.result[1]?.code);
    const full = await t.call<V>('GetVisitorByVid', { vid: r.result[0]?.vid }, a.token);
    expect(full.result.history).toEqual([expect.objectContaining({ event: 'create', toStatus: 'sent' })]);
    // Only the visitor with an email is mailed, in their language, with their own link.
    const sent = await t.db.select().from(mails).where(eq(mails.companyId, a.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'ann@example.com', subject: expect.stringMatching(/^Alpha invites you — /) });
    expect(sent[0]?.text).toContain('Host One invites you to visit on');
    expect(sent[0]?.text).toContain('Purpose: Audit');
    expect(sent[0]?.text).toContain('/invite?token=');
    expect(sent[0]?.html).toContain('Open the invitation');
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(sql`${operationLogs.id} desc`).limit(1);
    expect(log?.optDesc).toMatch(/^2 invited for \d{4}-\d{2}-\d{2}, host Host One$/);
  });

  it('the invited visitor checks in at the kiosk with the code', async () => {
    const [v] = (await invite({ visitors: [{ name: '赵来访', phone: '13955556666' }], appointmentDate: Date.now() + 60_000 })).result;
    const kiosk = await seedStaff(t, a.id, 4);
    const r = await t.call<V>('AppClientSignin', { verifyCode: v?.code }, kiosk.token);
    expect(r.result).toMatchObject({ vid: v?.vid, status: 'signedIn' });
  });

  it('mails a Chinese visitor in Chinese', async () => {
    await invite({ visitors: [{ name: '邮件访客', email: 'zh@example.com', lang: 'zh' }], visitReason: '洽谈' });
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'zh@example.com'));
    expect(mail?.subject).toMatch(/^Alpha 邀请您来访 — /);
    expect(mail?.text).toContain('邮件访客，您好：');
    expect(mail?.text).toContain('Host One 邀请您于');
    expect(mail?.text).toContain('来访事由：洽谈');
    expect(mail?.text).toContain('查看邀请函：http://openvisit.test/invite?token=');
  });

  it('refuses bad input with named rules and stores nothing', async () => {
    const before = await count(a.id);
    const none = await invite({ visitors: [{ name: '无联系' }] });
    expect((none.result as unknown as Errors).errors).toEqual([{ field: 'visitors.0.phone', rule: 'phoneOrEmail' }]);
    const badPhone = await invite({ visitors: [{ name: '错号', phone: '12345' }] });
    expect((badPhone.result as unknown as Errors).errors).toEqual([{ field: 'visitors.0.phone', rule: 'format' }]);
    expect((await invite({ visitors: [] })).status).toBe(Status.BAD_PARAMS);
    const past = await invite({ appointmentDate: Date.now() - 86_400_000 });
    expect((past.result as unknown as Errors).errors).toEqual([{ field: 'appointmentDate', rule: 'past' }]);
    const far = await invite({ appointmentDate: Date.now() + 31 * 86_400_000 });
    expect((far.result as unknown as Errors).errors).toEqual([{ field: 'appointmentDate', rule: 'tooFar' }]);
    const twice = await invite({
      visitors: [
        { name: '甲', phone: '13977778888' },
        { name: '乙', phone: '+8613977778888' },
      ],
    });
    expect((twice.result as unknown as Errors).errors).toEqual([{ field: 'visitors.1.phone', rule: 'duplicate' }]);
    expect((await invite({ empid: undefined })).result).toMatchObject({ errors: [{ field: 'empid', rule: 'required' }] });
    expect(await count(a.id)).toBe(before);
  });

  it('112 for a phone already invited that day; another day is fine', async () => {
    const day = tomorrow();
    expect((await invite({ visitors: [{ name: '重复', phone: '13911110000' }], appointmentDate: day })).status).toBe(0);
    const again = await invite({ visitors: [{ name: '重复', phone: '13911110000' }], appointmentDate: day + 60_000 });
    expect(again.status).toBe(Status.SAME_PHONE_APPOINTMENT);
    expect(again.result).toEqual({ errors: [{ field: 'visitors.0.phone', rule: 'invited' }] });
    expect((await invite({ visitors: [{ name: '重复', phone: '13911110000' }], appointmentDate: day + 2 * 86_400_000 })).status).toBe(0);
  });

  it('tenancy: another company’s host 55, visitor type 104, gate 125; a stopped host 1119', async () => {
    const otherHost = (await t.api.addEmployee({ employee_name: 'Host B', phone: '13800002222' }, b.token)).result.empid;
    expect((await invite({ empid: otherHost })).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    const type = await t.api.addVisitorType({ vType: '面试#Interview' }, b.token);
    expect(type.status).toBe(0);
    expect((await invite({ tid: type.result.tid })).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    const gate = await t.api.addGate({ gname: 'North' }, b.token);
    expect((await invite({ gid: gate.result.gid })).status).toBe(Status.GATE_NOT_FOUND);
    await t.db.update(employees).set({ status: 2 }).where(eq(employees.id, host));
    expect((await invite({})).status).toBe(Status.INVALID_EMPLOYEE);
    await t.db.update(employees).set({ status: 0 }).where(eq(employees.id, host));
    const ownType = await t.api.addVisitorType({ vType: '商务#Business' }, a.token);
    const typed = await invite({ tid: ownType.result.tid, visitors: [{ name: '类型', phone: '13922223333' }] });
    expect(typed.result[0]?.visitType).toBe('商务#Business');
  });

  it('gives each visitor an invitation link; the page shows the visit in their language and the check-in code', async () => {
    await t.api.updateSecureProtocol({ secureProtocol: '请佩戴访客证。', secureProtocolEn: 'Wear your badge.' }, a.token);
    const gate = await t.api.addGate({ gname: 'East gate' }, a.token);
    const at = Date.now() + 3600_000;
    const [v] = (
      await invite({
        visitors: [{ name: 'Page Visitor', email: 'pv@example.com', lang: 'en' }],
        appointmentDate: at,
        gid: gate.result.gid,
        visitReason: 'Audit',
      })
    ).result;
    expect(v?.inviteLink).toMatch(/^http:\/\/openvisit\.test\/invite\?token=[A-Za-z0-9_-]{40,}$/);
    const secid = new URL(v?.inviteLink ?? '').searchParams.get('token') ?? '';
    // Only the hash is stored: the token itself opens nothing from a copy of the database.
    const [row] = await t.db
      .select()
      .from(visits)
      .where(eq(visits.id, v?.vid ?? 0));
    expect(row?.inviteTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.inviteTokenHash).not.toContain(secid);

    // The link in the visitor's mail is the one the inviter got.
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'pv@example.com'));
    expect(mail?.text).not.toContain(v?.inviteLink);
    expect(t.services.outbox.opened(mail?.text ?? '')).toContain(v?.inviteLink);
    const page = await t.api.getAppointmentbySecId({ secid });
    expect(page.status).toBe(0);
    expect(page.result).toMatchObject({
      company: 'Alpha',
      vname: 'Page Visitor',
      empName: 'Host One',
      appointmentDate: at,
      opensAt: at - 30 * 60_000,
      closesAt: at + 30 * 60_000,
      gate: 'East gate',
      visitReason: 'Audit',
      status: 'sent',
      code: v?.code,
      canReply: true,
      lang: 'en',
      terms: 'Wear your badge.',
    });
    // What the page must not show: other visitors, the host's phone.
    expect(Object.keys(page.result)).not.toContain('empPhone');

    expect((await t.api.updateAppPreview({ secid })).result.status).toBe('viewed');
    expect((await t.api.updateAppPreview({ secid })).result.status).toBe('viewed');
    const accepted = await t.api.updateAppointmentReply({ id: secid, status: 3 });
    expect(accepted.result).toMatchObject({ status: 'accepted', canReply: false });
    expect((await t.api.updateAppointmentReply({ id: secid, status: 4 })).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const full = await t.call<V>('GetVisitorByVid', { vid: v?.vid }, a.token);
    expect(full.result.history?.map((h) => h.toStatus)).toEqual(['sent', 'viewed', 'accepted']);
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(sql`${operationLogs.id} desc`).limit(1);
    expect(log).toMatchObject({ optName: 'Page Visitor', optRole: 10, optDesc: 'invitation accepted' });
  });

  it('the host is told of the answer, accepted or declined, on their channels', async () => {
    const replyHost = (
      await t.call<{ empid: number }>('addEmployee', { employee_name: 'Reply Host', phone: '13800002222', email: 'reply.host@example.com' }, a.token)
    ).result.empid;
    const [yes, no] = (
      await invite({
        empid: replyHost,
        visitors: [
          { name: 'Yes Guest', phone: '13966661001', company: 'Star Ltd' },
          { name: 'No Guest', phone: '13966661002' },
        ],
      })
    ).result;
    const token = (x?: V) => new URL(x?.inviteLink ?? '').searchParams.get('token') ?? '';
    expect((await t.call('updateAppointmentReply', { id: token(yes), status: 3 })).status).toBe(0);
    expect((await t.call('updateAppointmentReply', { id: token(no), status: 4 })).status).toBe(0);
    const told = await t.db.select().from(mails).where(eq(mails.to, 'reply.host@example.com')).orderBy(mails.id);
    expect(told.map((m) => [m.subject, m.visitId])).toEqual([
      ['Yes Guest accepted your invitation', yes?.vid],
      ['No Guest declined your invitation', no?.vid],
    ]);
    expect(told[0]?.text).toContain('Yes Guest of Star Ltd has accepted your invitation for ');
    expect(told[0]?.text).toContain('/emporder/orderlist');
  });

  it('a declined or cancelled invitation shows no code; unknown or malformed links are refused', async () => {
    const [v, w] = (
      await invite({
        visitors: [
          { name: '拒绝者', phone: '13966660001' },
          { name: '取消者', phone: '13966660002' },
        ],
      })
    ).result;
    const token = (x?: V) => new URL(x?.inviteLink ?? '').searchParams.get('token') ?? '';
    const declined = await t.call<{ status: string; code: string | null; lang: string }>('updateAppointmentReply', { id: token(v), status: 4 });
    expect(declined.result).toMatchObject({ status: 'refused', code: null, lang: 'zh' });
    expect((await t.call('updateVisitStatus', { vid: w?.vid, event: 'cancel' }, a.token)).status).toBe(0);
    const cancelled = await t.call<{ status: string; code: string | null; canReply: boolean }>('getAppointmentbySecId', { secid: token(w) });
    expect(cancelled.result).toMatchObject({ status: 'ended', code: null, canReply: false });
    // The kiosk refuses the cancelled invitation's code too.
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.call('AppClientSignin', { verifyCode: w?.code }, kiosk.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.getAppointmentbySecId({ secid: 'A'.repeat(43) })).status).toBe(Status.INVALID_VISITOR);
    expect((await t.call('getAppointmentbySecId', { secid: 'bad token!' })).status).toBe(Status.BAD_PARAMS);
    expect((await t.call('updateAppointmentReply', { id: token(v), status: 5 })).status).toBe(Status.BAD_PARAMS);
  });

  it('lists invitations: an employee their own, managers and desks all; the inviter calls one off', async () => {
    await setSettings(a.id, { permissionSwitch: 1 });
    const emp = await seedEmployee(t, a.id, '13955550000');
    const token = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    const mine = (await invite({ visitors: [{ name: '自己的客人', phone: '13977770001' }] }, token)).result[0];
    const theirs = (await invite({ visitors: [{ name: '别人的客人', phone: '13977770002' }] })).result[0];
    const list = (tk: string, filters: Record<string, unknown> = {}) =>
      t.api.searchInviteByCondition({ startIndex: 0, requestedCount: 50, ...filters }, tk);
    expect((await list(token)).result.list.map((v) => v.vname)).toEqual(['自己的客人']);
    const all = (await list(a.token)).result;
    expect(all.list.map((v) => v.vname)).toEqual(expect.arrayContaining(['自己的客人', '别人的客人']));
    expect(all.list.every((v) => v.kind === 'invite')).toBe(true);
    const desk = await seedStaff(t, a.id, 2);
    expect((await list(desk.token, { name: '别人' })).result.list.map((v) => v.vname)).toEqual(['别人的客人']);
    expect((await list(b.token)).result.count).toBe(0);

    expect((await t.call('setCancelStatusForWeb', { vid: theirs?.vid }, token)).status).toBe(Status.INVALID_VISITOR);
    const cancelled = await t.call<V>('setCancelStatusForWeb', { vid: mine?.vid }, token);
    expect(cancelled.result).toMatchObject({ status: 'ended' });
    expect((await t.call('setCancelStatusForWeb', { vid: mine?.vid }, token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await list(token, { status: 'ended' })).result.list.map((v) => v.vid)).toEqual([mine?.vid]);
    expect((await t.call('setCancelStatusForWeb', { vid: theirs?.vid }, b.token)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.call('setCancelStatusForWeb', { vid: theirs?.vid }, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.call<V>('setCancelStatusForWeb', { vid: theirs?.vid }, a.token)).result.status).toBe('ended');
    await setSettings(a.id, { permissionSwitch: 0 });
  });

  it('employees invite as themselves, only when the company opened invitations and they are not barred', async () => {
    // The portal asks first, and says why not and whom to ask (the company's administrator).
    const access = async () => (await t.api.getInviteAccess({}, empToken)).result;
    expect(await access()).toMatchObject({ canInvite: false, reason: 'companyOff', admin: { email: expect.stringContaining('@') } });
    expect((await invite({}, empToken)).status).toBe(Status.INVITE_FEATURE_OFF);
    await setSettings(a.id, { permissionSwitch: 1 });
    expect(await access()).toMatchObject({ canInvite: true, reason: null });
    const r = await invite({ empid: host, visitors: [{ name: '员工邀', phone: '13944445555' }] }, empToken);
    expect(r.status).toBe(0);
    expect(r.result[0]?.empName).toBe('张三');
    await t.db.update(employees).set({ forbidInvite: true }).where(eq(employees.name, '张三'));
    expect(await access()).toMatchObject({ canInvite: false, reason: 'forbidden' });
    expect((await invite({ visitors: [{ name: '禁止', phone: '13944445566' }] }, empToken)).status).toBe(Status.INVITE_FEATURE_OFF);
    expect((await t.call('getInviteAccess', {}, a.token)).status).toBe(Status.NO_PERMISSION);
    const desk = await seedStaff(t, a.id, 2);
    expect((await invite({}, desk.token)).status).toBe(Status.NO_PERMISSION);
  });
});
