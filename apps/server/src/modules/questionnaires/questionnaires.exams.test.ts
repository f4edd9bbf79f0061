import { type ExamPaper, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf.js';
import { examPapers, trainingVideos } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };
const fields = (r: { result: unknown }) => (r.result as Errors).errors.map((e) => `${e.field}/${e.rule}`).sort();

const TEXTS = ['Helmet', 'Exit', 'Fire', 'Smoking'] as const;
/** Option index of the right answer of each question (by its English text). */
const RIGHT: Record<string, number> = { 'Helmet?': 0, 'Exit?': 1, 'Fire?': 2, 'Smoking?': 0 };

/** Answers to a drawn paper: all right, or all wrong. */
function answersTo(paper: ExamPaper, right: boolean) {
  return paper.questions.map((q) => {
    const r = RIGHT[q.question] ?? 0;
    return { qdid: q.qdid, chosen: [right ? r : (r + 1) % 3] };
  });
}

describe('the visitor’s induction', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let kiosk: Awaited<ReturnType<typeof seedStaff>>;
  let host: number;
  let tid: number;
  let qid: number;
  const walkIn = (phone: string, token = kiosk.token) => t.api.UpdatePhoto({ vname: '安访客', vphone: phone, empid: host, tid, lang: 'en' }, token);
  const draw = (phone: string) => t.api.getRandomTopicList({ tid, vname: '安访客', vphone: phone, lang: 'en' }, kiosk.token);
  const paperOf = async (phone: string) => {
    const r = await draw(phone);
    if (!r.result.paper) throw new Error(`no paper: ${r.status} ${r.reason}`);
    return r.result.paper;
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    kiosk = await seedStaff(t, a.id, 4);
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    tid = (await t.api.addVisitorType({ vType: '施工#Contractor' }, a.token)).result.tid;
    qid = (
      await t.api.addQuestionnaire(
        { title: 'Site induction', topicNum: 3, passScore: 30, ansTime: 10, validityDays: 30, maxAttempts: 3, tids: [tid] },
        a.token,
      )
    ).result.qid;
    for (const [i, text] of TEXTS.entries()) {
      const options = [0, 1, 2].map((k) => ({ zh: `选项${k}`, en: `Option ${k}` }));
      await t.api.addQuestionnaireDetail(
        { qid, kind: 'single', questionZh: `${text}？`, questionEn: `${text}?`, options, answer: [RIGHT[`${text}?`] ?? 0], score: 10, qorder: i },
        a.token,
      );
    }
    // With a title for English readers (the walk-ins below draw in English).
    const titled = await t.api.updateQuestionnaire(
      {
        qid,
        title: 'Site induction',
        titleEn: 'Site safety',
        topicNum: 3,
        passScore: 30,
        ansTime: 10,
        validityDays: 30,
        maxAttempts: 3,
        tids: [tid],
        enabled: true,
      },
      a.token,
    );
    expect(titled.result).toMatchObject({ title: 'Site induction', titleEn: 'Site safety', enabled: true });
  });
  afterAll(() => t.close());

  it('nothing is asked while the company’s switch is off (697 to draw)', async () => {
    expect((await walkIn('13900000001')).status).toBe(0);
    expect((await draw('13900000001')).status).toBe(Status.EXAM_NOT_REQUIRED);
    expect((await t.api.updateQuestionnaireSwitch({ questionnaireSwitch: 1 }, a.token)).status).toBe(0);
  });

  it('a walk-in gets 69 until passed: fail, then pass; the paper never shows the answers; a pass counts on the next visit', async () => {
    const refused = await walkIn('13900000002');
    expect(refused.status).toBe(Status.EXAM_REQUIRED);
    expect(refused.result).toEqual({ qid, tid, vid: null });
    const paper = await paperOf('13900000002');
    expect(paper).toMatchObject({
      qid,
      // Drawn in English: the English title.
      title: 'Site safety',
      version: expect.any(Number),
      video: null,
      requiredWatchMs: 0,
      videoWatched: false,
      fullScore: 30,
      passScore: 30,
      attemptsLeft: 2,
    });
    expect(paper.questions).toHaveLength(3);
    expect(JSON.stringify(paper)).not.toMatch(/"answer"/);
    expect(new Set(paper.questions.map((q) => q.question)).size).toBe(3);
    const failed = await t.api.examSubmit({ pid: paper.pid, token: paper.token, answers: answersTo(paper, false) }, undefined);
    expect(failed.result).toMatchObject({ passed: false, totalScore: 0, pass: null, attemptsLeft: 2 });
    expect(failed.result.answers.every((x) => !x.correct)).toBe(true);
    expect((await t.api.examSubmit({ pid: paper.pid, token: paper.token, answers: [] })).status).toBe(Status.EXAM_SUBMITTED);
    expect((await walkIn('13900000002')).status).toBe(Status.EXAM_REQUIRED);

    const again = await paperOf('13900000002');
    expect(again.attemptsLeft).toBe(1);
    const passed = await t.api.examSubmit({ pid: again.pid, token: again.token, answers: answersTo(again, true) });
    expect(passed.result).toMatchObject({ passed: true, totalScore: 30, pass: { qid, totalScore: 30, fullScore: 30 } });
    const validUntil = passed.result.pass?.validUntil ?? 0;
    expect(validUntil - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const visit = (await walkIn('13900000002')).result;
    expect((await walkIn('13900000002')).status).toBe(0);
    // The visit's PDF records the induction passed.
    const day = new Date(visit.visitdate ?? 0);
    const name = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}_${visit.vid}.pdf`;
    const pdf = await t.app.inject({ method: 'GET', url: `/pdf/${name}`, headers: { 'x-coolvisit-token': a.token } });
    expect(await pdfText(pdf.rawPayload)).toContain(`Safety induction Site induction (version ${again.version}), 30/30, passed`);
    // Drawing again answers the pass held.
    expect((await draw('13900000002')).result).toMatchObject({ paper: null, pass: { pid: again.pid } });
  });

  it('answers are checked: a question not in the paper, an option it lacks; a wrong token is 602; attempts run out (693)', async () => {
    const paper = await paperOf('13900000003');
    const first = paper.questions[0];
    if (!first) throw new Error('no question');
    const bad = await t.api.examSubmit({
      pid: paper.pid,
      token: paper.token,
      answers: [
        { qdid: 999999, chosen: [0] },
        { qdid: first.qdid, chosen: [7] },
      ],
    });
    expect(fields(bad)).toEqual(['answers.0.qdid/notInPaper', 'answers.1.chosen/notAnOption']);
    expect((await t.api.examSubmit({ pid: paper.pid, token: 'x'.repeat(32), answers: [] })).status).toBe(Status.NO_SUCH_RECORD);
    await paperOf('13900000003');
    await paperOf('13900000003');
    expect((await draw('13900000003')).status).toBe(Status.EXAM_ATTEMPTS_USED);
    // The same person by email counts too: attempts follow the person, not one field.
    expect(
      (await t.api.getRandomTopicList({ tid, vname: 'X', vphone: '13900000003', vemail: 'x@example.com', lang: 'zh' }, kiosk.token)).status,
    ).toBe(Status.EXAM_ATTEMPTS_USED);
  });

  it('the video’s required share is watched before answers count (696); after the deadline 694', async () => {
    const [video] = await t.db
      .insert(trainingVideos)
      .values({ companyId: a.id, title: 'Site tour', fileName: 'tour.mp4', fileKey: `videos/${a.id}/tour.mp4`, bytes: 1000, durationMs: 120_000 })
      .returning();
    const body = {
      qid,
      title: 'Site induction',
      topicNum: 3,
      passScore: 30,
      ansTime: 10,
      validityDays: 30,
      maxAttempts: 3,
      tids: [tid],
      enabled: true,
    };
    const raised = await t.api.updateQuestionnaire({ ...body, videoId: video?.id ?? null, minWatchPercent: 50 }, a.token);
    // A new version: the earlier pass stops counting.
    expect((await walkIn('13900000002')).status).toBe(Status.EXAM_REQUIRED);
    const paper = await paperOf('13900000004');
    expect(paper.video).toMatchObject({ title: 'Site tour', durationMs: 120_000, url: expect.stringMatching(/^\/api\/media\/videos\//) });
    expect(paper.requiredWatchMs).toBe(60_000);
    expect(paper.version).toBe(raised.result.version);
    expect((await t.api.examSubmit({ pid: paper.pid, token: paper.token, answers: answersTo(paper, true) })).status).toBe(
      Status.EXAM_VIDEO_NOT_WATCHED,
    );
    await t.db
      .update(examPapers)
      .set({ answerFrom: new Date(Date.now() - 700_000), deadline: new Date(Date.now() - 100_000) })
      .where(eq(examPapers.id, paper.pid));
    expect((await t.api.examSubmit({ pid: paper.pid, token: paper.token, answers: answersTo(paper, true) })).status).toBe(Status.EXAM_TIME_OVER);
    await t.api.updateQuestionnaire({ ...body, videoId: null }, a.token);
  });

  it('an invited visitor passes on the invitation page, and the kiosk check-in is then instant', async () => {
    const r = await t.api.addAppointment(
      { empid: host, appointmentDate: Date.now() + 600_000, tid, visitors: [{ name: 'Page Guest', phone: '13900000005' }] },
      a.token,
    );
    const v = r.result[0];
    const secid = new URL(v?.inviteLink ?? 'http://x').searchParams.get('token') ?? '';
    expect((await t.api.getQuestionnaire({ qid }, a.token)).result.list[0]).toMatchObject({ titleEn: 'Site safety' });
    const page = (await t.api.getAppointmentbySecId({ secid })).result;
    expect(page.induction).toEqual({ qid, title: 'Site induction', titleEn: 'Site safety', pass: null });
    // The visit type in the visitor's language, and in each for the page's own.
    expect(page.visitType).toBe('施工');
    expect(page.visitTypeNames).toEqual({ zh: '施工', en: 'Contractor' });
    const code = page.code ?? '';
    const refused = await t.api.AppClientSignin({ verifyCode: code }, kiosk.token);
    expect(refused.status).toBe(Status.EXAM_REQUIRED);
    expect(refused.result).toEqual({ qid, tid, vid: v?.vid });
    const started = (await t.api.getInviteExam({ secid, lang: 'zh' })).result;
    const paper = started.paper;
    if (!paper) throw new Error('no paper');
    expect(paper.lang).toBe('zh');
    expect(paper.title).toBe('Site induction');
    expect(paper.questions[0]?.question).toMatch(/？$/);
    const zhAnswers = paper.questions.map((q) => ({ qdid: q.qdid, chosen: [RIGHT[q.question.replace('？', '?')] ?? 0] }));
    expect((await t.api.examSubmit({ pid: paper.pid, token: paper.token, answers: zhAnswers })).result.passed).toBe(true);
    expect((await t.api.getAppointmentbySecId({ secid })).result.induction?.pass).toMatchObject({ qid, totalScore: 30 });
    expect((await t.api.AppClientSignin({ verifyCode: code }, kiosk.token)).status).toBe(0);
    expect((await t.api.getInviteExam({ secid: 'y'.repeat(40), lang: 'en' })).status).toBe(Status.INVALID_VISITOR);
  });

  it('the answer report: papers by state, a paper’s answers, the pass rate per question, the export; another company sees none', async () => {
    const all = (await t.api.getSubmitAnswerList({ requestedCount: 100 }, a.token)).result;
    // Two papers of the walk-in, three of the attempts, one behind the video, one on the invitation page.
    expect(all.count).toBe(7);
    expect(all.list.filter((p) => p.state === 'open')).toHaveLength(3);
    expect(all.list.filter((p) => p.state === 'expired')).toHaveLength(1);
    const passed = (await t.api.getSubmitAnswerList({ state: 'passed', phone: '13900000002' }, a.token)).result.list;
    expect(passed).toHaveLength(1);
    expect(passed[0]).toMatchObject({ name: '安访客', state: 'passed', totalScore: 30, source: 'kiosk' });
    const pid = passed[0]?.pid ?? 0;
    const detail = (await t.api.getAnswerResult({ pid }, a.token)).result;
    expect(detail.answers).toHaveLength(3);
    expect(detail.answers.every((x) => x.correct && x.gained === 10 && x.chosen.length === 1 && x.answer[0] === x.chosen[0])).toBe(true);
    const stats = (await t.api.getExamQuestionStats({ qid, lang: 'en' }, a.token)).result;
    expect(stats.papers).toBeGreaterThanOrEqual(3);
    expect(stats.questions.reduce((n, x) => n + x.answered, 0)).toBe(stats.papers * 3);
    for (const x of stats.questions) expect(x.rate).toBeCloseTo(x.correct / x.answered);
    const res = await t.app.inject({ method: 'GET', url: '/api/ExportAnswerList?lang=en&state=passed', headers: { 'x-coolvisit-token': a.token } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0]?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1, 4)).toEqual(['Visitor', 'Phone', 'Email']);
    const passedCount = (await t.api.getSubmitAnswerList({ state: 'passed' }, a.token)).result.count;
    expect(passedCount).toBe(2);
    expect(rows.length - 1).toBe(passedCount * 3);
    expect((await t.api.getAnswerResult({ pid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getSubmitAnswerList({}, b.token)).result.count).toBe(0);
    expect((await t.api.getExamQuestionStats({ qid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
  });
  it('a retry after a failed paper goes straight to the questions, unless the questionnaire asks for the video again', async () => {
    const [video] = await t.db
      .insert(trainingVideos)
      .values({ companyId: a.id, title: 'Retry tour', fileName: 'retry.mp4', fileKey: `videos/${a.id}/retry.mp4`, bytes: 1000, durationMs: 60_000 })
      .returning();
    const body = {
      qid,
      title: 'Site induction',
      topicNum: 3,
      passScore: 30,
      ansTime: 10,
      validityDays: 30,
      maxAttempts: 0,
      tids: [tid],
      enabled: true,
    };
    await t.api.updateQuestionnaire({ ...body, videoId: video?.id ?? null, minWatchPercent: 100 }, a.token);
    const phone = '13900000021';
    const first = await paperOf(phone);
    expect(first).toMatchObject({ requiredWatchMs: 60_000, videoWatched: false });
    // Watched (the clock moved on), then failed.
    await t.db
      .update(examPapers)
      .set({ answerFrom: new Date(Date.now() - 61_000) })
      .where(eq(examPapers.id, first.pid));
    expect((await t.api.examSubmit({ pid: first.pid, token: first.token, answers: answersTo(first, false) })).result.passed).toBe(false);
    const retry = await paperOf(phone);
    expect(retry).toMatchObject({ requiredWatchMs: 0, videoWatched: true });
    expect((await t.api.examSubmit({ pid: retry.pid, token: retry.token, answers: answersTo(retry, false) })).status).toBe(0);

    // Asked to watch again: the server holds the retry's answers until the video's time has passed.
    const strict = await t.api.updateQuestionnaire({ ...body, videoId: video?.id ?? null, minWatchPercent: 100, rewatchOnRetry: true }, a.token);
    expect(strict.result.rewatchOnRetry).toBe(true);
    const again = await paperOf(phone);
    expect(again).toMatchObject({ requiredWatchMs: 60_000, videoWatched: false });
    expect((await t.api.examSubmit({ pid: again.pid, token: again.token, answers: answersTo(again, true) })).status).toBe(
      Status.EXAM_VIDEO_NOT_WATCHED,
    );
    // Someone who never submitted a paper watches, whatever the setting.
    await t.api.updateQuestionnaire({ ...body, videoId: video?.id ?? null, minWatchPercent: 100 }, a.token);
    expect(await paperOf('13900000022')).toMatchObject({ requiredWatchMs: 60_000, videoWatched: false });
    await t.api.updateQuestionnaire({ ...body, maxAttempts: 3, videoId: null }, a.token);
  });
});
