import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedSubAccount, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, invitationTemplates, visits } from '../../db/schema/index.js';

/**
 * The sub-company portal's invitations (invitelist) and templates: two sub-companies A1 and A2 of company A and its head
 * office. A1 invites only for its own employees, sees and cancels only its own invitations, and keeps templates of its
 * own; it never reads or writes A2's or the head office's.
 */
describe('a sub-company administrator and invitations', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let a1: { id: number; token: string };
  let a2: { id: number; token: string };
  const emp = { a1: 0, a2: 0, head: 0 };
  const tpl = { head: 0, a2: 0 };
  const inAnHour = () => Date.now() + 3_600_000;

  const setSettings = (patch: Record<string, unknown>) =>
    t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(companies.id, a.id));
  const signIn = async (companyId: number) => {
    const sub = await seedSubAccount(t, companyId);
    return { id: sub.id, token: (await t.api.subAccountLogin({ email: sub.email, password: PASSWORD })).result.token };
  };
  const invite = (token: string, empid: number, phone: string, extra: { templateType?: 0 | 1 } = {}) =>
    t.api.addAppointment({ empid, visitors: [{ name: 'Visitor', phone }], appointmentDate: inAnHour(), ...extra }, token);

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    a1 = await signIn(a.id);
    a2 = await signIn(a.id);
    emp.a1 = (await t.api.addEmployee({ employee_name: 'A1 Host', phone: '13600000001' }, a1.token)).result.empid;
    emp.a2 = (await t.api.addEmployee({ employee_name: 'A2 Host', phone: '13600000002' }, a2.token)).result.empid;
    emp.head = (await t.api.addEmployee({ employee_name: 'Head Host', phone: '13600000003' }, a.token)).result.empid;
    tpl.head = (await t.api.addUserTemplate({ templateType: 0, inviteContent: 'Head office letter' }, a.token)).result.id;
    tpl.a2 = (await t.api.addUserTemplate({ templateType: 0, inviteContent: 'A2 letter' }, a2.token)).result.id;
  });
  afterAll(() => t.close());

  it('is held to the company’s invitation permission (116), as employees are', async () => {
    await setSettings({ permissionSwitch: 0 });
    expect((await invite(a1.token, emp.a1, '13900000001')).status).toBe(Status.INVITE_FEATURE_OFF);
    await setSettings({ permissionSwitch: 1 });
    await t.api.updateInviteStatus({ empids: [emp.a1], forbidInvite: true }, a.token);
    expect((await invite(a1.token, emp.a1, '13900000001')).status).toBe(Status.INVITE_FEATURE_OFF);
    await t.api.updateInviteStatus({ empids: [emp.a1], forbidInvite: false }, a.token);
  });

  it('keeps templates of its own: one per type, no gate, the head office’s and A2’s out of reach', async () => {
    expect((await t.api.getUsertemplate({}, a1.token)).result).toEqual([]);
    const mine = await t.api.addUserTemplate({ templateType: 0, inviteContent: 'A1 letter' }, a1.token);
    expect(mine.status).toBe(0);
    expect(mine.result).toMatchObject({ subaccountId: a1.id, gid: null, empid: null });
    expect((await t.api.addUserTemplate({ templateType: 0, inviteContent: 'Again' }, a1.token)).status).toBe(Status.ALREADY_EXISTS);
    const gate = (await t.api.addGate({ gname: 'East' }, a.token)).result.gid;
    expect((await t.api.addUserTemplate({ templateType: 1, gid: gate, inviteContent: 'At a gate' }, a1.token)).status).toBe(Status.GATE_NOT_FOUND);
    expect((await t.api.getUsertemplate({}, a1.token)).result.map((x) => x.inviteContent)).toEqual(['A1 letter']);
    // The head office's list holds its own templates only, not its sub-companies'.
    expect((await t.api.getUsertemplate({}, a.token)).result.map((x) => x.inviteContent)).toEqual(['Head office letter']);
    for (const id of [tpl.head, tpl.a2]) {
      const [before] = await t.db.select().from(invitationTemplates).where(eq(invitationTemplates.id, id));
      expect((await t.api.updateUserTemplate({ id, templateType: 0, inviteContent: 'Mine now' }, a1.token)).status).toBe(Status.TEMPLATE_NOT_FOUND);
      expect((await t.api.delUsertemplate({ id }, a1.token)).status).toBe(Status.TEMPLATE_NOT_FOUND);
      expect((await t.db.select().from(invitationTemplates).where(eq(invitationTemplates.id, id)))[0]).toEqual(before);
    }
    // Nor may the head office change a sub-company's through its own calls.
    expect((await t.api.updateUserTemplate({ id: mine.result.id, templateType: 0, inviteContent: 'x' }, a.token)).status).toBe(
      Status.TEMPLATE_NOT_FOUND,
    );
    const edited = await t.api.updateUserTemplate({ id: mine.result.id, templateType: 0, inviteContent: 'A1 letter, edited' }, a1.token);
    expect(edited.result.inviteContent).toBe('A1 letter, edited');
  });

  it("invites for its own employee with its own template; another sub-company's or the head office's host is not found", async () => {
    const applies = await t.api.getEmptempByPost({ templateType: 0, empid: emp.a1 }, a1.token);
    expect(applies.result).toMatchObject({ source: 'subCompany', inviteContent: 'A1 letter, edited' });
    const r = await invite(a1.token, emp.a1, '13900000002');
    expect(r.status).toBe(0);
    const [visit] = await t.db
      .select()
      .from(visits)
      .where(eq(visits.id, r.result[0]?.vid ?? 0));
    expect(visit).toMatchObject({ companyId: a.id, subAccountId: a1.id, empId: emp.a1 });
    const page = await t.api.getAppointmentbySecId({ secid: new URL(r.result[0]?.inviteLink ?? '').searchParams.get('token') ?? '' });
    expect(page.result.inviteContent).toBe('A1 letter, edited');
    // The head office inviting for A1's employee sends A1's template too; its own employees get the head office's.
    expect((await t.api.getEmptempByPost({ templateType: 0, empid: emp.a1 }, a.token)).result.source).toBe('subCompany');
    expect((await t.api.getEmptempByPost({ templateType: 0, empid: emp.head }, a.token)).result.source).toBe('company');
    for (const host of [emp.a2, emp.head]) {
      expect((await invite(a1.token, host, '13900000003')).status, String(host)).toBe(Status.EMPLOYEE_NOT_EXIST);
      expect((await t.api.getEmptempByPost({ templateType: 0, empid: host }, a1.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    }
  });

  it('lists and cancels only its own invitations', async () => {
    const theirs = (await invite(a2.token, emp.a2, '13900000004')).result[0]?.vid ?? 0;
    const head = (await invite(a.token, emp.head, '13900000005')).result[0]?.vid ?? 0;
    const mine = await t.api.searchInviteByCondition({}, a1.token);
    expect(mine.result.list.map((v) => v.empid)).toEqual([emp.a1]);
    expect((await t.api.SearchAppointmentByCondition({}, a1.token)).result.list.every((v) => v.subaccountId === a1.id)).toBe(true);
    expect((await t.api.searchInviteByCondition({}, a.token)).result.list).toHaveLength(3);
    for (const vid of [theirs, head]) {
      expect((await t.api.setCancelStatusForWeb({ vid }, a1.token)).status).toBe(Status.INVALID_VISITOR);
      expect((await t.api.resendInvitation({ vid }, a1.token)).status).toBe(Status.INVALID_VISITOR);
      expect((await t.db.select().from(visits).where(eq(visits.id, vid)))[0]?.status).toBe('sent');
    }
    const own = mine.result.list[0]?.vid ?? 0;
    expect((await t.api.setCancelStatusForWeb({ vid: own }, a1.token)).result.status).toBe('ended');
  });

  it("GetUserInfo tells a sub-company its own account and only the head office's permission, multi-company and clause settings", async () => {
    await setSettings({ escapeClause: 'Clause text', ddcorpid: 'corp-secretish', rtxip: '10.0.0.9', secureProtocol: 'Visitor terms' });
    const info = await t.api.GetUserInfo({}, a1.token);
    expect(info.status).toBe(0);
    expect(info.result).toMatchObject({ permissionSwitch: 1, escapeClause: 'Clause text', username: '', remark: '' });
    expect(info.result.company).toMatch(/^Tenant /);
    expect(info.result.email).toMatch(/^sub\+/);
    expect(info.result).toMatchObject({ ddcorpid: '', rtxip: '', secureProtocol: '', phone: '' });
    const head = await t.api.GetUserInfo({}, a.token);
    expect(head.result).toMatchObject({ ddcorpid: 'corp-secretish', email: a.email });
    expect(JSON.stringify(info.result)).not.toContain(a.email);
  });

  it('changes its own password with updatePassword (and only its own)', async () => {
    const sub = await seedSubAccount(t, a.id);
    const token = (await t.api.subAccountLogin({ email: sub.email, password: PASSWORD })).result.token;
    expect((await t.api.updatePassword({ oldPassword: 'wrong', password: 'Another#2027' }, token)).status).toBe(Status.INVALID_PASSWORD);
    expect((await t.api.updatePassword({ oldPassword: PASSWORD, password: 'Another#2027' }, token)).status).toBe(0);
    expect((await t.api.subAccountLogin({ email: sub.email, password: 'Another#2027' })).status).toBe(0);
    // The other sub-company's sign-in is untouched.
    expect((await t.api.searchInviteByCondition({}, a2.token)).status).toBe(0);
  });

  it("another company's sub-company sees none of company A's", async () => {
    const other = await signIn(b.id);
    expect((await t.api.searchInviteByCondition({}, other.token)).result.list).toEqual([]);
    expect((await t.api.getUsertemplate({}, other.token)).result).toEqual([]);
    expect((await t.api.updateEmployee({ empid: emp.a1, remark: 'x', acceptClause: true }, other.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
  });
});
