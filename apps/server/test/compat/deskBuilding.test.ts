import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhoto } from '../faces.js';
import { PASSWORD, seedCompany, type TestApp, testApp } from '../harness.js';
import { type Desk, type DeskSite, deskCall, deskSignIn, deskSite, expectReads } from './desk.js';
import { deskNow, deskUpload, HOST_ROW } from './deskForms.js';

type Row = Record<string, unknown>;

const COMPANY_ROW = {
  id: 'number',
  companyName: 'string',
  gids: 'string',
  vaPerm: 'number',
  isUse: 'number',
  floor: 'string',
  vegids: 'string',
  roomNumber: 'string',
} as const;

/** The forms' and the company list's filter (§3d, §3k): the desk's gate in `gids`, in use (and for the forms, vaPerm & 2). */
const offered = (rows: Row[], gid: string) => rows.filter((r) => String(r.gids).split(',').includes(gid) && r.isUse === 1);

/**
 * frontdesk-app.md §3d (office building), §3e and §3k on a site with sub-companies (sid 1), switched on and set up
 * the console's way: the company list, the walk-in form's company and host pick, the blacklist check as the phone is
 * typed, the registration with a temporary card, and the appointment.
 */
describe('the front-desk app in an office building (frontdesk-app.md §3d, §3e, §3k, sid 1)', () => {
  let t: TestApp;
  let site: DeskSite;
  let desk: Desk;
  let sub: number;
  let host: { empid: number; empName: string; empPhone: string };

  beforeAll(async () => {
    t = await testApp();
    site = await deskSite(t);
    const admin = site.company.token;
    expect((await t.api.updateSASwitch({ subAccount: 1 }, admin)).status).toBe(0);
    const tenant = { shortName: 'SKY', floor: '10', password: PASSWORD, vaPerm: 1 | 2 };
    const made = await t.api.addSubAccount(
      { ...tenant, companyName: '天际科技', email: 'sky@example.com', roomNumbers: ['1001', '1002'], gids: [site.gid], egids: [site.egid] },
      admin,
    );
    expect(made.status, made.reason).toBe(0);
    sub = made.result.id;
    const elsewhere = await t.api.addGate({ gname: '北门' }, admin);
    const away = await t.api.addSubAccount(
      { ...tenant, shortName: 'NORTH', companyName: '北楼公司', email: 'north@example.com', gids: [elsewhere.result.gid] },
      admin,
    );
    expect(away.status, away.reason).toBe(0);
    const emp = await t.api.addEmployee({ employee_name: '王前台', phone: '13800006001' }, admin);
    expect((await t.api.updateEmpSubAccount({ empids: [emp.result.empid], subaccountId: sub }, admin)).status).toBe(0);
    host = { empid: emp.result.empid, empName: '王前台', empPhone: '13800006001' };
    desk = await deskSignIn(t, site);
  });
  afterAll(() => t.close());

  it('lists the building’s companies as the company list reads them (hard-coded userid), with the desk’s gate in gids', async () => {
    expect(desk.sid).toBe(1);
    const list = await desk.send<Row[]>('getSubAccountByUserid', { userid: 2147483647, startIndex: 0, requestedCount: 999999 });
    expect(list.status, list.reason).toBe(0);
    for (const r of list.result) expectReads(r, COMPANY_ROW, 'company');
    const ours = offered(list.result, desk.gid);
    expect(ours.map((r) => r.id)).toEqual([sub]);
    expect(ours[0]).toMatchObject({ companyName: '天际科技', floor: '10', roomNumber: '1001|1002', vegids: String(site.egid), vaPerm: 3 });
    expect(list.result).toHaveLength(2);
  });

  it('picks the company and the host, checks the phone against the blacklist at each keystroke', async () => {
    const companies = await desk.send<Row[]>('getSubAccountByUserid', { userid: desk.userid });
    const mine = offered(companies.result, desk.gid).filter((r) => (Number(r.vaPerm) & 2) === 2);
    expect(mine.map((r) => r.id)).toEqual([sub]);
    const people = await desk.send<Row[]>('getSubAccountEmpList', { userid: desk.userid, subaccountId: mine[0]?.id });
    expect(people.status, people.reason).toBe(0);
    for (const p of people.result) expectReads(p, HOST_ROW, 'host');
    expect(people.result.map((p) => p.empid)).toEqual([host.empid]);
    // The employee pick: the door groups without a token (nothing, never "signed out"), then the lift-control question.
    const groups = await deskCall<unknown[]>(t, 'getEquipmentGroupByUserid', { userid: desk.userid });
    expect(groups.status).toBe(0);
    const lift = await desk.send('getSendCardStatus', { reqDate: Date.now(), userid: desk.userid, gNames: [`${desk.gname}-10`] });
    expect(lift.status, 'no lift control here: no temporary card needed').not.toBe(0);
    expect([27, 28, 29]).not.toContain(lift.status);
    expect((await t.api.addBlacklist({ name: '黑名单人', phone: '13911116666' }, site.company.token)).status).toBe(0);
    for (const typed of ['139', '1391111', '1391111666']) {
      const check = await desk.send<Row[]>('checkBlacklist', { userid: desk.userid, sids: String(sub), phone: typed });
      expect(check.status, check.reason).toBe(0);
      expect(check.result).toEqual([]);
    }
    const hit = await desk.send<Row[]>('checkBlacklist', { userid: desk.userid, sids: String(sub), phone: '13911116666' });
    expect(hit.result[0]?.name).toBe('黑名单人');
  });

  /** The office form's registration (§3d office building), with a temporary card. */
  async function officeForm(phone: string, extra: Row = {}) {
    const photo = await deskUpload(t, desk, await facePhoto({ width: 300, height: 300, tint: 5 }), true);
    expect(photo.status).toBe(0);
    return {
      email: '',
      extendCol: ['visitType=商务', `phone=${phone}`, 'name=楼宇客', `access=${site.egid}`, `pCardDate=${Date.now()}`, 'peopleCount=1'],
      company: '天际科技',
      name: '楼宇客',
      visitType: '商务',
      phone,
      empid: String(host.empid),
      remark: '',
      signInGate: desk.gname,
      signInOpName: desk.opname,
      signOutOpName: desk.opname,
      gid: desk.gid,
      tid: site.tid,
      vType: site.vType,
      card: { cardId: '', name: '楼宇客', sex: '', image: '' },
      cardNo: '10086',
      floors: '10',
      sex: 0,
      photoUrl: photo.result.url,
      peopleCount: 1,
      ...extra,
    };
  }

  it('registers the office walk-in to the host’s company, then hands the temporary card over', async () => {
    const done = await desk.send<Row>('UpdatePhoto', await officeForm('13911116001'));
    expect(done.status, done.reason).toBe(0);
    expect(String(done.result.vid)).toMatch(/^v\d+$/);
    const digits = String(done.result.vid).slice(1);
    const card = await desk.send('updateVisitorCardNo', { access: String(site.egid), vid: digits, cardNo: '10086', cardOpName: desk.opname });
    expect(card.status, card.reason).toBe(0);
    const shown = await desk.send<Row>('GetVisitorByVid', { vid: done.result.vid });
    expect(shown.result).toMatchObject({ subaccountId: sub, empid: host.empid, cardNo: '10086', vname: '楼宇客' });
    // Another company's visit is not this desk's to hand a card to; a blacklisted visitor gets 66.
    const other = await seedCompany(t);
    const theirs = await t.api.addEmployee({ employee_name: '他人', phone: '13800006009' }, other.token);
    const theirVisit = await t.api.UpdatePhoto({ vname: '他客', vphone: '13911116009', empid: theirs.result.empid }, other.token);
    expect(theirVisit.status, theirVisit.reason).toBe(0);
    const stolen = await desk.send('updateVisitorCardNo', {
      access: '',
      vid: String(theirVisit.result.vid),
      cardNo: '10087',
      cardOpName: desk.opname,
    });
    expect(stolen.status).toBe(Status.INVALID_VISITOR);
    expect((await desk.send('UpdatePhoto', await officeForm('13911116666'))).status).toBe(Status.BLACKLISTED);
    expect((await desk.send('getSubAccountEmpList', { userid: desk.userid, subaccountId: 999999 })).status).toBe(Status.SUB_ACCOUNT_INVALID);
  });

  it('books the office appointment: result is the vid', async () => {
    const { signOutOpName: _s, ...form } = await officeForm('13911116101');
    const booked = await desk.send<unknown>('addVisitorApponintmnet', {
      ...form,
      userid: desk.userid,
      empName: host.empName,
      empPhone: host.empPhone,
      appointmentDate: deskNow(),
      ctype: 's',
    });
    expect(booked.status, booked.reason).toBe(0);
    expect(typeof booked.result).toBe('number');
    const shown = await desk.send<Row>('GetVisitorByVid', { vid: `v${String(booked.result)}` });
    expect(shown.result).toMatchObject({ vname: '楼宇客', empid: host.empid, subaccountId: sub });
  });
});
