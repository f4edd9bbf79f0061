import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type TestApp, testApp } from '../harness.js';
import { type Desk, deskSignIn, deskSite, expectReads, type Reads } from './desk.js';

/** What the temp-card screen reads of each row (frontdesk-app.md §2 getInterimCard). */
const CARD_ROW: Reads = {
  cid: 'number',
  name: 'string',
  cardNo: 'string',
  submitTime: 'ms',
  returnTime: 'ms?',
  visitorEndDate: 'ms?',
  endDate: 'ms?',
  icStatus: 'number',
  email: 'string',
  phone: 'string',
};

/** The blacklist screen's rows (§2 getBlacklist); `sname` is shown split on "，" and "#". */
const LISTED_ROW: Reads = { name: 'string', credentialNo: 'string', phone: 'string', remark: 'string', sname: 'string' };

/**
 * frontdesk-app.md §3i and §3j: the temp-card screen (applying, lent, record tabs filtered in the browser, each action
 * followed by the list again) and the blacklist screen (the whole list once, with the hard-coded userid).
 */
describe('the front-desk app: temp cards and the blacklist (frontdesk-app.md §3i, §3j)', () => {
  let t: TestApp;
  let desk: Desk;
  let admin: string;
  const today = new Date().toISOString().slice(0, 10);

  /** The list as the screen asks it: search text with a digit goes as cardNo, else as name. */
  const cards = async (search = '') => {
    const byNumber = /\d/.test(search);
    const r = await desk.send<{ list: Record<string, unknown>[]; count: number }>('getInterimCard', {
      startIndex: 1,
      requestedCount: 100,
      userid: desk.userid,
      startDate: today,
      endDate: today,
      empid: '',
      ...(byNumber ? { cardNo: search } : { name: search }),
    });
    expect(r.status, r.reason).toBe(0);
    for (const row of r.result.list) expectReads(row, CARD_ROW, 'getInterimCard row');
    return r.result.list;
  };

  beforeAll(async () => {
    t = await testApp();
    const site = await deskSite(t);
    admin = site.company.token;
    desk = await deskSignIn(t, site);
  });
  afterAll(() => t.close());

  it('lends, refuses and takes back cards as the screen does, the list read after each', async () => {
    const apply = async (name: string, phone: string) => {
      const r = await t.api.addInterimCard({ name, phone }, admin);
      expect(r.status, r.reason).toBe(0);
      return r.result.cid;
    };
    const lent = await apply('访客甲', '13900000001');
    const refused = await apply('访客乙', '13900000002');
    expect((await cards()).map((c) => c.icStatus)).toEqual([0, 0]);

    // Approve with a due date: as the row gave it (ms) or as a date picker's text.
    const due = Date.now() + 3 * 3600_000;
    const approve = await desk.send('updateInterimCard', { userid: desk.userid, cid: lent, cardNo: 'A1001', icStatus: 1, visitorEndDate: due });
    expect(approve.status, approve.reason).toBe(0);
    const [row] = await cards('A1001');
    expect(row).toMatchObject({ cid: lent, icStatus: 1, cardNo: 'A1001', visitorEndDate: due, endDate: due });

    const refuse = await desk.send('refuseInterimCard', {
      cid: refused,
      email: '',
      phone: '13900000002',
      userid: desk.userid,
      refuseReason: '卡已发完',
    });
    expect(refuse.status, refuse.reason).toBe(0);
    const back = await desk.send('returnInterimCard', { userid: desk.userid, cid: lent });
    expect(back.status, back.reason).toBe(0);
    const record = await cards();
    expect(record.map((c) => [c.cid, c.icStatus]).sort()).toEqual(
      [
        [lent, 2],
        [refused, 3],
      ].sort(),
    );
    expect(typeof record.find((c) => c.cid === lent)?.returnTime).toBe('number');
    expect((await cards('访客乙')).map((c) => c.cid)).toEqual([refused]);
  });

  it('takes a due date as date text, and refuses what it cannot read or a past date with 400, never a 500', async () => {
    const cid = (await t.api.addInterimCard({ name: '访客丙', phone: '13900000003' }, admin)).result.cid;
    const tomorrow = new Date(Date.now() + 86400_000).toISOString().slice(0, 10);
    const bad = await desk.send('updateInterimCard', { userid: desk.userid, cid, cardNo: 'A1002', icStatus: 1, visitorEndDate: 'soon' });
    expect(bad.status).toBe(Status.BAD_PARAMS);
    const past = await desk.send('updateInterimCard', { userid: desk.userid, cid, cardNo: 'A1002', icStatus: 1, visitorEndDate: '2020-01-01' });
    expect(past.status).toBe(Status.BAD_PARAMS);
    const ok = await desk.send('updateInterimCard', { userid: desk.userid, cid, cardNo: 'A1002', icStatus: 1, visitorEndDate: tomorrow });
    expect(ok.status, ok.reason).toBe(0);
    const [row] = await cards('A1002');
    expect(new Date(row?.visitorEndDate as number).toISOString().slice(0, 10) >= tomorrow).toBe(true);
  });

  it("finds no other company's card", async () => {
    const other = await seedCompany(t);
    const theirs = (await t.api.addInterimCard({ name: '别家', phone: '13900000009' }, other.token)).result.cid;
    const r = await desk.send('updateInterimCard', { userid: desk.userid, cid: theirs, cardNo: 'B1', icStatus: 1, visitorEndDate: '' });
    expect(r.status).toBe(Status.NO_SUCH_RECORD);
    expect((await desk.send('returnInterimCard', { userid: desk.userid, cid: theirs })).status).toBe(Status.NO_SUCH_RECORD);
  });

  it('answers the whole blacklist to the hard-coded userid and 999999 rows, the count beside it', async () => {
    for (const [name, phone, credentialNo] of [
      ['黑名单甲', '13911110001', ''],
      ['黑名单乙', '', 'E12345678'],
      ['黑名单丙', '13911110003', ''],
    ] as const)
      expect((await t.api.addBlacklist({ name, phone, credentialNo, remark: '闹事' }, admin)).status).toBe(0);
    const r = await desk.send<{ list: unknown[]; count: number }>('getBlacklist', { userid: 2147483647, startIndex: 0, requestedCount: 999999 });
    expect(r.status, r.reason).toBe(0);
    expect(r.result.count).toBe(3);
    expect(r.result.list).toHaveLength(3);
    for (const row of r.result.list) expectReads(row, LISTED_ROW, 'getBlacklist row');
  });
});
