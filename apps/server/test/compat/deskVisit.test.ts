import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/db/schema/index.js';
import { seedCompany, type TestApp, testApp } from '../harness.js';
import { type Desk, type DeskSite, deskSignIn, deskSite, expectReads } from './desk.js';
import { appState, book, DETAIL_READS, invite, type Row, walkIn } from './deskVisits.js';

/**
 * frontdesk-app.md §3b and §3c: the desk scans a visitor's QR code (`a<id>` an invitation, `v<id>` a booking), opens the
 * detail page (the type's fields, the host and their department), signs the visitor in with `photo=0` (no photo:
 * `photoUrl` ""), and later signs them out; each request exactly as the app builds it, each field it reads checked.
 */
describe('the front-desk app’s QR scan, detail page, sign-in and sign-out (frontdesk-app.md §3b, §3c)', () => {
  let t: TestApp;
  let site: DeskSite;
  let desk: Desk;
  let theirSite: DeskSite;
  let theirInvite: number;
  const getVisit = (vid: string) => desk.send<Row>('GetVisitorByVid', { userid: desk.userid, vid });

  /**
   * The sign-in's extendCol as the app builds it (§3c): the visit's own entries, the host's NAME as empid, the type,
   * phone and name, the door groups (`""` for none), and gatein / guardin only when the company has those fields.
   */
  const signInExtras = async (row: Row) => {
    const fields = await desk.send<{ fieldName: string }[]>('GetExtendVisitor', { userid: desk.userid });
    const names = fields.result.map((f) => f.fieldName);
    const text = (v: unknown) => (v === '' || v === undefined || v === null ? '""' : String(v));
    const own = Object.entries(JSON.parse(String(row.extendCol)) as Record<string, string>).map(([k, v]) => `${k}=${text(v)}`);
    const extendCol = [
      ...own,
      `empid=${row.empName}`,
      `visitType=${text(row.visitType)}`,
      `phone=${text(row.vphone)}`,
      `name=${row.vname}`,
      `access=${text(desk.access)}`,
    ];
    if (!names.includes('gatein')) return { extendCol };
    return {
      extendCol: [...extendCol, `gatein=${desk.gateway}`, `guardin=${desk.opname}`],
      signInGate: desk.gateway,
      signInOpName: desk.opname,
    };
  };
  /** The detail page's mount (§3c): the type's fields, then the host by name and their department. */
  const openDetail = async (row: Row) => {
    const types = await desk.send<unknown[]>('getExtendTypeInfo', { userid: desk.userid, eType: row.vType });
    expect(types.status, types.reason).toBe(0);
    expect(Array.isArray(types.result)).toBe(true);
    const hosts = await desk.send<Record<string, unknown>[]>('getEmpByName', { userid: desk.userid, name: row.empName });
    expect(hosts.status, hosts.reason).toBe(0);
    expect(hosts.result.length, 'the host is found by name').toBeGreaterThan(0);
    expectReads(hosts.result[0], { empid: 'number', workbay: 'string' }, 'getEmpByName');
    const depts = await desk.send<Record<string, unknown>[]>('getDeptByEmpid', { empid: String(hosts.result[0]?.empid), userid: desk.userid });
    expect(depts.status, depts.reason).toBe(0);
    expectReads(depts.result[0], { deptName: 'string' }, 'getDeptByEmpid');
    return { host: hosts.result[0], dept: depts.result[0]?.deptName };
  };

  beforeAll(async () => {
    t = await testApp();
    site = await deskSite(t);
    const dept = await t.api.addDepartment({ deptName: '研发部' }, site.company.token);
    expect(dept.status, dept.reason).toBe(0);
    const placed = await t.api.updateEmployee({ empid: site.host.id, workbay: 'A-301', deptIds: [dept.result.deptid] }, site.company.token);
    expect(placed.status, placed.reason).toBe(0);
    theirSite = await deskSite(t, await seedCompany(t));
    theirInvite = await invite(t, theirSite, '他司邀请', '13950000009');
    (t.config as { captcha: boolean }).captcha = true;
    desk = await deskSignIn(t, site);
  });
  afterAll(() => t.close());

  it('scans an invitation (a<id>): every field, then today’s invitation by phone and by email', async () => {
    const vid = await invite(t, site, '邀请扫码', '13950000001', 'guest1@example.com');
    const scanned = await getVisit(`a${vid}`);
    expect(scanned.status, scanned.reason).toBe(0);
    expectReads(scanned.result, DETAIL_READS, 'GetVisitorByVid a');
    expect(scanned.result).toMatchObject({ vid, aid: vid, appid: vid, vType: site.vType, dept: '研发部', workbay: 'A-301', empName: '张三' });
    // An invitation for any gate is this desk's to sign in: the app compares gid with its own.
    expect(String(scanned.result.gid)).toBe(desk.gid);
    expect(appState(scanned.result)).toBe('authorised');
    const reads = {
      signInGate: 'string',
      signOutGate: 'string',
      signInOpName: 'string',
      signOutOpName: 'string',
      appid: 'number',
      extendCol: 'json',
      empPhone: 'string',
    } as const;
    for (const by of [{ vphone: '13950000001' }, { vemail: 'guest1@example.com' }]) {
      const today = await desk.send<Row[]>('getTodayAppointmentByPhone', { userid: desk.userid, ...by });
      expect(today.status, today.reason).toBe(0);
      expect(today.result.map((r) => r.appid)).toEqual([vid]);
      expectReads(today.result[0], reads, `getTodayAppointmentByPhone ${Object.keys(by)[0]}`);
    }
    expect((await desk.send<Row[]>('getTodayAppointmentByPhone', { userid: desk.userid, vemail: 'nobody@example.com' })).result).toEqual([]);
  });

  it('signs an invitation in from its detail page (appointmentSignin, photo=0) and out by {aid}', async () => {
    const vid = await invite(t, site, '邀请签到', '13950000002');
    const row = (await getVisit(`a${vid}`)).result;
    await openDetail(row);
    const extras = await signInExtras(row);
    const r = await desk.send<Row>('appointmentSignin', {
      userid: desk.userid,
      phone: row.vphone,
      photoUrl: '',
      id: String(vid),
      cardId: row.cardId,
      remark: row.remark,
      ...extras,
    });
    expect(r.status, r.reason).toBe(0);
    expectReads(r.result, { vid: 'number' }, 'appointmentSignin');
    expect(r.result.vid).toBe(vid);
    const inside = (await getVisit(`a${vid}`)).result;
    expect(appState(inside)).toBe('signedIn');
    expect(inside).toMatchObject({ gid: Number(desk.gid), signInGate: site.gname, signInOpName: desk.opname });
    // Opened by QR: the app signs an invitation out by aid.
    const out = await desk.send('VisitorSignOutByVid', { aid: vid });
    expect(out.status, out.reason).toBe(0);
    const gone = (await getVisit(`a${vid}`)).result;
    expect(appState(gone)).toBe('signedOut');
    expect(gone.signOutGate).toBe(site.gname);
  });

  it('signs invitations out from the list by {vid}, and by phone with VisitorSignOut when there is no vid', async () => {
    const fromList = await invite(t, site, '列表签出', '13950000003');
    const byPhone = await invite(t, site, '电话签出', '13950000004');
    for (const id of [fromList, byPhone])
      expect(
        (
          await desk.send('appointmentSignin', {
            userid: desk.userid,
            phone: '',
            photoUrl: '',
            id: String(id),
            cardId: '',
            extendCol: [],
            remark: '',
          })
        ).status,
      ).toBe(0);
    expect((await desk.send('VisitorSignOutByVid', { vid: fromList })).status).toBe(0);
    const r = await desk.send('VisitorSignOut', {
      userid: desk.userid,
      phone: '13950000004',
      signOutGate: desk.gateway,
      signOutOpName: desk.opname,
      remark: '',
    });
    expect(r.status, r.reason).toBe(0);
    for (const id of [fromList, byPhone]) expect(appState((await getVisit(`a${id}`)).result)).toBe('signedOut');
  });

  it('scans a booking (v<id>), signs it in with VisitAppointmentSignin (glist) with gatein / guardin, and out by {vid, gate, operator, remark}', async () => {
    for (const fieldName of ['gatein', 'guardin']) {
      const field = await t.api.addExtendVisitor(
        { displayName: `${fieldName}#${fieldName}`, fieldName, inputType: 'text', types: [{ tid: site.tid }] },
        site.company.token,
      );
      expect(field.status, field.reason).toBe(0);
    }
    const vid = await book(t, site, '预约扫码', '13960000001');
    const scanned = await getVisit(`v${vid}`);
    expect(scanned.status, scanned.reason).toBe(0);
    expectReads(scanned.result, DETAIL_READS, 'GetVisitorByVid v');
    expect(scanned.result).toMatchObject({ vid, aid: vid, appid: vid, gid: Number(desk.gid), vType: site.vType });
    const row = scanned.result;
    const { dept } = await openDetail(row);
    expect(dept).toBe('研发部');
    const extras = await signInExtras(row);
    expect(extras.signInGate).toBe(site.gname);
    const r = await desk.send<{ glist: { vid: number }[] }>('VisitAppointmentSignin', {
      vid: row.vid,
      phone: row.vphone,
      email: row.vemail,
      photoUrl: '',
      cardId: row.cardId,
      remark: row.remark,
      ...extras,
    });
    expect(r.status, r.reason).toBe(0);
    expectReads(r.result, { glist: 'array' }, 'VisitAppointmentSignin');
    expect(r.result.glist.map((g) => g.vid)).toEqual([vid]);
    expect(appState((await getVisit(`v${vid}`)).result)).toBe('signedIn');
    const out = await desk.send('VisitorSignOutByVid', { vid, signOutGate: desk.gateway, signOutOpName: desk.opname, remark: '再见' });
    expect(out.status, out.reason).toBe(0);
    expect((await getVisit(`v${vid}`)).result).toMatchObject({ signOutGate: site.gname, signOutOpName: desk.opname });
  });

  it('answers a booking too early 64, too late 65 and a blacklisted visitor 66', async () => {
    const signIn = (vid: number, phone: string) =>
      desk.send('VisitAppointmentSignin', { vid, phone, email: '', photoUrl: '', cardId: '', extendCol: [], remark: '' });
    const tomorrow = await book(t, site, '明天来', '13960000002', Date.now() + 26 * 3_600_000);
    expect((await signIn(tomorrow, '13960000002')).status).toBe(Status.TOO_EARLY);
    const late = await book(t, site, '来晚了', '13960000003');
    await t.db
      .update(visits)
      .set({ appointmentAt: new Date(Date.now() - 6 * 3_600_000) })
      .where(eq(visits.id, late));
    expect((await signIn(late, '13960000003')).status).toBe(Status.LATE);
    const barred = await book(t, site, '黑名单', '13960000004');
    expect((await t.api.updateblackListSwitch({ blackListSwitch: 1 }, site.company.token)).status).toBe(0);
    expect((await t.api.addBlacklist({ name: '黑名单', phone: '13960000004' }, site.company.token)).status).toBe(0);
    expect((await signIn(barred, '13960000004')).status).toBe(Status.BLACKLISTED);
    expect(appState((await getVisit(`v${barred}`)).result)).toBe('authorised');
  });

  it('shows a booking waiting for approval as unauthorised and a refused one as rejected (status 4)', async () => {
    expect((await t.api.updateProcessSwitch({ processSwitch: 1 }, site.company.token)).status).toBe(0);
    try {
      const waiting = await book(t, site, '待审批', '13960000005');
      const refused = await book(t, site, '被拒绝', '13960000006');
      expect((await t.api.updateVisitStatus({ vid: refused, event: 'reject' }, site.company.token)).status).toBe(0);
      const w = (await getVisit(`v${waiting}`)).result;
      expect([appState(w), w.status, w.permission]).toEqual(['unauthorised', 0, 0]);
      const r = (await getVisit(`v${refused}`)).result;
      expect([appState(r), r.status]).toEqual(['rejected', 4]);
    } finally {
      await t.api.updateProcessSwitch({ processSwitch: 0 }, site.company.token);
    }
  });

  it('answers "no such host" as an empty list, and a walk-in (no appointment) with aid 0', async () => {
    const none = await desk.send<unknown[]>('getEmpByName', { userid: desk.userid, name: '无此人' });
    expect(none.status).toBe(0);
    expect(none.result).toEqual([]);
    const vid = await walkIn(t, site, '现场客', '13970000001');
    const r = await getVisit(`v${vid}`);
    expect(r.result).toMatchObject({ aid: 0, appid: 0, peopleCount: 2 });
    expect(JSON.parse(String(r.result.memberName))).toEqual([{ name: '随行甲', mobile: '' }]);
  });

  it('refuses another company’s visits, another gate’s shows its own gid, and bad ids get 400, never a 500', async () => {
    expect((await getVisit(`a${theirInvite}`)).status).toBe(Status.INVALID_VISITOR);
    const signIn = await desk.send('appointmentSignin', {
      userid: desk.userid,
      phone: '',
      photoUrl: '',
      id: String(theirInvite),
      cardId: '',
      extendCol: [],
      remark: '',
    });
    expect(signIn.status).toBe(Status.INVALID_VISITOR);
    expect((await desk.send('VisitorSignOutByVid', { aid: theirInvite })).status).toBe(Status.INVALID_VISITOR);
    expect((await desk.send('getDeptByEmpid', { empid: String(theirSite.host.id), userid: desk.userid })).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await desk.send('GetVisitorByVid', { userid: theirSite.company.id, vid: `a${theirInvite}` })).status).toBe(Status.NO_PERMISSION);
    // An invitation to another gate of this company: the app sees that gate's gid and refuses it ("当前门岗不支持本次签到").
    const west = await t.api.addGate({ gname: '西门' }, site.company.token);
    const elsewhere = await t.api.addAppointment(
      { empid: site.host.id, gid: west.result.gid, appointmentDate: Date.now() + 60_000, visitors: [{ name: '西门客', phone: '13950000008' }] },
      site.company.token,
    );
    expect(String((await getVisit(`a${elsewhere.result[0]?.vid}`)).result.gid)).not.toBe(desk.gid);
    for (const vid of ['x12', '', 'a', 'a99999999999'])
      expect((await desk.send('GetVisitorByVid', { userid: desk.userid, vid })).status, vid).toBe(Status.BAD_PARAMS);
    expect((await desk.send('appointmentSignin', { userid: desk.userid, id: 'abc', photoUrl: '' })).status).toBe(Status.BAD_PARAMS);
    expect((await desk.send('VisitorSignOutByVid', { aid: 'abc' })).status).toBe(Status.BAD_PARAMS);
  });
});
