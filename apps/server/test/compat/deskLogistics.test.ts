import { type ExamPaper, maskIdNumber, Role, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedStaff, type TestApp, testApp } from '../harness.js';
import { DRIVER_ID, OTHER_DRIVER_ID, seedBooking, today } from '../logistics.js';
import { type Desk, type DeskSite, deskSignIn, deskSite, expectReads, type Reads } from './desk.js';

/**
 * frontdesk-app.md §3h (trucks: the day's list, the detail with its induction checks, sign-in and sign-out) and the
 * training check of a visit's detail (§3c), each request as the app sends it. The driver takes the quiz the way it
 * happens: drawn and submitted at the kiosk, failed once, then passed.
 */
const DAY = 86_400_000;
const ROW_READS: Reads = {
  sid: 'number',
  userid: 'number',
  logNum: 'string',
  sname: 'string',
  smobile: 'string',
  scardId: 'string',
  dcardId: 'string',
  plateNum: 'string',
  logType: 'string',
  appointmentDate: 'ms',
  visitdate: 'ms?',
  finishTime: 'ms?',
  leaveTime: 'ms?',
  remark: 'string',
  photoInfo: 'string',
  logExtend: 'json?',
  driverExtend: 'json?',
  vehicleExtend: 'json?',
  goodsExtend: 'json?',
  memberInfo: 'json?',
  otherExtend: 'json?',
};
/** All answers right (the right option is the first) or all wrong. */
const answersTo = (paper: ExamPaper, right: boolean) => paper.questions.map((q) => ({ qdid: q.qdid, chosen: [right ? 0 : 1] }));
type Row = Record<string, unknown> & { sid: number; logType: string; scardId: string; dcardId: string; memberInfo: string };

