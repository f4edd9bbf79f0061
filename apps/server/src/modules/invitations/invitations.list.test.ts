import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  seedCompany,
  seedEmployee,
  seedStaff,
  seedSubAccount,
  type Tenant,
  type TestApp,
  testApp,
  twoTenants,
} from '../../../test/harness.js';
import { companies, employees, mails, operationLogs, visits } from '../../db/schema/index.js';

interface V {
  vid: number;
  kind: string;
  status: string;
  vname: string;
  vphone: string;
  empid: number;
  code: string | null;
  appointmentDate: number | null;
  inviteLink: string;
  renewed?: boolean;
}
type Errors = { errors: { field: string; rule: string }[] };
const tokenOf = (v?: { inviteLink: string }) => new URL(v?.inviteLink ?? 'http://x').searchParams.get('token') ?? '';

describe('invitation list: resend, the company-wide list, earlier visitors by phone', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let host: number;
  let emp: { id: number; phone: string };
  let empToken: string;
  const tomorrow = (h = 10) => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    d.setHours(h, 0, 0, 0);
    return d.getTime();
  };
  const invite = async (visitors: Record<string, unknown>[], extra: Record<string, unknown> = {}, token = a.token) => {
    const r = await t.call<V[]>('addAppointment', { empid: host, appointmentDate: tomorrow(), visitors, ...extra }, token);
    if (r.status !== 0) throw new Error(`invite failed: ${r.status} ${JSON.stringify(r.result)}`);
    return r.result;
  };
  const setSettings = (companyId: number, patch: Record<string, unknown>) =>
    t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(companies.id, companyId));

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    emp = await seedEmployee(t, a.id, '13955550000');
    empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    await setSettings(a.id, { permissionSwitch: 1 });
  });
  afterAll(() => t.close());

  it('re-sends one still to come with a new link (the old one stops working) and mails it again', async () => {
    const [v] = await invite([{ name: 'Resend Me', email: 'resend@example.com', lang: 'en' }]);
    const r = await t.call<V>('resendInvitation', { vid: v?.vid }, a.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ vid: v?.vid, status: 'sent', renewed: false });
    expect(r.result.inviteLink).not.toBe(v?.inviteLink);
    expect((await t.api.getAppointmentbySecId({ secid: tokenOf(v) })).status).toBe(Status.INVALID_VISITOR);
    expect((await t.api.getAppointmentbySecId({ secid: tokenOf(r.result) })).result.vname).toBe('Resend Me');
    const sent = await t.db.select().from(mails).where(eq(mails.to, 'resend@example.com'));
    expect(sent).toHaveLength(2);
    expect(t.services.outbox.opened(sent[1]?.text ?? '')).toContain(r.result.inviteLink);
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(sql`${operationLogs.id} desc`).limit(1);
    expect(log?.optDesc).toBe('invitation sent again with a new link');
  });

  it('a cancelled invitation is re-sent as a fresh one (the old stays ended), at the old time or a new one', async () => {
    const [v] = await invite([{ name: 'Called Off', phone: '13966660001' }], { visitReason: 'Audit' });
    expect((await t.call('setCancelStatusForWeb', { vid: v?.vid }, a.token)).status).toBe(0);
    const r = await t.call<V>('resendInvitation', { vid: v?.vid }, a.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ status: 'sent', renewed: true, vname: 'Called Off', vphone: '13966660001', empid: host });
    expect(r.result.vid).not.toBe(v?.vid);
    expect(r.result.appointmentDate).toBe(v?.appointmentDate);
    expect(r.result.code).toMatch(/^\d{8}$/);
    const [old] = await t.db
      .select()
      .from(visits)
      .where(eq(visits.id, v?.vid ?? 0));
    expect(old?.status).toBe('ended');
    expect((await t.api.getAppointmentbySecId({ secid: tokenOf(r.result) })).result.status).toBe('sent');
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(sql`${operationLogs.id} desc`).limit(1);
    expect(log?.optDesc).toBe(`invited again after visit ${v?.vid} ended`);
    // Re-sending the ended one again would invite the same phone twice that day.
    expect((await t.call('resendInvitation', { vid: v?.vid }, a.token)).status).toBe(Status.SAME_PHONE_APPOINTMENT);
    const later = await t.call<V>('resendInvitation', { vid: v?.vid, appointmentDate: tomorrow() + 86_400_000 }, a.token);
    expect(later.result).toMatchObject({ renewed: true, appointmentDate: tomorrow() + 86_400_000 });
  });

  it('a declined one whose time has passed needs a new time; one past its window expires and is renewed', async () => {
    const [v] = await invite([{ name: 'Declines', phone: '13966660002' }]);
    expect((await t.api.updateAppointmentReply({ id: tokenOf(v), status: 4 })).status).toBe(0);
    await t.db
      .update(visits)
      .set({ appointmentAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(visits.id, v?.vid ?? 0));
    const r = await t.call('resendInvitation', { vid: v?.vid }, a.token);
    expect((r.result as Errors).errors).toEqual([{ field: 'appointmentDate', rule: 'past' }]);
    expect((await t.call<V>('resendInvitation', { vid: v?.vid, appointmentDate: tomorrow(15) }, a.token)).result.renewed).toBe(true);

    const [w] = await invite([{ name: 'Missed It', phone: '13966660003' }]);
    await t.db
      .update(visits)
      .set({ appointmentAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(visits.id, w?.vid ?? 0));
    const renewed = await t.call<V>('resendInvitation', { vid: w?.vid, appointmentDate: tomorrow(9) }, a.token);
    expect(renewed.result).toMatchObject({ renewed: true, status: 'sent' });
    const [old] = await t.db
      .select()
      .from(visits)
      .where(eq(visits.id, w?.vid ?? 0));
    expect(old?.status).toBe('expired');
  });

  it('refuses after the visit, another’s invitation, another company’s, and a barred or stopped inviter', async () => {
    const [v] = await invite([{ name: 'Came', phone: '13966660004' }], { appointmentDate: Date.now() + 60_000 });
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.call('AppClientSignin', { verifyCode: v?.code }, kiosk.token)).status).toBe(0);
    expect((await t.call('resendInvitation', { vid: v?.vid }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);

    const [theirs] = await invite([{ name: 'Not Yours', phone: '13966660005' }]);
    expect((await t.call('resendInvitation', { vid: theirs?.vid }, empToken)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.call('resendInvitation', { vid: theirs?.vid }, b.token)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.call('resendInvitation', { vid: theirs?.vid }, (await seedStaff(t, a.id, 2)).token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.resendInvitation({ vid: 999_999 }, a.token)).status).toBe(Status.INVALID_VISITOR);

    const [mine] = await invite([{ name: 'Mine', phone: '13966660006' }], {}, empToken);
    expect((await t.call<V>('resendInvitation', { vid: mine?.vid }, empToken)).result.renewed).toBe(false);
    await t.db.update(employees).set({ forbidInvite: true }).where(eq(employees.id, emp.id));
    expect((await t.call('resendInvitation', { vid: mine?.vid }, empToken)).status).toBe(Status.INVITE_FEATURE_OFF);
    await t.db.update(employees).set({ forbidInvite: false }).where(eq(employees.id, emp.id));
    await t.db.update(employees).set({ status: 2 }).where(eq(employees.id, host));
    expect((await t.call('resendInvitation', { vid: theirs?.vid }, a.token)).status).toBe(Status.INVALID_EMPLOYEE);
    await t.db.update(employees).set({ status: 0 }).where(eq(employees.id, host));
  });

  it('answers per invitation what the caller may do now: resend until the visit took place, cancel before check-in; a reader neither', async () => {
    const [open, called, came] = await invite([
      { name: 'Can Open', phone: '13966660011' },
      { name: 'Can Called', phone: '13966660012' },
      { name: 'Can Came', phone: '13966660013' },
    ]);
    await t.call('setCancelStatusForWeb', { vid: called?.vid }, a.token);
    await t.db
      .update(visits)
      .set({ status: 'signedIn' })
      .where(eq(visits.id, came?.vid ?? 0));
    const canOf = async (token: string) =>
      Object.fromEntries(((await t.api.searchInviteByCondition({ name: 'Can ' }, token)).result.list ?? []).map((v) => [v.vid, v.can]));
    const byAdmin = await canOf(a.token);
    expect(byAdmin[open?.vid ?? 0]).toEqual({ resend: true, cancel: true });
    expect(byAdmin[called?.vid ?? 0]).toEqual({ resend: true, cancel: false });
    expect(byAdmin[came?.vid ?? 0]).toEqual({ resend: false, cancel: false });
    // The company-wide list answers the same; a desk reads invitations but makes neither call.
    const wide = await t.api.SearchAppointmentByCondition({ startIndex: 0, requestedCount: 100, name: 'Can Open' }, a.token);
    expect(wide.result.list?.map((v) => v.can)).toEqual([{ resend: true, cancel: true }]);
    expect((await canOf((await seedStaff(t, a.id, 2)).token))[open?.vid ?? 0]).toEqual({ resend: false, cancel: false });
  });

  it('SearchAppointmentByCondition: the company’s invitations and bookings, filtered and paged; a sub-company its own', async () => {
    await invite([{ name: 'Listed One', phone: '13977770001', company: 'Foo Ltd' }]);
    const walkIn = await t.api.UpdatePhoto(
      { vname: 'Walk In', vphone: '13977770009', empid: host, protocolAccepted: true },
      (await seedStaff(t, a.id, 2)).token,
    );
    expect(walkIn.status).toBe(0);
    const list = (filters: Record<string, unknown> = {}, token = a.token) =>
      t.api.SearchAppointmentByCondition({ startIndex: 0, requestedCount: 100, ...filters }, token);
    const all = (await list()).result;
    expect(all.list.map((v) => v.vname)).toContain('Listed One');
    expect(all.list.every((v) => v.kind === 'invite' || v.kind === 'appointment')).toBe(true);
    expect(all.list.map((v) => v.vname)).not.toContain('Walk In');
    expect((await list({ vcompany: 'Foo' })).result.list.map((v) => v.vname)).toEqual(['Listed One']);
    expect((await list({ name: 'Listed', status: 'ended' })).result.count).toBe(0);
    expect((await list({ kind: 'appointment' })).result.count).toBe(0);
    const paged = (await list({ requestedCount: 2, startIndex: 2 })).result;
    expect(paged).toMatchObject({ pageNo: 2, pageSize: 2, count: all.count });
    expect((await list({}, b.token)).result.count).toBe(0);
    expect((await list({}, (await seedStaff(t, a.id, 2)).token)).result.count).toBe(all.count);
    expect((await list({}, empToken)).status).toBe(Status.NO_PERMISSION);
    expect((await list({}, '')).status).toBe(Status.TOKEN_MISSING);
    // A sub-company sees only visits to its own employees.
    const sub = await seedSubAccount(t, a.id);
    await t.db.update(employees).set({ subAccountId: sub.id }).where(eq(employees.id, emp.id));
    await invite([{ name: 'For The Tenant', phone: '13977770002' }], {}, empToken);
    const subToken = (await t.api.subAccountLogin({ email: sub.email, password: PASSWORD })).result.token;
    expect((await list({}, subToken)).result.list.map((v) => v.vname)).toEqual(['For The Tenant']);
  });

  it('SearchRecordsByPhone: an employee finds only their own visitors, administrators the company’s; newest first, one per person', async () => {
    await invite([{ name: '老访客', phone: '13988880001', email: 'old@example.com', company: 'Old Co', lang: 'en' }]);
    await invite([{ name: '老访客', phone: '13988880001', email: 'old@example.com', company: 'Old Co', lang: 'en' }], {
      appointmentDate: tomorrow() + 86_400_000,
    });
    await invite([{ name: '新名字', phone: '13988880001', company: 'New Co' }], { appointmentDate: tomorrow() + 2 * 86_400_000 }, empToken);
    const find = (phone: string, token = a.token) => t.api.SearchRecordsByPhone({ phone }, token);
    const admin = await find('+86 139 8888 0001');
    expect(admin.result.map((k) => [k.vname, k.vcompany])).toEqual([
      ['新名字', 'New Co'],
      ['老访客', 'Old Co'],
    ]);
    expect(admin.result[1]).toMatchObject({ vemail: 'old@example.com', lang: 'en' });
    expect((await find('13988880001', empToken)).result.map((k) => k.vname)).toEqual(['新名字']);
    expect((await find('13988880002')).result).toEqual([]);
    expect((await find('13988880001', b.token)).result).toEqual([]);
    expect((await find('123')).status).toBe(Status.BAD_PARAMS);
    expect((await find('13988880001', (await seedStaff(t, a.id, 2)).token)).status).toBe(Status.NO_PERMISSION);
  });

  it('SearchRecordsByPhone is a look-up: limited per client address', async () => {
    const limited = await testApp({
      rateLimits: { global: 100000, signin: 100000, captcha: 100000, register: 100000, recovery: 100000, public: 100000, lookup: 2 },
    });
    try {
      const c = await seedCompany(limited, 'Gamma');
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.api.SearchRecordsByPhone({ phone: '13988880001' }, c.token)).http);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
