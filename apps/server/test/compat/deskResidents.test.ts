import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type TestApp, testApp } from '../harness.js';
import { type Desk, type DeskSite, deskSignIn, deskSite, expectReads, type Reads } from './desk.js';

/**
 * frontdesk-app.md §3f (a resident's QR scanned: look-up, on site or not, sign-out or sign-in) and §3g (an ID card
 * read: a truck booking, else a visit on site, else today's invitations by name), each request as the app sends it,
 * with a desk account and residents made the console's way.
 */
const DAY = 86_400_000;
const RESIDENT_READS: Reads = {
  rstatus: 'number',
  userid: 'number',
  rid: 'number',
  endDate: 'ms',
  name: 'string',
  leader: 'string',
  avatar: 'string',
  company: 'string',
  phone: 'string',
  age: 'number?',
  sex: 'number',
  area: 'string',
  department: 'string',
  pName: 'string',
  job: 'string',
  remark: 'string',
};
/** What the ID-card scan reads of a visit row before opening its detail (§3g). */
const CARD_ROW_READS: Reads = {
  vid: 'number',
  vname: 'string',
  vphone: 'string',
  vemail: 'string',
  visitType: 'string',
  extendCol: 'json',
  status: 'number',
  permission: 'number',
  gid: 'number?',
  tid: 'number?',
  empName: 'string',
  empPhone: 'string',
  vcompany: 'string',
  appointmentDate: 'ms?',
  visitdate: 'ms?',
  signOutDate: 'ms?',
};

