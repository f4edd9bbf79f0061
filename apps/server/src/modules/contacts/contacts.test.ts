import { Status, type SyncReport } from '@openvisit/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, type FakeDingTalk, type FakeRtx, startFakeDingTalk, startFakeRtx } from '../../../test/directory-fakes.js';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, contactSync, departments, employees, jobs, operationLogs } from '../../db/schema/index.js';
import { systemScope, tenantScope } from '../../platform/identity/tenancy.js';
import { JobQueue } from '../../platform/jobs/jobs.js';
import { contactsRepository } from './contacts.repository.js';
import { COMPANY_JOB, DAILY_JOB, ensureDailySync, localDay, registerContactJobs } from './contacts.schedule.js';

type Company = Tenant;
type Errors = { errors: { field: string; rule: string }[] };

const PLATFORM_PEOPLE = 105; // more than one page of DingTalk's 100

function dingTalkDirectory(dd: FakeDingTalk) {
  dd.departments = new Map([
    [
      1,
      [
        { dept_id: 2, name: '研发部' },
        { dept_id: 3, name: 'Sales' },
      ],
    ],
    [2, [{ dept_id: 4, name: 'Platform' }]],
  ]);
  dd.users = [
    { userid: 'boss', name: '王总', mobile: '13800000001', dept_id_list: [1] },
    { userid: 'dev1', name: 'Li Lei', mobile: '13800000002', job_number: 'D001', title: 'Engineer', dept_id_list: [2] },
    { userid: 'dev2', name: 'Han Meimei', mobile: '13800000003', email: 'han@example.com', dept_id_list: [2, 3] },
    { userid: 'sales1', name: 'Zhou Jie', mobile: '13800000004', dept_id_list: [3] },
    { userid: 'sales2', name: 'Ma Li', job_number: 'E777', dept_id_list: [3] },
    { userid: 'dup1', name: 'Dup One', mobile: '13800000009', dept_id_list: [4] },
    { userid: 'dup2', name: 'Dup Two', mobile: '13800000009', dept_id_list: [4] },
    ...Array.from({ length: PLATFORM_PEOPLE }, (_, i) => ({
      userid: `p${i}`,
      name: `Platform ${i}`,
      mobile: `1370000${String(i).padStart(4, '0')}`,
      dept_id_list: [4],
    })),
  ];
}

const TOTAL_USERS = 7 + PLATFORM_PEOPLE;