describe('the front-desk app: trucks and the induction checks (frontdesk-app.md §3h, §3c)', () => {
  let t: TestApp;
  let site: DeskSite;
  let desk: Desk;
  let kiosk: string;
  let warehouse: string;
  let qid: number;
  let sid: number;

  const dayList = (date = today()) =>
    desk.send<{ count: number; list: Row[] }>('getLogisticsInfo', {
      startDate: date,
      endDate: date,
      psList: [1, 3],
      startIndex: 0,
      requestedCount: 999999,
      userid: desk.userid,
    });
  const rowOf = async (id: number) => {
    const page = await dayList();
    expect(page.status, page.reason).toBe(0);
    const row = page.result.list.find((r) => r.sid === id);
    if (!row) throw new Error(`booking ${id} is not listed`);
    expectReads(row, ROW_READS, 'truck row');
    return row;
  };
  const passOf = (identity: string) => desk.send<Record<string, unknown> | null>('getAnswerResult', { identity, userid: desk.userid });

  beforeAll(async () => {
    t = await testApp();
    site = await deskSite(t);
    const c = site.company;
    kiosk = (await seedStaff(t, c.id, Role.MACHINE, 'desk_kiosk')).token;
    warehouse = (await seedStaff(t, c.id, Role.LOGISTICS, 'warehouse')).token;
    const base = { title: '司机安全培训', topicNum: 2, passScore: 20, ansTime: 10, validityDays: 30, maxAttempts: 0, tids: [site.tid] };
    qid = (await t.api.addQuestionnaire(base, c.token)).result.qid;
    for (const text of ['限速', '倒车']) {
      const options = [0, 1].map((k) => ({ zh: `选项${k}`, en: `Option ${k}` }));
      const q = { qid, kind: 'single' as const, questionZh: `${text}？`, questionEn: `${text}?`, options, answer: [0], score: 10, qorder: 0 };
      expect((await t.api.addQuestionnaireDetail(q, c.token)).status).toBe(0);
    }
    expect((await t.api.updateQuestionnaire({ qid, ...base, enabled: true }, c.token)).status).toBe(0);
    expect((await t.api.updateQuestionnaireSwitch({ questionnaireSwitch: 1 }, c.token)).status).toBe(0);
    const seeded = await seedBooking(t, c.token, {
      scardId: OTHER_DRIVER_ID,
      memberInfo: [{ name: '跟车员', phone: '13700137000' }],
      remark: '冷冻品',
    });
    sid = seeded.sid;
    expect((await t.api.updateExtendType({ tid: seeded.tid, qid }, c.token)).result.qid).toBe(qid);
    expect((await t.api.approveLogistics({ sid, pstatus: 1 }, c.token)).status).toBe(0);
    desk = await deskSignIn(t, site);
    expect(desk.info.questionnaireSwitch).toBe(1);
  });
  afterAll(() => t.close());

  it("lists the day's trucks (999999 asked, answered capped) with every field as the app reads it, photos in and out null", async () => {
    const page = await dayList();
    expect(page.status, page.reason).toBe(0);
    expect(page.result.count).toBe(1);
    expect(page.result.list).toHaveLength(1);
    const row = await rowOf(sid);
    expect(row.userid).toBe(site.company.id);
    // Whole numbers, which the detail sends back to look the induction up; each booking read is logged (the console's lists mask them).
    expect([row.dcardId, row.scardId]).toEqual([DRIVER_ID, OTHER_DRIVER_ID]);
    const views = (await t.api.getLogList({ optEvent: 'view', startIndex: 0, requestedCount: 10 }, site.company.token)).result.list;
    expect(views[0]).toMatchObject({ objId: String(sid), objName: '李司机', descKey: 'idNumbersOfBooking', optName: expect.any(String) });
    expect((await t.api.getLogisticsInfo({}, site.company.token)).result.list[0]?.dcardId).toBe(maskIdNumber(DRIVER_ID));
    expect(row.remark).toBe('冷冻品');
    expect(new Date(row.appointmentDate as number).toDateString()).toBe(new Date().toDateString());
    expect(row.visitdate).toBeNull();
    // The field sets as the detail page maps them: [{fieldName, displayName, inputValue}], hidden fields left out.
    expect(JSON.parse(row.driverExtend as string)).toEqual([{ fieldName: 'licence', displayName: '驾驶证#Licence', inputValue: 'A2-123' }]);
    expect(JSON.parse(row.vehicleExtend as string)).toEqual([{ fieldName: 'axles', displayName: '轴数#Axles', inputValue: '3' }]);
    expect(JSON.parse(row.goodsExtend as string)).toEqual([]);
    expect(JSON.parse(row.memberInfo)).toEqual([{ name: '跟车员', mobile: '13700137000', cardid: '' }]);
    expect((row.photoInfo as string).split(',')).toEqual(['']);
    for (const sType of [1, 2]) {
      const photo = await desk.send('getVehicleRecordByVid', { sType, userid: desk.userid, vsid: row.logNum });
      expect(photo.status, photo.reason).toBe(0);
      expect(photo.result).toBeNull();
    }
    // Another day (or another company's trucks) lists nothing.
    expect((await dayList('2020-01-01')).result.list).toEqual([]);
  });

  it('opens the detail: field list, the type’s induction, each person’s pass; the driver fails, then passes, and the truck comes in and goes out', async () => {
    const row = await rowOf(sid);
    const fields = await desk.send<unknown[]>('getExtendTypeInfo', { userid: desk.userid, eType: row.logType });
    expect(fields.status, fields.reason).toBe(0);
    expect(Array.isArray(fields.result)).toBe(true);
    const types = await desk.send<Record<string, unknown>[]>('getVisitorType', { category: 1, userid: desk.userid });
    expect(types.status, types.reason).toBe(0);
    const type = types.result.find((x) => x.vType === row.logType);
    expectReads(type, { vType: 'string', qid: 'number', povDays: 'number' }, 'logistics type');
    expect(type?.qid).toBe(qid);
    const povDays = Number(type?.povDays);
    expect(povDays).toBe(31);
    for (const identity of [row.scardId, row.dcardId]) {
      const held = await passOf(identity);
      expect(held.status, held.reason).toBe(0);
      expect(held.result).toBeNull();
    }
    // The app checks the answers itself; the server refuses the arrival of a driver without the induction too.
    const signIn = () =>
      desk.send('updateLogisticsInfo', {
        userid: row.userid,
        sid: row.sid,
        scardId: row.scardId,
        visitdate: Date.now(),
        // The companions as they turned up: one more than booked, added at the desk.
        memberInfo: JSON.stringify([
          { name: '跟车员', mobile: '13700137000', cardid: '', state: 'noneed' },
          { name: '临时跟车', mobile: '', cardid: OTHER_DRIVER_ID, state: 'noneed' },
        ]),
        otherExtend: JSON.stringify([{ displayName: '封条号', fieldName: 'seal', inputValue: 'S-1' }]),
      });
    expect((await signIn()).status).toBe(Status.EXAM_REQUIRED);

    const first = (await t.api.getRandomTopicList({ sid, lang: 'zh' }, kiosk)).result.paper as ExamPaper;
    expect((await t.api.examSubmit({ pid: first.pid, token: first.token, answers: answersTo(first, false) }, kiosk)).result.passed).toBe(false);
    expect((await passOf(row.dcardId)).result).toBeNull();
    const second = (await t.api.getRandomTopicList({ sid, lang: 'zh' }, kiosk)).result.paper as ExamPaper;
    expect((await t.api.examSubmit({ pid: second.pid, token: second.token, answers: answersTo(second, true) }, kiosk)).result.passed).toBe(true);
    const passed = await passOf(row.dcardId);
    expectReads(passed.result, { passDate: 'ms' }, 'getAnswerResult');
    // The app's own rule: the pass counts until povDays after the day it was passed.
    const passDay = new Date(passed.result?.passDate as number).setHours(0, 0, 0, 0);
    expect(Date.now()).toBeLessThanOrEqual(passDay + povDays * DAY);
    expect((await passOf(row.scardId)).result).toBeNull();

    const arrived = await signIn();
    expect(arrived.status, arrived.reason).toBe(0);
    const inside = await rowOf(sid);
    expect(typeof inside.visitdate).toBe('number');
    expect(inside.finishTime).toBeNull();
    expect(JSON.parse(inside.memberInfo).map((m: { name: string }) => m.name)).toEqual(['跟车员', '临时跟车']);
    // Loading done: the warehouse releases the truck, which the app reads as finishTime and only then signs it out.
    expect((await t.api.logisticsRelease({ sid }, warehouse)).status).toBe(0);
    const loaded = await rowOf(sid);
    expectReads(loaded, { finishTime: 'ms', visitdate: 'ms' }, 'released truck');
    const out = await desk.send('updateLogisticsInfo', {
      userid: loaded.userid,
      sid: loaded.sid,
      scardId: loaded.scardId,
      visitdate: loaded.visitdate,
      leaveTime: new Date().toISOString(),
      pstatus: 3,
      remark: '冷冻品；签出备注：封条完好',
    });
    expect(out.status, out.reason).toBe(0);
    const gone = await rowOf(sid);
    expectReads(gone, { leaveTime: 'ms' }, 'truck gone');
    expect(gone.pstatus).toBe(3);
    expect(gone.remark).toBe('冷冻品；签出备注：封条完好');
  });

  it('checks a visitor’s training on the visit detail (§3c): the type’s qid, then a pass by email, phone or ID number', async () => {
    const byTid = await desk.send<Record<string, unknown>>('getVisitorTypeByTid', { tid: String(site.tid), userid: desk.userid });
    expect(byTid.status, byTid.reason).toBe(0);
    expectReads(byTid.result, { qid: 'number', povDays: 'number' }, 'getVisitorTypeByTid');
    expect(byTid.result.qid).toBe(qid);
    // A type without a questionnaire (the chain's hard-coded 38 too): falsy qid, no training.
    const plain = await t.api.addVisitorType({ vType: '快递#Courier' }, site.company.token);
    for (const tid of [String(plain.result.tid), '38']) {
      const none = await desk.send<Record<string, unknown>>('getVisitorTypeByTid', { tid, userid: desk.userid });
      expect(none.status, none.reason).toBe(0);
      expect(none.result.qid).toBe(0);
    }

    const phone = '13911110000';
    const paper = (await t.api.getRandomTopicList({ tid: site.tid, vname: '培训访客', vphone: phone, lang: 'zh' }, kiosk)).result.paper as ExamPaper;
    expect((await t.api.examSubmit({ pid: paper.pid, token: paper.token, answers: answersTo(paper, true) }, kiosk)).result.passed).toBe(true);
    // The app tries email, then phone, then ID number.
    expect((await passOf('visitor@example.com')).result).toBeNull();
    const held = await passOf(phone);
    expect(held.status, held.reason).toBe(0);
    expectReads(held.result, { passDate: 'ms' }, 'getAnswerResult by phone');
    expect((await passOf(DRIVER_ID.replace('X', '1'))).result).toBeNull();
    expect((await passOf('')).result).toBeNull();
  });

  it("refuses another company's trucks and passes, and bad input, with statuses that keep the desk signed in", async () => {
    const other = await seedCompany(t);
    const theirs = await seedBooking(t, other.token, { plateNum: '沪C54321' });
    expect((await t.api.approveLogistics({ sid: theirs.sid, pstatus: 1 }, other.token)).status).toBe(0);
    expect((await dayList()).result.list.map((r) => r.sid)).not.toContain(theirs.sid);
    const move = await desk.send('updateLogisticsInfo', { userid: desk.userid, sid: String(theirs.sid), scardId: '', visitdate: Date.now() });
    expect(move.status).toBe(Status.NO_SUCH_RECORD);
    // Their company as userid: refused, not answered.
    expect((await desk.send('getLogisticsInfo', { startDate: today(), endDate: today(), psList: [1, 3], userid: String(other.id) })).status).toBe(
      Status.NO_PERMISSION,
    );
    // Our own truck, out of order: departure before arrival (58); a plain update is not the desk's to make (610).
    const mine = await seedBooking(t, site.company.token, { plateNum: '沪D12345' });
    expect((await t.api.approveLogistics({ sid: mine.sid, pstatus: 1 }, site.company.token)).status).toBe(0);
    const early = { userid: desk.userid, sid: String(mine.sid), scardId: '', visitdate: Date.now(), leaveTime: new Date().toISOString(), pstatus: 3 };
    expect((await desk.send('updateLogisticsInfo', early)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await desk.send('updateLogisticsInfo', { userid: desk.userid, sid: String(mine.sid), goods: 'Ice' })).status).toBe(Status.NO_PERMISSION);
    expect((await desk.send('getAnswerResult', { identity: 'x'.repeat(101), userid: desk.userid })).status).toBe(Status.BAD_PARAMS);
    expect((await desk.send('updateLogisticsInfo', { userid: desk.userid, sid: 'abc', visitdate: Date.now() })).status).toBe(Status.BAD_PARAMS);
    expect((await desk.send('getLogisticsInfo', { startDate: 'today', endDate: 'today', psList: [1, 3], userid: desk.userid })).status).toBe(
      Status.BAD_PARAMS,
    );
    expect((await desk.send('getVehicleRecordByVid', { sType: 1, userid: String(other.id), vsid: theirs.booking.logNum })).status).toBe(
      Status.NO_PERMISSION,
    );
  });
});
