import { Status } from '@openvisit/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, invitationTemplates, operationLogs } from '../../db/schema/index.js';

interface T {
  id: number;
  templateType: 0 | 1;
  gid: number | null;
  gname: string;
  empid: number | null;
  inviteContent: string;
  address: string;
  traffic: string;
  companyProfile: string;
  inviteContentEn: string;
  addressEn: string;
  longitude: number | null;
  latitude: number | null;
  source?: string;
}
type Errors = { errors: { field: string; rule: string }[] };

describe('invitation templates', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let empId: number;
  let empToken: string;
  let otherEmpToken: string;
  let gate: number;
  let otherGate: number;
  const setSettings = (companyId: number, patch: Record<string, unknown>) =>
    t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(companies.id, companyId));
  const lastLog = async (companyId: number) =>
    (await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, companyId)).orderBy(desc(operationLogs.id)).limit(1))[0];

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    const emp = await seedEmployee(t, a.id);
    empId = emp.id;
    empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    const other = await seedEmployee(t, a.id);
    otherEmpToken = (await t.api.empLogin({ phone: other.phone, empPwd: PASSWORD })).result.token;
    gate = (await t.api.addGate({ gname: 'East gate' }, a.token)).result.gid;
    otherGate = (await t.api.addGate({ gname: 'Beta gate' }, b.token)).result.gid;
  });
  afterAll(() => t.close());

  it('refuses without a session (28) and to roles that may not (610)', async () => {
    const desk = await seedStaff(t, a.id, 2);
    for (const name of ['GetAllTemplateType', 'getUsertemplate', 'addUserTemplate', 'updateUserTemplate', 'delUsertemplate', 'getEmptempByPost'])
      expect((await t.call(name, { templateType: 0, id: 1, inviteContent: 'x' })).status, name).toBe(Status.TOKEN_MISSING);
    for (const name of ['getUsertemplate', 'addUserTemplate', 'updateUserTemplate', 'delUsertemplate'])
      expect((await t.call(name, { templateType: 0, id: 1, inviteContent: 'x' }, empToken)).status, name).toBe(Status.NO_PERMISSION);
    for (const name of ['getEmptemplateByType', 'addEmptemplate', 'delEmptemplate'])
      expect((await t.call(name, { templateType: 0, inviteContent: 'x' }, a.token)).status, name).toBe(Status.NO_PERMISSION);
    expect((await t.api.getUsertemplate({}, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getEmptempByPost({}, desk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('lists the two template types with their names', async () => {
    for (const token of [a.token, empToken]) {
      const r = await t.api.GetAllTemplateType({}, token);
      expect(r.result).toEqual([
        { templateType: 0, name: '面试', nameEn: 'Interview' },
        { templateType: 1, name: '商务', nameEn: 'Business' },
      ]);
    }
  });

  it('56 before any template exists, and the console’s getInviteTemplate answers null instead', async () => {
    const r = await t.api.getEmptempByPost({ templateType: 0 }, empToken);
    expect(r.status).toBe(Status.NO_INVITE_TEMPLATE);
    expect(r.reason).toMatch(/No invitation template/);
    const none = await t.api.getInviteTemplate({ templateType: 0 }, empToken);
    expect(none).toMatchObject({ status: 0, result: { template: null } });
  });

  it('company templates: one default and one per gate per type; 3 for a second, 125 for a gate not the company’s; logged', async () => {
    const added = await t.api.addUserTemplate(
      {
        templateType: 0,
        inviteContent: '<p>欢迎参加面试</p><script>alert(1)</script><p>请准时</p>',
        address: '北京市朝阳区 1 号',
        inviteContentEn: 'Welcome to your interview.',
        addressEn: '1 Chaoyang Road, Beijing',
        longitude: 116.4,
        latitude: 39.9,
      },
      a.token,
    );
    expect(added.status).toBe(0);
    // Markup is reduced to its words: stored and answered as plain text with line breaks.
    expect(added.result).toMatchObject({
      templateType: 0,
      gid: null,
      gname: '',
      empid: null,
      inviteContent: '欢迎参加面试\n请准时',
      longitude: 116.4,
    });
    expect((await lastLog(a.id))?.optDesc).toBe('interview invitation template, default');

    const again = await t.api.addUserTemplate({ templateType: 0, inviteContent: 'second default' }, a.token);
    expect(again.status).toBe(Status.ALREADY_EXISTS);
    const atGate = await t.api.addUserTemplate({ templateType: 0, gid: gate, inviteContent: '东门面试' }, a.token);
    expect(atGate.result).toMatchObject({ gid: gate, gname: 'East gate' });
    expect((await lastLog(a.id))?.optDesc).toBe('interview invitation template, gate East gate');
    expect((await t.api.addUserTemplate({ templateType: 0, gid: gate, inviteContent: 'again' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.addUserTemplate({ templateType: 1, gid: otherGate, inviteContent: 'x' }, a.token)).status).toBe(Status.GATE_NOT_FOUND);
    const business = await t.api.addUserTemplate({ templateType: 1, inviteContent: '商务来访', inviteContentEn: 'Business visit' }, a.token);
    expect(business.status).toBe(0);

    const all = await t.api.getUsertemplate({}, a.token);
    expect(all.result.map((x) => [x.templateType, x.gid])).toEqual([
      [0, null],
      [0, gate],
      [1, null],
    ]);
    expect((await t.api.getUsertemplate({ templateType: 1 }, a.token)).result.map((x) => x.id)).toEqual([business.result.id]);
    expect((await t.api.getUsertemplate({ gid: null }, a.token)).result.map((x) => x.gid)).toEqual([null, null]);
    expect((await t.api.getUsertemplate({ gid: gate }, a.token)).result.map((x) => x.id)).toEqual([atGate.result.id]);
    // Another company sees none of them.
    expect((await t.api.getUsertemplate({}, b.token)).result).toEqual([]);
  });

  it('refuses bad texts with named rules', async () => {
    const none = await t.call('addUserTemplate', { templateType: 1, gid: gate, inviteContent: '  ', inviteContentEn: '<p></p>' }, a.token);
    expect((none.result as Errors).errors).toEqual([{ field: 'inviteContent', rule: 'required' }]);
    const half = await t.call('addUserTemplate', { templateType: 1, gid: gate, inviteContent: 'x', longitude: 116 }, a.token);
    expect((half.result as Errors).errors).toEqual([{ field: 'latitude', rule: 'pair' }]);
    const far = await t.call('addUserTemplate', { templateType: 1, gid: gate, inviteContent: 'x', longitude: 200, latitude: 1 }, a.token);
    expect((far.result as Errors).errors).toEqual([{ field: 'longitude', rule: 'range' }]);
    const long = await t.call('addUserTemplate', { templateType: 1, gid: gate, inviteContent: 'x', address: 'y'.repeat(201) }, a.token);
    expect((long.result as Errors).errors).toEqual([{ field: 'address', rule: 'tooLong' }]);
    expect((await t.call('addUserTemplate', { templateType: 2, inviteContent: 'x' }, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('updates and deletes by id; 59 for another company’s or a missing id; 3 when moved onto a taken type and gate', async () => {
    const list = (await t.call<T[]>('getUsertemplate', { templateType: 0 }, a.token)).result;
    const [def, gated] = list as [T, T];
    const changed = await t.api.updateUserTemplate(
      { id: gated.id, templateType: 0, gid: gate, inviteContent: '东门面试（新）', traffic: '地铁 6 号线' },
      a.token,
    );
    expect(changed.result).toMatchObject({ id: gated.id, inviteContent: '东门面试（新）', traffic: '地铁 6 号线', address: '' });
    expect((await t.api.updateUserTemplate({ id: gated.id, templateType: 0, gid: null, inviteContent: 'x' }, a.token)).status).toBe(
      Status.ALREADY_EXISTS,
    );
    expect((await t.api.updateUserTemplate({ id: def.id, templateType: 0, inviteContent: 'x' }, b.token)).status).toBe(Status.TEMPLATE_NOT_FOUND);
    expect((await t.api.delUsertemplate({ id: def.id }, b.token)).status).toBe(Status.TEMPLATE_NOT_FOUND);
    expect((await t.api.delUsertemplate({ id: 999999 }, a.token)).status).toBe(Status.TEMPLATE_NOT_FOUND);
    // An employee's own template is not a company template.
    const own = await t.api.addEmptemplate({ templateType: 1, inviteContent: '我的商务模板' }, otherEmpToken);
    expect((await t.api.delUsertemplate({ id: own.result.id }, a.token)).status).toBe(Status.TEMPLATE_NOT_FOUND);
    expect((await t.api.updateUserTemplate({ id: own.result.id, templateType: 1, inviteContent: 'x' }, a.token)).status).toBe(
      Status.TEMPLATE_NOT_FOUND,
    );

    const temp = await t.api.addUserTemplate({ templateType: 1, gid: gate, inviteContent: 'to delete' }, a.token);
    expect((await t.api.delUsertemplate({ id: temp.result.id }, a.token)).status).toBe(0);
    expect((await lastLog(a.id))?.optEvent).toBe('delete');
    expect((await t.api.delUsertemplate({ id: temp.result.id }, a.token)).status).toBe(Status.TEMPLATE_NOT_FOUND);
  });

  it('employees keep their own template per type and it applies first: own → gate → default', async () => {
    const before = await t.api.getEmptemplateByType({ templateType: 0 }, empToken);
    expect(before.result).toEqual({ template: null, editable: true });
    // Without one of their own: the gate's template at that gate, the default elsewhere.
    expect((await t.api.getEmptempByPost({ templateType: 0, gid: gate }, empToken)).result).toMatchObject({ source: 'gate', gid: gate });
    expect((await t.api.getEmptempByPost({ templateType: 0 }, empToken)).result).toMatchObject({ source: 'company', gid: null });
    expect((await t.api.getInviteTemplate({ templateType: 0, gid: gate }, empToken)).result.template).toMatchObject({ source: 'gate', gid: gate });

    const saved = await t.api.addEmptemplate({ templateType: 0, inviteContent: '张三的面试邀请', addressEn: 'My office' }, empToken);
    expect(saved.result).toMatchObject({ empid: empId, gid: null, inviteContent: '张三的面试邀请', addressEn: 'My office' });
    expect((await lastLog(a.id))?.optDesc).toBe('own interview invitation template');
    const replaced = await t.api.addEmptemplate({ templateType: 0, inviteContent: '张三的新邀请' }, empToken);
    expect(replaced.result).toMatchObject({ id: saved.result.id, inviteContent: '张三的新邀请', addressEn: '' });
    expect(
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(invitationTemplates)
          .where(and(eq(invitationTemplates.empId, empId)))
      )[0]?.n,
    ).toBe(1);
    expect((await t.call<{ template: T }>('getEmptemplateByType', { templateType: 0 }, empToken)).result.template.id).toBe(saved.result.id);
    expect((await t.api.getEmptempByPost({ templateType: 0, gid: gate }, empToken)).result).toMatchObject({
      source: 'employee',
      inviteContent: '张三的新邀请',
    });
    // Another employee's own template is theirs alone.
    expect((await t.api.getEmptemplateByType({ templateType: 0 }, otherEmpToken)).result.template).toBeNull();
    // Administrators see what applies for a host they name; another company's employee is 55, its gate 125.
    expect((await t.api.getEmptempByPost({ templateType: 0, empid: empId }, a.token)).result.source).toBe('employee');
    expect((await t.api.getEmptempByPost({ templateType: 0 }, a.token)).result.source).toBe('company');
    expect((await t.api.getEmptempByPost({ templateType: 0, empid: empId }, b.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.api.getEmptempByPost({ templateType: 0, gid: otherGate }, empToken)).status).toBe(Status.GATE_NOT_FOUND);
  });

  it('tempEditSwitch 1: employees may not edit (610 with a reason) and the company’s templates apply', async () => {
    await setSettings(a.id, { tempEditSwitch: 1 });
    const read = await t.api.getEmptemplateByType({ templateType: 0 }, empToken);
    expect(read.result.editable).toBe(false);
    const refused = await t.api.addEmptemplate({ templateType: 0, inviteContent: 'blocked' }, empToken);
    expect(refused.status).toBe(Status.NO_PERMISSION);
    expect(refused.reason).toMatch(/does not let employees edit invitation templates/);
    expect((await t.api.delEmptemplate({ templateType: 0 }, empToken)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getEmptempByPost({ templateType: 0, gid: gate }, empToken)).result.source).toBe('gate');
    expect((await t.api.getEmptempByPost({ templateType: 0 }, empToken)).result.source).toBe('company');
    await setSettings(a.id, { tempEditSwitch: 0 });
    expect((await t.api.delEmptemplate({ templateType: 0 }, empToken)).status).toBe(0);
    expect((await t.api.delEmptemplate({ templateType: 0 }, empToken)).status).toBe(Status.TEMPLATE_NOT_FOUND);
    expect((await t.api.getEmptempByPost({ templateType: 0 }, empToken)).result.source).toBe('company');
  });

  it('a gate’s template goes with the gate', async () => {
    const north = (await t.api.addGate({ gname: 'North' }, a.token)).result.gid;
    const tpl = await t.api.addUserTemplate({ templateType: 1, gid: north, inviteContent: 'North' }, a.token);
    expect((await t.api.delGate({ gid: north }, a.token)).status).toBe(0);
    expect((await t.api.delUsertemplate({ id: tpl.result.id }, a.token)).status).toBe(Status.TEMPLATE_NOT_FOUND);
  });
});