describe('directory sync (DingTalk, RTX)', () => {
  let t: TestApp;
  let dd: FakeDingTalk;
  let rtx: FakeRtx;
  let a: Company;
  let b: Company;
  let c: Company;

  const sync = (step: 'autoGetDeptFromCT' | 'autoGetEmployeeFromCT' | 'autoGetEmpDeptRelation', token: string, body: object = {}) =>
    t.call<SyncReport>(step, body, token);
  const state = async (token: string) => (await t.api.getContactSync({}, token)).result;
  const empByPhone = async (companyId: number, phone: string) =>
    (
      await t.db
        .select()
        .from(employees)
        .where(and(eq(employees.companyId, companyId), eq(employees.phone, phone)))
    )[0];
  const deptNamed = async (companyId: number, name: string) =>
    (
      await t.db
        .select()
        .from(departments)
        .where(and(eq(departments.companyId, companyId), eq(departments.name, name)))
    )[0];
  const turnOnDingTalk = (token: string) =>
    t.api.updateDDNotify({ ddnotify: 1, ddcorpid: dd.appKey, ddcorpsecret: dd.secret, ddagentid: '2934571' }, token);

  beforeAll(async () => {
    dd = await startFakeDingTalk();
    rtx = await startFakeRtx();
    dingTalkDirectory(dd);
    t = await testApp({ contacts: { dingtalkApiUrl: dd.url, timeoutMs: 1500, maxResponseBytes: 100_000 } });
    ({ a, b } = await twoTenants(t));
    c = await seedCompany(t, 'Gamma');
    // Alpha already has people and a department the directory also has.
    await t.db.insert(employees).values([
      { companyId: a.id, name: 'Zhou J.', phone: '13800000004' },
      { companyId: a.id, name: 'Ma Li', phone: '13911112222', empNo: 'E777' },
    ]);
    await t.db.insert(departments).values([
      { companyId: a.id, name: 'Sales' },
      { companyId: a.id, name: 'Visitors desk' },
    ]);
    // Beta shares a phone with the directory and has a department of the same name: none of it may change.
    await t.db.insert(employees).values({ companyId: b.id, name: 'Beta Person', phone: '13800000002' });
    await t.db.insert(departments).values({ companyId: b.id, name: 'Sales' });
  });
  afterAll(async () => {
    await t.close();
    await dd.close();
    await rtx.close();
  });

  it('no token 28, wrong role 610', async () => {
    expect((await t.api.getContactSync({})).status).toBe(Status.TOKEN_MISSING);
    expect((await t.api.autoGetDeptFromCT({})).status).toBe(Status.TOKEN_MISSING);
    const hse = await seedStaff(t, a.id, 0);
    expect((await t.api.getContactSync({}, hse.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.updateDDNotify({ ddnotify: 0 }, hse.token)).status).toBe(Status.NO_PERMISSION);
    expect((await sync('autoGetEmployeeFromCT', hse.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('refuses bad settings with field errors: formats, missing settings, auto-sync without its channel, both channels on', async () => {
    const autoOff = await t.call<Errors>('updateDDNotify', { ddautosync: 1 }, a.token);
    expect(autoOff.result.errors).toEqual([{ field: 'ddautosync', rule: 'channelOff' }]);
    const missing = await t.call<Errors>('updateDDNotify', { ddnotify: 1 }, a.token);
    expect(missing.result.errors.map((e) => e.field)).toEqual(['ddcorpid', 'ddcorpsecret', 'ddagentid']);
    const formats = await t.call<Errors>('updateDDNotify', { ddcorpid: 'bad key!', ddagentid: '12a' }, a.token);
    expect(formats.result.errors).toEqual([
      { field: 'ddcorpid', rule: 'format' },
      { field: 'ddagentid', rule: 'format' },
    ]);
    expect((await t.call<Errors>('updateRtxConf', { rtxIp: 'http://rtx', rtxPort: 70000 }, a.token)).result.errors).toEqual([
      { field: 'rtxIp', rule: 'format' },
      { field: 'rtxPort', rule: 'range' },
    ]);
    expect((await t.call<Errors>('updateRtxConf', { rtxAuto: 1 }, a.token)).result.errors).toEqual([{ field: 'rtxAuto', rule: 'channelOff' }]);
    // Syncing needs a channel switched on.
    expect((await sync('autoGetDeptFromCT', a.token)).status).toBe(Status.BAD_PARAMS);

    // RTX on, then DingTalk on: exclusive (and the other way round).
    expect((await t.api.updateRtxConf({ rtxnotify: 1, rtxIp: rtx.host, rtxPort: rtx.port }, a.token)).status).toBe(0);
    expect((await turnOnDingTalk(a.token)).result).toEqual({ errors: [{ field: 'ddnotify', rule: 'exclusive' }] });
    expect((await t.api.updateRtxConf({ rtxnotify: 0 }, a.token)).status).toBe(0);
    expect((await state(a.token)).channel).toBeNull();
  });

  it('checks DingTalk credentials when switching on (51), keeps the secret write-only and out of GetUserInfo', async () => {
    const wrong = await t.api.updateDDNotify({ ddnotify: 1, ddcorpid: dd.appKey, ddcorpsecret: 'not-the-secret', ddagentid: '2934571' }, a.token);
    expect(wrong.status).toBe(Status.DINGTALK_VERIFY_FAILED);
    expect(wrong.reason).toContain('40089');
    expect(wrong.reason).not.toContain('not-the-secret');
    expect((await state(a.token)).dingtalk).toMatchObject({ ddnotify: 0, hasSecret: false });

    expect((await turnOnDingTalk(a.token)).status).toBe(0);
    const s = await t.api.getContactSync({}, a.token);
    expect(s.result).toMatchObject({ channel: 'dingtalk', dingtalk: { ddnotify: 1, ddcorpid: dd.appKey, ddagentid: '2934571', hasSecret: true } });
    const info = await t.api.GetUserInfo({}, a.token);
    expect(info.result.ddnotify).toBe(1);
    for (const answer of [s, info]) expect(JSON.stringify(answer)).not.toContain(dd.secret);
    // Sealed at rest with the server's key.
    const [stored] = await t.db.select().from(contactSync).where(eq(contactSync.companyId, a.id));
    expect(stored?.ddSecret).toMatch(/^v1:/);
    expect(stored?.ddSecret).not.toContain(dd.secret);
    expect(t.services.secrets.open(stored?.ddSecret ?? '')).toBe(dd.secret);
    // Changing another field keeps the stored secret; Beta sees none of it.
    expect((await t.api.updateDDNotify({ ddagentid: '2934572' }, a.token)).status).toBe(0);
    expect((await state(a.token)).dingtalk.hasSecret).toBe(true);
    expect((await state(b.token)).dingtalk).toMatchObject({ ddnotify: 0, ddcorpid: '', hasSecret: false });
  });

  it('a first sync creates the tree and the employees (paged), links existing ones, reports a duplicate phone', async () => {
    const depts = await sync('autoGetDeptFromCT', a.token);
    expect(depts.status).toBe(0);
    expect(depts.result).toMatchObject({ channel: 'dingtalk', step: 'departments', total: 3, created: 2, updated: 1, unchanged: 0, failed: 0 });
    const rd = await deptNamed(a.id, '研发部');
    expect((await deptNamed(a.id, 'Platform'))?.parentId).toBe(rd?.id);

    const people = await sync('autoGetEmployeeFromCT', a.token);
    expect(people.result).toMatchObject({ total: TOTAL_USERS, created: TOTAL_USERS - 3, updated: 2, unchanged: 0, failed: 1 });
    expect(people.result.failures).toEqual([{ externalId: 'dup2', name: 'Dup Two', field: 'phone', rule: 'taken', status: Status.PHONE_NOT_UNIQUE }]);
    expect(dd.seen.filter((p) => p === '/topapi/v2/user/list').length).toBe(5); // root, 研发部, Sales, Platform ×2 pages
    expect((await empByPhone(a.id, '13800000004'))?.name).toBe('Zhou Jie'); // matched by phone, renamed
    const maLi = await empByPhone(a.id, '13911112222'); // matched by work number; no phone from DingTalk keeps ours
    expect(maLi?.empNo).toBe('E777');
    expect(await empByPhone(a.id, '13800000002')).toMatchObject({ name: 'Li Lei', empNo: 'D001', position: 'Engineer', status: 0 });
    expect((await empByPhone(a.id, '13800000003'))?.email).toBe('han@example.com');

    const zhou = await empByPhone(a.id, '13800000004');
    const desk = await deptNamed(a.id, 'Visitors desk');
    await t.call('updateDeptEmpRelation', { deptid: desk?.id, empids: [zhou?.id], action: 'add' }, a.token);
    const rel = await sync('autoGetEmpDeptRelation', a.token);
    expect(rel.result).toMatchObject({ total: TOTAL_USERS, updated: TOTAL_USERS - 2, unchanged: 1, failed: 1 });
    expect(rel.result.failures[0]).toMatchObject({ externalId: 'dup2', rule: 'notSynced' });
    const zhouDepts = await t.call<{ deptName: string }[]>('getDeptByEmpid', { empid: zhou?.id }, a.token);
    expect(zhouDepts.result.map((d) => d.deptName).sort()).toEqual(['Sales', 'Visitors desk']); // ours kept
    const han = await empByPhone(a.id, '13800000003');
    expect((await t.call<{ deptName: string }[]>('getDeptByEmpid', { empid: han?.id }, a.token)).result.map((d) => d.deptName).sort()).toEqual([
      'Sales',
      '研发部',
    ]);
    const platform = await t.call<{ count: number }>('getEmpDeptList', { deptid: (await deptNamed(a.id, 'Platform'))?.id }, a.token);
    expect(platform.result.count).toBe(PLATFORM_PEOPLE + 1);

    // Beta untouched.
    expect(await empByPhone(b.id, '13800000002')).toMatchObject({ name: 'Beta Person', empNo: '' });
    expect((await t.db.select().from(departments).where(eq(departments.companyId, b.id))).map((d) => d.name)).toEqual(['Sales']);
    expect((await t.db.select().from(employees).where(eq(employees.companyId, b.id))).length).toBe(1);
  });

  it('a re-run changes nothing', async () => {
    expect((await sync('autoGetDeptFromCT', a.token)).result).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
    expect((await sync('autoGetEmployeeFromCT', a.token)).result).toMatchObject({ created: 0, updated: 0, unchanged: TOTAL_USERS - 1, failed: 1 });
    expect((await sync('autoGetEmpDeptRelation', a.token)).result).toMatchObject({ updated: 0, unchanged: TOTAL_USERS - 1, failed: 1 });
    expect((await t.db.select().from(employees).where(eq(employees.companyId, a.id))).length).toBe(TOTAL_USERS - 1);
  });

  it('follows renames and moves; stops people gone from the directory and enables them when they return', async () => {
    const dev1 = dd.users.find((u) => u.userid === 'dev1');
    if (dev1) dev1.name = 'Li Lei Jr';
    dd.departments.set(1, [
      { dept_id: 2, name: '研发部' },
      { dept_id: 3, name: 'Sales EMEA' },
      { dept_id: 4, name: 'Platform' },
    ]);
    dd.departments.delete(2);
    const dev2 = dd.users.find((u) => u.userid === 'dev2');
    dd.users = dd.users.filter((u) => u.userid !== 'dev2');

    expect((await sync('autoGetDeptFromCT', a.token)).result).toMatchObject({ created: 0, updated: 2, unchanged: 1 });
    expect((await deptNamed(a.id, 'Platform'))?.parentId).toBe(0);
    expect(await deptNamed(a.id, 'Sales EMEA')).toBeDefined();
    const people = await sync('autoGetEmployeeFromCT', a.token);
    expect(people.result).toMatchObject({ updated: 1, vanishedCount: 1 });
    expect(people.result.vanished).toEqual([expect.objectContaining({ name: 'Han Meimei', externalId: 'dev2', stopped: true })]);
    expect((await empByPhone(a.id, '13800000002'))?.name).toBe('Li Lei Jr');
    expect((await empByPhone(a.id, '13800000003'))?.status).toBe(2);

    if (dev2) dd.users.push(dev2);
    expect((await sync('autoGetEmployeeFromCT', a.token)).result).toMatchObject({ updated: 1, vanishedCount: 0 });
    expect((await empByPhone(a.id, '13800000003'))?.status).toBe(0);
  });

  it('answers 51 when DingTalk refuses, 674 when it is down, slow or too talkative, 58 while a sync runs; errors are kept', async () => {
    const rotated = dd.secret;
    dd.secret = 'rotated-secret';
    const refused = await sync('autoGetDeptFromCT', a.token);
    expect(refused.status).toBe(Status.DINGTALK_VERIFY_FAILED);
    expect((await state(a.token)).last.error).toMatchObject({ step: 'departments', status: 51, auto: false });
    dd.secret = rotated;

    for (const [mode, text] of [
      ['down', 'DingTalk answered HTTP 502'],
      ['hang', 'DingTalk did not answer within 2 s'],
      ['huge', 'DingTalk answered more than 100000 bytes'],
    ] as const) {
      dd.mode = mode;
      const r = await sync('autoGetEmployeeFromCT', a.token);
      expect(r.status, mode).toBe(Status.DIRECTORY_UNREACHABLE);
      expect(r.reason).toBe(text);
      expect(r.reason).not.toMatch(/secret|token|127\.0\.0\.1/i);
    }
    dd.mode = 'ok';
    expect((await state(a.token)).running).toBe(false);

    const repo = contactsRepository(tenantScope(t.db, { companyId: a.id }));
    expect(await repo.acquire(60)).toBe(true);
    expect((await sync('autoGetDeptFromCT', a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await state(a.token)).running).toBe(true);
    await repo.release();
    const ok = await sync('autoGetDeptFromCT', a.token);
    expect(ok.status).toBe(0);
    expect((await state(a.token)).last).toMatchObject({ error: null, departments: { unchanged: 3 } });
  });

  it('syncs an RTX server (XML, GB2312), honours the exemption clause, answers 675 when refused and 674 when unreachable', async () => {
    rtx.departments = new Map([
      ['0', [{ id: '10', name: '总部' }]],
      ['10', [{ id: '11', name: 'IT' }]],
    ]);
    rtx.users = new Map([
      [
        '10',
        [
          { account: 'zhangsan', name: '张三', mobile: '13700000101' },
          { account: 'bossc', name: 'Boss C', mobile: '13700000102', email: 'boss@gamma.example' },
        ],
      ],
      [
        '11',
        [
          { account: 'wangwu', name: '王五', mobile: '13700000103', phone: '010-88886666' },
          { account: 'bossc', name: 'Boss C', mobile: '13700000102' },
        ],
      ],
    ]);
    expect((await t.api.updateRtxConf({ rtxnotify: 1, rtxIp: rtx.host, rtxPort: rtx.port }, c.token)).status).toBe(0);
    expect((await sync('autoGetDeptFromCT', c.token)).result).toMatchObject({ channel: 'rtx', created: 2 });
    await t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || '{"escapeClause": "Staff data is synced from RTX."}'::jsonb` })
      .where(eq(companies.id, c.id));
    const noClause = await sync('autoGetEmployeeFromCT', c.token);
    expect(noClause.result).toEqual({ errors: [{ field: 'acceptClause', rule: 'required' }] });
    expect((await sync('autoGetEmployeeFromCT', c.token, { acceptClause: true })).result).toMatchObject({ created: 3, failed: 0 });
    expect((await empByPhone(c.id, '13700000101'))?.name).toBe('张三');
    expect((await empByPhone(c.id, '13700000103'))?.telephone).toBe('010-88886666');
    expect((await sync('autoGetEmpDeptRelation', c.token)).result).toMatchObject({ updated: 3 });
    const boss = await empByPhone(c.id, '13700000102');
    expect((await t.call<{ deptName: string }[]>('getDeptByEmpid', { empid: boss?.id }, c.token)).result.map((d) => d.deptName).sort()).toEqual([
      'IT',
      '总部',
    ]);
    // The linked RTX account, for notifications; another company's employee is 55.
    expect((await t.api.getEmpRexAccountInFo({ empid: boss?.id }, c.token)).result).toEqual({
      empid: boss?.id,
      empName: 'Boss C',
      empRtxAccount: 'bossc',
      ddid: '',
    });
    expect((await t.api.getEmpRexAccountInFo({ empid: boss?.id }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);

    rtx.restricted = true;
    const refused = await sync('autoGetDeptFromCT', c.token);
    expect(refused.status).toBe(Status.DIRECTORY_REFUSED);
    expect(refused.reason).toContain('SDKProperty.xml');
    rtx.restricted = false;

    expect((await t.api.updateRtxConf({ rtxPort: await closedPort() }, c.token)).status).toBe(0);
    const down = await sync('autoGetDeptFromCT', c.token);
    expect(down.status).toBe(Status.DIRECTORY_UNREACHABLE);
    expect(down.reason).toBe('The RTX server could not be reached or did not answer');
    expect((await t.api.updateRtxConf({ rtxPort: rtx.port }, c.token)).status).toBe(0);
  });

  it('runs the 00:00 job once per company and day, however many processes schedule it', async () => {
    // Alpha syncs automatically; Gamma (RTX) does not.
    expect((await t.api.updateDDNotify({ ddautosync: 1 }, a.token)).status).toBe(0);
    expect((await state(a.token)).nextAutoSync).toBeGreaterThan(Date.now());
    const dev1 = dd.users.find((u) => u.userid === 'dev1');
    if (dev1) dev1.name = 'Li Lei Sr';

    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const justBefore = new Date(midnight.getTime() - 30_000); // yesterday 23:59:30, server time
    const today = localDay(midnight);
    registerContactJobs({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, () => justBefore);
    // Two processes (two queues on one database) schedule the day; the key keeps it to one job.
    const other = new JobQueue(t.db, t.app.log);
    await ensureDailySync(t.services.jobs, justBefore);
    await ensureDailySync(other, justBefore);
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${DAILY_JOB}:${today}`)),
    ).toHaveLength(1);

    await t.services.jobs.runDue();
    const runs = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `${COMPANY_JOB}:%:${today}`));
    expect(runs.map((r) => [r.key, r.state])).toEqual([[`${COMPANY_JOB}:${a.id}:${today}`, 'done']]);
    expect((await empByPhone(a.id, '13800000002'))?.name).toBe('Li Lei Sr');
    const last = (await state(a.token)).last;
    expect(last.employees).toMatchObject({ auto: true, updated: 1 });
    expect(last.relations).toMatchObject({ auto: true, failed: 1 });
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.optId, 'auto-sync')));
    expect(logs).toHaveLength(1);
    expect(logs[0]?.optDesc).toContain('employees: 0 added, 1 updated');
    expect(logs[0]?.descKey).toBe('directoryAutoSynced');
    expect(logs[0]?.descParams).toMatchObject({ empCreated: 0, empUpdated: 1, relFailed: 1 });

    // Scheduling again (a restart, another node) and running again does nothing more today.
    await ensureDailySync(other, justBefore);
    expect(await other.enqueue(COMPANY_JOB, { companyId: a.id, day: today }, { key: `${COMPANY_JOB}:${a.id}:${today}` })).toBe(0);
    if (dev1) dev1.name = 'Li Lei III';
    expect(await t.services.jobs.runDue()).toBe(0);
    expect((await empByPhone(a.id, '13800000002'))?.name).toBe('Li Lei Sr');
    // Tomorrow's job waits for tomorrow's 00:00.
    const next = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `${DAILY_JOB}:%`));
    const tomorrow = new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() + 1);
    expect(next.map((j) => [j.key, j.state, j.runAt.getTime()])).toContainEqual([`${DAILY_JOB}:${localDay(tomorrow)}`, 'queued', tomorrow.getTime()]);
  });
});
