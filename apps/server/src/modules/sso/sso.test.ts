import { Role, Status } from '@openvisit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Idp, startIdp } from '../../../../../tools/oidc-idp.js';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { employeeDepartments, employees, roleMembers, ssoFlows } from '../../db/schema/index.js';

const NONCE = 'tab-nonce-0123456789abcdef';

describe('single sign-on (OpenID Connect, against oidc-provider)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let idp: Idp;
  let conn: number;
  let role: number;
  let dept: number;

  const fields = (over: Record<string, unknown> = {}) => ({
    name: 'Company IdP',
    enabled: true,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    scopes: 'openid email profile phone groups',
    claims: { email: 'email', phone: 'phone_number', name: 'name', empNo: '', groups: 'groups' },
    jit: false,
    jitDepartmentId: null,
    roleMap: [{ group: 'engineering', roleId: role }],
    required: false,
    ...over,
  });
  const update = (over: Record<string, unknown>) => t.api.updateSsoConnection({ id: conn, ...fields(over), clientSecret: '' }, a.token);

  /** A person's trip: the company's page, the provider's sign-in, back to the console with the provider's query. */
  async function trip(login: string, target: 'employee' | 'staff' = 'employee', nonce = NONCE) {
    const started = await t.api.ssoSignInStart({ companyId: a.id, connectionId: conn, target, nonce });
    expect(started.status, started.reason).toBe(0);
    const back = await idp.signIn(started.result.url, login, `pw-${login}`);
    return back.search;
  }
  const finish = (query: string, nonce = NONCE) => t.api.ssoSignInFinish({ query, nonce });

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    idp = await startIdp({
      redirectUris: ['http://openvisit.test/signin/sso'],
      people: [
        { login: 'ada', password: 'pw-ada', email: 'ada@example.com', email_verified: true, name: 'Ada', groups: ['engineering'] },
        { login: 'bob', password: 'pw-bob', email: 'bob@example.com', email_verified: true, name: 'Bob New', groups: [] },
        { login: 'boss', password: 'pw-boss', email: a.email.toUpperCase(), email_verified: true, name: 'The Admin' },
        { login: 'liar', password: 'pw-liar', email: a.email, email_verified: false, name: 'Not verified' },
        { login: 'grace', password: 'pw-grace', email: 'grace@example.com', email_verified: true, name: 'Grace', preferred_username: 'grace' },
      ],
    });
    const group = (await t.api.addRARG({ rgName: 'IdP', parentId: 0 }, a.token)).result.rid;
    role = (await t.api.addRARG({ rgName: 'Engineers', parentId: group }, a.token)).result.rid;
    dept = (await t.api.addDepartment({ deptName: 'Newcomers', parentId: 0 }, a.token)).result.deptid;
    const added = await t.api.addSsoConnection(fields(), a.token);
    expect(added.status, added.reason).toBe(0);
    conn = added.result.id;
  });
  afterAll(async () => {
    await idp.close();
    await t.close();
  });

  it('keeps the client secret to itself and reads the provider as a sign-in will', async () => {
    const listed = (await t.api.getSsoConnections({}, a.token)).result;
    expect(listed.redirectUri).toBe('http://openvisit.test/signin/sso');
    expect(listed.connections).toEqual([expect.objectContaining({ id: conn, hasSecret: true, clientId: idp.clientId, enabled: true })]);
    expect(JSON.stringify(listed)).not.toContain(idp.clientSecret);
    const tested = await t.api.testSsoConnection({ id: conn }, a.token);
    expect(tested.result).toMatchObject({ issuer: idp.issuer, pkce: true, authorizationEndpoint: `${idp.issuer}/auth` });
  });

  it('refuses what it cannot use, and other companies and roles', async () => {
    expect((await t.api.addSsoConnection(fields({ issuer: 'http://127.0.0.1:9' }), a.token)).status).toBe(Status.SSO_UNREACHABLE);
    expect((await t.api.addSsoConnection(fields({ issuer: 'ftp://idp.example' }), a.token)).status).toBe(Status.BAD_PARAMS);
    const theirs = (await t.api.addRARG({ rgName: 'G', parentId: 0 }, b.token)).result.rid;
    const wrongRole = await t.api.addSsoConnection(fields({ roleMap: [{ group: 'x', roleId: theirs }] }), a.token);
    expect(wrongRole.status).toBe(Status.SSO_ROLE_UNKNOWN);
    expect((await t.api.addSsoConnection(fields({ jitDepartmentId: 999999 }), a.token)).status).toBe(Status.SSO_DEPARTMENT_UNKNOWN);
    expect((await t.api.testSsoConnection({ id: conn }, b.token)).status).toBe(Status.SSO_UNKNOWN);
    expect((await t.api.delSsoConnection({ id: conn }, b.token)).status).toBe(Status.SSO_UNKNOWN);
    const sub = await seedStaff(t, a.id, Role.SUBADMIN);
    expect((await t.api.getSsoConnections({}, sub.token)).status).toBe(610);
    // Another company's page cannot start this company's connection.
    const foreign = await t.api.ssoSignInStart({ companyId: b.id, connectionId: conn, target: 'employee', nonce: NONCE });
    expect(foreign.status).toBe(Status.SSO_OFF);
    expect((await t.api.getSsoSignIn({ companyId: 987654 })).result).toEqual({ connections: [], required: false });
  });

  it("signs an employee in by the provider's verified e-mail, links the subject and applies the mapped roles", async () => {
    const ada = await seedEmployee(t, a.id);
    await t.db.update(employees).set({ email: 'ada@example.com' }).where(eq(employees.id, ada.id));
    expect((await t.api.getSsoSignIn({ companyId: a.id })).result).toEqual({
      connections: [{ id: conn, name: 'Company IdP', protocol: 'oidc' }],
      required: false,
    });
    const done = await finish(await trip('ada'));
    expect(done.status, done.reason).toBe(0);
    expect(done.result).toMatchObject({ role: Role.EMPLOYEE, empid: ada.id, userid: a.id });
    const member = await t.db
      .select()
      .from(roleMembers)
      .where(and(eq(roleMembers.roleId, role), eq(roleMembers.empId, ada.id)));
    expect(member).toHaveLength(1);
    // The subject is linked: a new address at the provider still finds the same employee; leaving the group ends the role.
    const person = idp.people.get('ada');
    if (person) Object.assign(person, { email: 'ada.l@example.com', groups: [] });
    const again = await finish(await trip('ada'));
    expect(again.result).toMatchObject({ empid: ada.id });
    expect(
      await t.db
        .select()
        .from(roleMembers)
        .where(and(eq(roleMembers.roleId, role), eq(roleMembers.empId, ada.id))),
    ).toHaveLength(0);
  });

  it('refuses a replayed, foreign-tab, forged or refused answer, and keeps no flow behind', async () => {
    const query = await trip('ada');
    expect((await finish(query, 'another-tab-nonce-000000')).status).toBe(Status.SSO_FAILED);
    // The flow was spent by the wrong tab: the right one cannot use it after.
    expect((await finish(query)).status).toBe(Status.SSO_FAILED);
    const good = await trip('ada');
    expect((await finish(good)).status).toBe(0);
    expect((await finish(good)).status).toBe(Status.SSO_FAILED);
    const forged = new URLSearchParams(await trip('ada'));
    forged.set('code', 'forged-code');
    expect((await finish(forged.toString())).status).toBe(Status.SSO_FAILED);
    const refused = new URLSearchParams(await trip('ada'));
    const state = refused.get('state') ?? '';
    expect((await finish(new URLSearchParams({ error: 'access_denied', state }).toString())).status).toBe(Status.SSO_FAILED);
    expect((await finish('state=made-up&code=x')).status).toBe(Status.SSO_FAILED);
    expect(await t.db.select().from(ssoFlows)).toHaveLength(0);
  });

  it('creates people the directory lacks only where the company allows it, in its department', async () => {
    expect((await finish(await trip('bob'))).status).toBe(Status.SSO_NO_PERSON);
    expect((await update({ jit: true, jitDepartmentId: dept })).status).toBe(0);
    const done = await finish(await trip('bob'));
    expect(done.status, done.reason).toBe(0);
    const [bob] = await t.db
      .select()
      .from(employees)
      .where(eq(employees.id, done.result.empid ?? 0));
    expect(bob).toMatchObject({ companyId: a.id, name: 'Bob New', email: 'bob@example.com' });
    expect(
      await t.db
        .select()
        .from(employeeDepartments)
        .where(eq(employeeDepartments.empId, bob?.id ?? 0)),
    ).toEqual([expect.objectContaining({ deptId: dept })]);
    // A console sign-in never creates anyone.
    expect((await finish(await trip('bob', 'staff'))).status).toBe(Status.SSO_NO_PERSON);
  });

  it('opens the console as the administrator by verified e-mail or as the staff account so named', async () => {
    const boss = await finish(await trip('boss', 'staff'));
    expect(boss.result).toMatchObject({ role: Role.ADMIN, userid: a.id });
    expect((await finish(await trip('liar', 'staff'))).status).toBe(Status.SSO_NO_PERSON);
    const grace = await seedStaff(t, a.id, Role.HSE, 'grace@example.com');
    const staff = await finish(await trip('grace', 'staff'));
    expect(staff.result).toMatchObject({ role: Role.HSE, id: grace.id });
  });

  it('requires the provider instead of passwords, but not of the administrator or machines', async () => {
    const emp = await seedEmployee(t, a.id);
    const desk = await seedStaff(t, a.id, Role.HSE);
    const machine = await seedStaff(t, a.id, Role.MACHINE);
    expect((await update({ required: true })).status).toBe(0);
    expect((await t.api.getSsoSignIn({ companyId: a.id })).result.required).toBe(true);
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).status).toBe(Status.SSO_REQUIRED);
    expect((await t.api.Login({ email: desk.account, password: PASSWORD })).status).toBe(Status.SSO_REQUIRED);
    expect((await t.api.Login({ email: machine.account, password: PASSWORD })).status).toBe(0);
    expect((await t.api.Login({ email: a.email, password: PASSWORD })).status).toBe(0);
    // A wrong password still says only that.
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: 'wrong-one' })).status).toBe(Status.WRONG_CREDENTIALS);
    expect((await update({ required: false, enabled: false })).status).toBe(0);
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).status).toBe(0);
    expect((await t.api.ssoSignInStart({ companyId: a.id, connectionId: conn, target: 'employee', nonce: NONCE })).status).toBe(Status.SSO_OFF);
  });
});