describe('the front-desk app: resident QR and ID-card scan (frontdesk-app.md §3f, §3g)', () => {
  let t: TestApp;
  let site: DeskSite;
  let desk: Desk;
  let pid: number;

  const addResident = async (name: string, phone: string, cardid = '') => {
    const window = { startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY };
    const added = await t.api.addResidentVisitor({ pid, company: '保洁公司', name, phone, cardid, leader: '王经理', ...window }, site.company.token);
    expect(added.status, added.reason).toBe(0);
    return added.result.rid;
  };

  beforeAll(async () => {
    t = await testApp();
    site = await deskSite(t);
    desk = await deskSignIn(t, site);
    const window = { startDate: Date.now() - DAY, endDate: Date.now() + 60 * DAY };
    const project = await t.api.addProject({ pName: '食堂保洁', leader: '李主管', phone: '13800005555', ...window }, site.company.token);
    expect(project.status, project.reason).toBe(0);
    pid = project.result.pid;
  });
  afterAll(() => t.close());

  /** §3f steps 1–2: the look-up by the scanned `c<rid>`, then the resident's visits on site by `cardId: result.rid`. */
  async function scanResident(rid: number) {
    const found = await desk.send<Record<string, unknown>>('getResidentVisitorByRid', { rid: `c${rid}`, userid: desk.userid });
    expect(found.status, found.reason).toBe(0);
    expectReads(found.result, RESIDENT_READS, 'getResidentVisitorByRid');
    const r = found.result;
    const onSite = await desk.send<Record<string, unknown>[]>('getVisitorSignOutByPhone', { userid: r.userid, cardId: r.rid });
    expect(onSite.status, onSite.reason).toBe(0);
    expect(Array.isArray(onSite.result)).toBe(true);
    return { r, onSite: onSite.result };
  }

  it('signs an approved resident in from the QR scan, then out at the next scan, and in again after', async () => {
    const rid = await addResident('赵常驻', '13922220001', '11010519491231002X');
    expect((await t.api.updateRvPermission({ rids: [rid], rstatus: 1 }, site.company.token)).status).toBe(0);

    const first = await scanResident(rid);
    expect(first.r.rstatus).toBe(1);
    expect(first.r.userid).toBe(site.company.id);
    expect(first.onSite).toEqual([]);
    // Step 4: not on site and within the window (the app compares endDate with now itself).
    expect(first.r.endDate as number).toBeGreaterThan(Date.now());
    const r = first.r;
    const signIn = await desk.send('ResidentVisitorSignIn', {
      name: r.name,
      visitType: '常驻访客',
      userid: desk.userid,
      empName: r.leader,
      photoUrl: r.avatar,
      extendCol: [],
      vcompany: r.company,
      peopleCount: 1,
      cardId: r.rid,
      signInOpName: desk.opname,
      signInGate: desk.gateway,
      gid: desk.gid,
      phone: r.phone,
    });
    expect(signIn.status, signIn.reason).toBe(0);

    // The next scan finds them on site (not signed in twice) and signs them out with the first row's vid.
    const second = await scanResident(rid);
    expect(second.onSite).toHaveLength(1);
    const row = second.onSite[0] as Record<string, unknown>;
    expectReads(row, { vid: 'number', visitdate: 'ms', vname: 'string' }, 'resident on site');
    expect(row.vname).toBe('赵常驻');
    const out = await desk.send('VisitorSignOutByVid', { vid: row.vid, signOutGate: desk.gateway, signOutOpName: desk.opname });
    expect(out.status, out.reason).toBe(0);
    const visits = await t.api.SearchRVisitorByCondition({ name: '赵常驻' }, site.company.token);
    expect(visits.result.list.map((v) => v.status)).toEqual(['signedOut']);

    const third = await scanResident(rid);
    expect(third.onSite).toEqual([]);
  });

  it('signs in a resident who has only a certificate number, named by their id alone', async () => {
    const rid = await addResident('钱证件', '', '440304199001011233');
    expect((await t.api.updateRvPermission({ rids: [rid], rstatus: 1 }, site.company.token)).status).toBe(0);
    const { r } = await scanResident(rid);
    const signIn = await desk.send('ResidentVisitorSignIn', {
      name: r.name,
      visitType: '常驻访客',
      userid: desk.userid,
      empName: r.leader,
      photoUrl: r.avatar,
      extendCol: [],
      vcompany: r.company,
      peopleCount: 1,
      cardId: r.rid,
      signInOpName: desk.opname,
      signInGate: desk.gateway,
      gid: desk.gid,
      phone: r.phone,
    });
    expect(signIn.status, signIn.reason).toBe(0);
    expect((await scanResident(rid)).onSite).toHaveLength(1);
  });

  it('refuses to sign a resident in at a gate that is not the desk’s', async () => {
    const rid = await addResident('李别门', '13922220004');
    expect((await t.api.updateRvPermission({ rids: [rid], rstatus: 1 }, site.company.token)).status).toBe(0);
    const west = await t.api.addGate({ gname: '西门' }, site.company.token);
    expect(west.status, west.reason).toBe(0);
    const { r } = await scanResident(rid);
    const body = { name: r.name, visitType: '常驻访客', userid: desk.userid, cardId: r.rid, signInGate: '西门', phone: r.phone };
    expect((await desk.send('ResidentVisitorSignIn', { ...body, gid: String(west.result.gid) })).status).toBe(Status.GATE_NOT_FOUND);
    expect((await scanResident(rid)).onSite).toEqual([]);
  });

  it('answers a resident waiting for approval with its rstatus, and refuses one not approved at sign-in', async () => {
    const rid = await addResident('孙待批', '13922220003');
    const { r, onSite } = await scanResident(rid);
    expect(r.rstatus).toBe(0);
    expect(onSite).toEqual([]);
    const signIn = await desk.send('ResidentVisitorSignIn', { name: r.name, userid: desk.userid, cardId: r.rid, gid: desk.gid, phone: r.phone });
    expect(signIn.status).toBe(Status.VISITOR_UNAUTHORIZED);
  });

  it("refuses another company's resident and a malformed id with statuses that do not sign the desk out", async () => {
    const other = await seedCompany(t);
    const window = { startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY };
    const p = await t.api.addProject({ pName: '外司项目', leader: '周经理', phone: '13800006666', ...window }, other.token);
    const theirs = await t.api.addResidentVisitor(
      { pid: p.result.pid, company: '外包', name: '吴外司', phone: '13922229999', ...window },
      other.token,
    );
    expect(theirs.status, theirs.reason).toBe(0);
    const rid = theirs.result.rid;
    expect((await desk.send('getResidentVisitorByRid', { rid: `c${rid}`, userid: desk.userid })).status).toBe(Status.INVALID_VISITOR);
    expect((await desk.send('getVisitorSignOutByPhone', { userid: desk.userid, cardId: rid })).status).toBe(Status.INVALID_VISITOR);
    expect((await desk.send('ResidentVisitorSignIn', { name: '吴外司', userid: desk.userid, cardId: rid, gid: desk.gid })).status).toBe(
      Status.INVALID_VISITOR,
    );
    // A body naming the other company as userid changes nothing: the session's company decides.
    expect((await desk.send('getResidentVisitorByRid', { rid: `c${rid}`, userid: String(other.id) })).status).not.toBe(0);
    for (const bad of ['cabc', 'c', '', 'c99999999999'])
      expect((await desk.send('getResidentVisitorByRid', { rid: bad, userid: desk.userid })).status).toBe(Status.BAD_PARAMS);
  });

  it('reads an ID card: no truck, then the visit on site by the card number, else today’s invitations by name', async () => {
    const cardId = '11010519491231002X'.replace('1949', '1950').slice(0, 17);
    const idNumber = `${cardId}${checkDigit(cardId)}`;
    const walkIn = await t.api.UpdatePhoto(
      { vname: '郑刷证', vphone: '13922221111', cardId: idNumber, empid: site.host.id, tid: site.tid, gid: site.gid },
      site.company.token,
    );
    expect(walkIn.status, walkIn.reason).toBe(0);

    // Step 1: the truck bookings of that ID number (none).
    for (const paging of [
      { startIndex: 1, requestedCount: 10 },
      { startIndex: 0, requestedCount: 999 },
    ]) {
      const trucks = await desk.send<{ list: unknown[]; count: number }>('getLogisticsInfo', {
        psList: [1, 3],
        ...paging,
        userid: desk.userid,
        cardid: idNumber,
      });
      expect(trucks.status, trucks.reason).toBe(0);
      expect(trucks.result.list).toEqual([]);
    }
    // Step 2: the visit on site with that card, read as the detail page reads it.
    const onSite = await desk.send<Record<string, unknown>[]>('getVisitorSignOutByPhone', { userid: desk.userid, phone: '', cardId: idNumber });
    expect(onSite.status, onSite.reason).toBe(0);
    expect(onSite.result).toHaveLength(1);
    expectReads(onSite.result[0], { ...CARD_ROW_READS, visitdate: 'ms' }, 'visit on site');
    expect(onSite.result[0]?.vid).toBe(walkIn.result.vid);
    const out = await desk.send('VisitorSignOutByVid', {
      vid: onSite.result[0]?.vid,
      signOutGate: desk.gateway,
      signOutOpName: desk.opname,
      remark: '',
    });
    expect(out.status, out.reason).toBe(0);
    expect((await desk.send('getVisitorSignOutByPhone', { userid: desk.userid, phone: '', cardId: idNumber })).result).toEqual([]);

    // Step 3: today's invitations by the name on the card; an invitation reads as status 3.
    const invited = await t.api.addAppointment(
      { empid: site.host.id, appointmentDate: Date.now() + 60_000, gid: site.gid, visitors: [{ name: '冯受邀', phone: '13922223333' }] },
      site.company.token,
    );
    expect(invited.status, invited.reason).toBe(0);
    const byName = await desk.send<Record<string, unknown>[]>('getVisitorAppointmentByName', {
      userid: desk.userid,
      name: '冯受邀',
      tag: 1,
      gid: desk.gid,
    });
    expect(byName.status, byName.reason).toBe(0);
    expect(byName.result).toHaveLength(1);
    expectReads(byName.result[0], { ...CARD_ROW_READS, appointmentDate: 'ms' }, 'invitation by name');
    expect(byName.result[0]?.status).toBe(3);
    expect((await desk.send('getVisitorAppointmentByName', { userid: desk.userid, name: '无此人', tag: 1, gid: desk.gid })).result).toEqual([]);
  });

  it("never answers another company's visits to the ID-card scan", async () => {
    const other = await seedCompany(t);
    const otherSite = await deskSite(t, other);
    const idNumber = `44030419850101123${checkDigit('44030419850101123')}`;
    const theirs = await t.api.UpdatePhoto(
      { vname: '他司访客', vphone: '13922224444', cardId: idNumber, empid: otherSite.host.id, gid: otherSite.gid },
      other.token,
    );
    expect(theirs.status, theirs.reason).toBe(0);
    // Naming the other company as userid is refused (the session's company decides); by our own, nothing is found.
    for (const userid of [String(other.id), desk.userid]) {
      const onSite = await desk.send<unknown[]>('getVisitorSignOutByPhone', { userid, phone: '', cardId: idNumber });
      const byName = await desk.send<unknown[]>('getVisitorAppointmentByName', { userid, name: '他司访客', tag: 1, gid: desk.gid });
      if (userid === desk.userid) {
        expect(onSite.result).toEqual([]);
        expect(byName.result).toEqual([]);
      } else {
        expect(onSite.status).toBe(Status.NO_PERMISSION);
        expect(byName.status).toBe(Status.NO_PERMISSION);
      }
    }
  });
});

/** The mainland ID number's check character (GB 11643). */
function checkDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, ch, i) => s + Number(ch) * (weights[i] ?? 0), 0);
  return '10X98765432'[sum % 11] ?? '0';
}
