import { type ExamPaper, Role, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCall, doorDevice } from '../../../test/doors.js';
import { everyRole, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { OTHER_DRIVER_ID, seedBooking } from '../../../test/logistics.js';

/** All answers right (the right option is the first) or all wrong. */
const answersTo = (paper: ExamPaper, right: boolean) => paper.questions.map((q) => ({ qdid: q.qdid, chosen: [right ? 0 : 1] }));

describe('logistics: the driver’s safety induction', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let roles: Map<number, string>;
  let qid: number;
  const as = (role: number) => roles.get(role) ?? '';

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    roles = await everyRole(t, a);
    const base = { title: 'Driver induction', topicNum: 2, passScore: 20, ansTime: 10, validityDays: 30, maxAttempts: 0, tids: [] };
    qid = (await t.api.addQuestionnaire(base, a.token)).result.qid;
    for (const text of ['Speed', 'Reverse']) {
      const options = [0, 1].map((k) => ({ zh: `选项${k}`, en: `Option ${k}` }));
      const q = { qid, kind: 'single' as const, questionZh: `${text}？`, questionEn: `${text}?`, options, answer: [0], score: 10, qorder: 0 };
      expect((await t.api.addQuestionnaireDetail(q, a.token)).status).toBe(0);
    }
    expect((await t.api.updateQuestionnaire({ qid, ...base, enabled: true }, a.token)).status).toBe(0);
    expect((await t.api.updateQuestionnaireSwitch({ questionnaireSwitch: 1 }, a.token)).status).toBe(0);
  });
  afterAll(() => t.close());

  /** An approved booking for today whose type names the induction. */
  async function approvedWithInduction(over: Record<string, unknown> = {}) {
    const seeded = await seedBooking(t, a.token, over);
    expect((await t.api.updateExtendType({ tid: seeded.tid, qid }, as(Role.LOGISTICS))).result.qid).toBe(qid);
    await t.api.approveLogistics({ sid: seeded.sid, pstatus: 1 }, a.token);
    return seeded;
  }

  it('a type names one of the company’s questionnaires only (qid/notFound for another company’s)', async () => {
    const theirs = (await t.api.addQuestionnaire({ title: 'Theirs', topicNum: 1, passScore: 1, ansTime: 5, validityDays: 1, tids: [] }, b.token))
      .result.qid;
    const { tid } = await seedBooking(t, a.token);
    const refused = await t.call('updateExtendType', { tid, qid: theirs }, a.token);
    expect(refused.status).toBe(Status.BAD_PARAMS);
    expect(JSON.stringify(refused.result)).toContain('"field":"qid","rule":"notFound"');
    const added = await t.call('addExtendType', { name: '危化#Hazardous', qid: theirs }, a.token);
    expect(added.status).toBe(Status.BAD_PARAMS);
    expect((await t.api.getExtendType({}, a.token)).result.find((x) => x.name === '危化#Hazardous')).toBeUndefined();
    const typed = await t.api.addExtendType({ name: '危化2#Hazardous 2', qid }, a.token);
    expect(typed.result.qid).toBe(qid);
    expect((await t.api.updateExtendType({ tid: typed.result.tid, qid: null }, a.token)).result.qid).toBeNull();
  });

  it('refuses the arrival with 69 {qid, sid} until the driver passes; a failed paper does not count; the pass does', async () => {
    const { sid } = await approvedWithInduction();
    const refused = await t.api.logisticsArrive({ sid }, as(Role.GATE));
    expect(refused.status).toBe(Status.EXAM_REQUIRED);
    expect(refused.result).toEqual({ qid, sid });
    const kiosk = as(Role.MACHINE);
    const first = (await t.api.getRandomTopicList({ sid, lang: 'en' }, kiosk)).result.paper as ExamPaper;
    expect(first.qid).toBe(qid);
    expect((await t.api.examSubmit({ pid: first.pid, token: first.token, answers: answersTo(first, false) }, kiosk)).result.passed).toBe(false);
    expect((await t.api.logisticsArrive({ sid }, as(Role.GATE))).status).toBe(Status.EXAM_REQUIRED);
    const second = (await t.api.getRandomTopicList({ sid, lang: 'zh' }, kiosk)).result.paper as ExamPaper;
    expect(second.questions.map((q) => q.question).sort()).toEqual(['Reverse？', 'Speed？']);
    expect((await t.api.examSubmit({ pid: second.pid, token: second.token, answers: answersTo(second, true) }, kiosk)).result.passed).toBe(true);
    // The pass is held: drawing again answers it, and the kiosk's ID-card path arrives.
    expect((await t.api.getRandomTopicList({ sid, lang: 'en' }, kiosk)).result.pass?.qid).toBe(qid);
    const arrived = await t.api.logisticsArrive({ dcardId: '11010519491231002x' }, kiosk);
    expect(arrived.status).toBe(0);
    expect(arrived.result.visitdate).not.toBeNull();
    // The papers are the driver's: the answer report lists both under their name and phone.
    const papers = await t.api.getSubmitAnswerList({ startIndex: 0, requestedCount: 10 }, a.token);
    expect(papers.result.list.filter((p) => p.name === '李司机').map((p) => [p.state, p.phone])).toEqual([
      ['passed', '13900139000'],
      ['failed', '13900139000'],
    ]);
  });

  it('a pass held from an earlier visit counts: another booking of the same driver arrives at once', async () => {
    const { sid } = await approvedWithInduction({ plateNum: '粤B54321' });
    expect((await t.api.logisticsArrive({ sid }, as(Role.GATE))).status).toBe(0);
  });

  it('a barrier does not let a driver owing the induction in (sent to the kiosk as an unsigned visitor, nothing moved); nothing asked with the switch off', async () => {
    const eq = (await t.api.addEquipment(doorDevice({ deviceName: 'Dock', deviceCode: 'BAR-I', eType: 'barrier' }), a.token)).result;
    const barrier = `Device ${eq.device.eid}.${eq.secret}`;
    const report = deviceCall(() => t, 'uploadVehicleInfo');
    const { sid } = await approvedWithInduction({ plateNum: '苏E12345', dname: '新司机', dmobile: '13700137000', dcardId: OTHER_DRIVER_ID });
    const read = await report(barrier, { plateNum: '苏E12345', direction: 1 });
    expect(read.result).toMatchObject({ open: false, code: Status.NOT_SIGNED_IN, name: '新司机' });
    expect(
      (await t.api.getLogisticsInfo({ startIndex: 0, requestedCount: 50 }, a.token)).result.list.find((x) => x.sid === sid)?.visitdate,
    ).toBeNull();
    await t.api.updateQuestionnaireSwitch({ questionnaireSwitch: 0 }, a.token);
    expect((await t.api.getRandomTopicList({ sid, lang: 'en' }, as(Role.MACHINE))).status).toBe(Status.EXAM_NOT_REQUIRED);
    expect((await report(barrier, { plateNum: '苏E12345', direction: 1 })).result).toMatchObject({ open: true });
    await t.api.updateQuestionnaireSwitch({ questionnaireSwitch: 1 }, a.token);
  });

  it('another company’s kiosk cannot draw a paper for this booking (602)', async () => {
    const { sid } = await approvedWithInduction({ plateNum: '鲁A12345' });
    expect((await t.api.getRandomTopicList({ sid, lang: 'en' }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
  });
});
