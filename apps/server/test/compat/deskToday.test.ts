import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type TestApp, testApp } from '../harness.js';
import { type Desk, type DeskSite, deskSignIn, deskSite, expectReads } from './desk.js';
import { appState, book, invite, type Page, ROW_READS, type Row, today, walkIn } from './deskVisits.js';

const FIGURES = { totalVisitor: 'number', signOutCount: 'number', nowVCount: 'number', arrivedCount: 'number', noArrivedCount: 'number' } as const;

/**
 * frontdesk-app.md §3a: the "today's visitors" screen of the desk PC's app. Each tab's `…Page` call with the body the
 * app builds (strings from sessionStorage, a 0-based `startIndex`, `requestedCount` from the table's height, `reception`
 * the name searched), every row field it reads, the state it shows, then `getVisitorStatistics` with the tab's
 * `signinType`; batch sign-out with its top-level array; and the 2.4.8 branches' unpaged names (§5).
 */
describe('the front-desk app’s today screen (frontdesk-app.md §3a, §5)', () => {
  let t: TestApp;
  let site: DeskSite;
  let desk: Desk;
  let theirSite: DeskSite;
  let walkIns: number[];
  let bookings: { in: number; out: number };
  let invites: { in: number; out: number; cancelled: number };

  /** A tab as the app loads it: its call, then the figures under it. */
  const list = (name: string, searchType: number, page = 1, requestedCount = 5, reception = '') =>
    desk.send<Page>(name, {
      userid: desk.userid,
      gid: desk.gid,
      date: today(),
      endDate: today(),
      searchType,
      startIndex: (page - 1) * requestedCount,
      requestedCount,
      reception,
    });
  const figures = (signinType: number) =>
    desk.send<Record<string, number>>('getVisitorStatistics', { userid: desk.userid, gid: desk.gid, date: today(), endDate: today(), signinType });
  const rowsRead = (page: Page, label: string) => {
    expect(page.count, `${label} count`).toEqual(expect.any(Number));
    for (const row of page.list) expectReads(row, ROW_READS, `${label} row ${row.vname}`);
  };

  beforeAll(async () => {
    t = await testApp();
    site = await deskSite(t);
    theirSite = await deskSite(t, await seedCompany(t));
    (t.config as { captcha: boolean }).captcha = true;
    desk = await deskSignIn(t, site);
    walkIns = [];
    for (let i = 1; i <= 7; i++) walkIns.push(await walkIn(t, site, `走访客${i}`, `1391000000${i}`));
    bookings = { in: await book(t, site, '预约到访', '13920000001'), out: await book(t, site, '预约未到', '13920000002') };
    invites = {
      in: await invite(t, site, '邀请到访', '13930000001'),
      out: await invite(t, site, '邀请未到', '13930000002'),
      cancelled: await invite(t, site, '邀请取消', '13930000003'),
    };
    // The day goes on: one walk-in leaves, a booking and an invitation come, an invitation is called off.
    expect(
      (await desk.send('VisitorSignOutByVid', { vid: walkIns[6], signOutGate: desk.gateway, signOutOpName: desk.opname, remark: '' })).status,
    ).toBe(0);
    expect((await desk.send('VisitAppointmentSignin', { vid: bookings.in, phone: '13920000001', photoUrl: '', extendCol: [] })).status).toBe(0);
    expect((await desk.send('appointmentSignin', { userid: desk.userid, id: String(invites.in), photoUrl: '', extendCol: [] })).status).toBe(0);
    expect((await t.api.setCancelStatusForWeb({ vid: invites.cancelled }, site.company.token)).status).toBe(0);
  });
  afterAll(() => t.close());

  it('pages the walk-ins tab with a 0-based offset: total 0, visiting 1, left 3, each row as the app reads it', async () => {
    const first = await list('SearchVisitByConditionPage', 0, 1, 5);
    expect(first.status, first.reason).toBe(0);
    rowsRead(first.result, 'walk-ins');
    expect(first.result.count).toBe(7);
    expect(first.result.list).toHaveLength(5);
    const second = await list('SearchVisitByConditionPage', 0, 2, 5);
    expect(second.result.list).toHaveLength(2);
    const seen = [...first.result.list, ...second.result.list].map((r) => r.vid);
    expect(new Set(seen)).toEqual(new Set(walkIns));
    // Six rows a page (a taller table): the same seven, no row twice.
    const six = [
      ...(await list('SearchVisitByConditionPage', 0, 1, 6)).result.list,
      ...(await list('SearchVisitByConditionPage', 0, 2, 6)).result.list,
    ];
    expect(new Set(six.map((r) => r.vid))).toEqual(new Set(walkIns));

    const visiting = await list('SearchVisitByConditionPage', 1, 1, 8);
    expect(visiting.result.count).toBe(6);
    expect(visiting.result.list.map(appState)).toEqual(Array(6).fill('signedIn'));
    const left = await list('SearchVisitByConditionPage', 3, 1, 8);
    expect(left.result.list.map((r) => r.vid)).toEqual([walkIns[6]]);
    expect(appState(left.result.list[0] as Row)).toBe('signedOut');
    expect(left.result.list[0]?.signOutGate).toBe(site.gname);
    // A walk-in is no appointment; its companions are in memberName's JSON and counted.
    const row = visiting.result.list[0] as Row;
    expect(row).toMatchObject({ appid: 0, aid: 0, gid: site.gid, vType: site.vType, peopleCount: 2 });
    expect(String(row.visitType).split('#')[0]).toEqual(expect.any(String));

    const stats = await figures(0);
    expect(stats.status, stats.reason).toBe(0);
    expectReads(stats.result, FIGURES, 'walk-ins figures');
    expect(stats.result).toMatchObject({ totalVisitor: 7, nowVCount: 6, signOutCount: 1 });
  });

  it('searches a tab by the visitor’s name (reception)', async () => {
    const found = await list('SearchVisitByConditionPage', 0, 1, 5, '走访客3');
    expect(found.result.count).toBe(1);
    expect(found.result.list[0]?.vid).toBe(walkIns[2]);
    expect((await list('SearchVisitByConditionPage', 0, 1, 5, '无此人')).result).toMatchObject({ count: 0, list: [] });
  });

  it('lists the appointments tab: all 0, signed in 4, not arrived 2, with the figures under it', async () => {
    const all = await list('SearchAppointmentByConditionPage', 0);
    expect(all.status, all.reason).toBe(0);
    rowsRead(all.result, 'appointments');
    expect(new Set(all.result.list.map((r) => r.vid))).toEqual(new Set([bookings.in, bookings.out]));
    const arrived = await list('SearchAppointmentByConditionPage', 4);
    expect(arrived.result.list.map((r) => [r.vid, appState(r)])).toEqual([[bookings.in, 'signedIn']]);
    const expected = await list('SearchAppointmentByConditionPage', 2);
    expect(expected.result.list.map((r) => [r.vid, appState(r)])).toEqual([[bookings.out, 'authorised']]);
    // A booking is its own appointment: the app sends appid / aid back.
    expect(expected.result.list[0]).toMatchObject({ appid: bookings.out, aid: bookings.out, status: 0, permission: 1 });
    const stats = await figures(2);
    expectReads(stats.result, FIGURES, 'appointment figures');
    expect(stats.result).toMatchObject({ totalVisitor: 2, arrivedCount: 1, noArrivedCount: 1, nowVCount: 1, signOutCount: 0 });
  });

  it('lists the invitations tab the same way; one called off shows as ended', async () => {
    const all = await list('searchInviteByConditionPage', 0);
    expect(all.status, all.reason).toBe(0);
    rowsRead(all.result, 'invitations');
    const states = new Map(all.result.list.map((r) => [r.vid, appState(r)]));
    expect(states).toEqual(
      new Map([
        [invites.in, 'signedIn'],
        [invites.out, 'authorised'],
        [invites.cancelled, 'ended'],
      ]),
    );
    expect((await list('searchInviteByConditionPage', 4)).result.list.map((r) => r.vid)).toEqual([invites.in]);
    expect(new Set((await list('searchInviteByConditionPage', 2)).result.list.map((r) => r.vid))).toEqual(new Set([invites.out, invites.cancelled]));
    const stats = await figures(1);
    expectReads(stats.result, FIGURES, 'invitation figures');
    expect(stats.result).toMatchObject({ totalVisitor: 3, arrivedCount: 1, noArrivedCount: 1, nowVCount: 1 });
  });

  it('lists the residents tab with 0 / 3 / 1 (none today here) and its figures', async () => {
    for (const searchType of [0, 3, 1]) {
      const r = await list('SearchRVisitorByConditionPage', searchType);
      expect(r.status, r.reason).toBe(0);
      expect(r.result).toMatchObject({ count: 0, list: [] });
    }
    // The app sends signinType 0 under the residents tab too: it reads the walk-ins' figures there.
    expectReads((await figures(0)).result, FIGURES, 'residents figures');
  });

  it('signs walk-ins out in a batch: a top-level array of {appid, userid, vid, signOutGate, signOutOpName}', async () => {
    const visiting = (await list('SearchVisitByConditionPage', 1, 1, 8)).result.list.slice(0, 2);
    const body = visiting.map((r) => ({ appid: r.appid, userid: desk.userid, vid: r.vid, signOutGate: desk.gateway, signOutOpName: desk.opname }));
    const r = await desk.send('batchSignOut', body);
    expect(r.status, r.reason).toBe(0);
    const left = await list('SearchVisitByConditionPage', 3, 1, 8);
    expect(left.result.count).toBe(3);
    expect(left.result.list.every((row) => appState(row) === 'signedOut' && row.signOutGate === site.gname)).toBe(true);
    expect((await figures(0)).result).toMatchObject({ totalVisitor: 7, nowVCount: 4, signOutCount: 3 });
    // Another company's visit in the batch refuses it, nothing moves.
    const foreign = await walkIn(t, theirSite, '他司访客', '13940000001');
    const mixed = await desk.send('batchSignOut', [
      { appid: 0, userid: desk.userid, vid: foreign, signOutGate: desk.gateway, signOutOpName: desk.opname },
    ]);
    expect(mixed.status).toBe(Status.INVALID_VISITOR);
  });

  it('answers the 2.4.8 branches’ unpaged names with `result` a flat array, and the IFS branch’s cards to issue', async () => {
    const body = { userid: desk.userid, gid: desk.gid, date: today(), endDate: today() };
    const expected: Record<string, number> = {
      SearchVisitByCondition: 7,
      SearchAppointmentByCondition: 2,
      searchInviteByCondition: 3,
      SearchRVisitorByCondition: 0,
    };
    for (const [name, n] of Object.entries(expected)) {
      const r = await desk.send<Row[]>(name, body);
      expect(r.status, `${name}: ${r.reason}`).toBe(0);
      expect(Array.isArray(r.result), name).toBe(true);
      expect(r.result, name).toHaveLength(n);
      for (const row of r.result) expectReads(row, ROW_READS, `${name} row`);
    }
    const cards = await desk.send<Page>('getNotSendCardVisitPage', {
      userid: desk.userid,
      gid: desk.gid,
      date: today(),
      endDate: today(),
      searchType: 0,
      startIndex: 0,
      requestedCount: 8,
      reception: '',
      clientNo: 3,
    });
    expect(cards.status, cards.reason).toBe(0);
    rowsRead(cards.result, 'cards to issue');
    // On site without a card: four walk-ins, the booking and the invitation that came.
    expect(cards.result.count).toBe(6);
    expect(cards.result.list.every((r) => appState(r) === 'signedIn')).toBe(true);
  });

  it('shows another company’s desk none of it, refuses a foreign userid, and answers bad input with 400, never a 500', async () => {
    const theirs = await deskSignIn(t, theirSite);
    for (const name of ['SearchVisitByConditionPage', 'SearchAppointmentByConditionPage', 'searchInviteByConditionPage']) {
      const r = await theirs.send<Page>(name, {
        userid: theirs.userid,
        gid: theirs.gid,
        date: today(),
        endDate: today(),
        searchType: 0,
        startIndex: 0,
        requestedCount: 5,
        reception: '',
      });
      const ours = [...walkIns, bookings.in, bookings.out, invites.in, invites.out, invites.cancelled];
      expect(
        r.result.list.filter((row) => ours.includes(row.vid)),
        name,
      ).toEqual([]);
    }
    // Their one walk-in (the batch above) is all their figures count.
    expect(
      (await theirs.send<Record<string, number>>('getVisitorStatistics', { userid: theirs.userid, date: today(), signinType: 0 })).result
        .totalVisitor,
    ).toBe(1);
    const foreign = await theirs.send('SearchVisitByConditionPage', {
      userid: desk.userid,
      date: today(),
      endDate: today(),
      searchType: 0,
      startIndex: 0,
      requestedCount: 5,
    });
    expect(foreign.status).toBe(Status.NO_PERMISSION);
    for (const bad of [{ date: '12/02/2026' }, { requestedCount: 'many' }, { startIndex: -5 }]) {
      const r = await desk.send('SearchVisitByConditionPage', { userid: desk.userid, searchType: 0, startIndex: 0, requestedCount: 5, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(Status.BAD_PARAMS);
    }
    expect((await desk.send('getVisitorStatistics', { userid: desk.userid, date: 'today', signinType: 0 })).status).toBe(Status.BAD_PARAMS);
    expect((await desk.send('batchSignOut', [])).status).toBe(Status.BAD_PARAMS);
  });
});
