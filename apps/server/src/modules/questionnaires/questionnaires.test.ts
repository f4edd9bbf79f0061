import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };
const fields = (r: { result: unknown }) => (r.result as Errors).errors.map((e) => `${e.field}/${e.rule}`).sort();

const BANK_CALLS = [
  'getQuestionnaire',
  'addQuestionnaire',
  'updateQuestionnaire',
  'delQuestionnaire',
  'updateQuestionnaireSwitch',
  'getQueDetailList',
  'addQuestionnaireDetail',
  'updateQuestionnaireDetail',
  'delQuestionnaireDetail',
  'getSubmitAnswerList',
  'getAnswerResult',
  'getExamQuestionStats',
];

/** A question with three options, A right unless told. */
const q3 = (text: string, score = 10, answer = [0], extra: Record<string, unknown> = {}) => ({
  kind: 'single' as const,
  questionZh: `${text}？`,
  questionEn: `${text}?`,
  options: [
    { zh: '甲', en: 'A' },
    { zh: '乙', en: 'B' },
    { zh: '丙', en: 'C' },
  ],
  answer,
  score,
  ...extra,
});

const settings = { title: 'Workshop safety', topicNum: 2, passScore: 20, ansTime: 10, validityDays: 30 };

describe('question bank', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28; a front desk may not manage the bank (610)', async () => {
    const desk = await seedStaff(t, a.id, 2);
    for (const name of BANK_CALLS) {
      expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
      expect((await t.call(name, {}, desk.token)).status, name).toBe(Status.NO_PERMISSION);
    }
  });

  it('a questionnaire starts disabled; enabling needs enough questions and a reachable pass mark; versions rise on material changes', async () => {
    const added = await t.api.addQuestionnaire(settings, a.token);
    expect(added.result).toMatchObject({
      title: 'Workshop safety',
      enabled: false,
      version: 1,
      questionCount: { zh: 0, en: 0 },
      minPaperScore: 0,
      tids: [],
    });
    const qid = added.result.qid;
    expect((await t.api.addQuestionnaire(settings, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect(fields(await t.api.updateQuestionnaire({ qid, ...settings, enabled: true }, a.token))).toEqual(['topicNum/moreThanQuestions']);
    await t.api.addQuestionnaireDetail({ qid, ...q3('Helmet', 10) }, a.token);
    await t.api.addQuestionnaireDetail({ qid, ...q3('Exit', 5) }, a.token);
    // A question for Chinese visitors only: the zh bank has three, the en bank two.
    const zhOnly = await t.api.addQuestionnaireDetail({ qid, ...q3('Fire', 10), lang: 'zh', questionEn: 'ignored' }, a.token);
    expect(zhOnly.result).toMatchObject({
      lang: 'zh',
      questionEn: '',
      options: [
        { zh: '甲', en: '' },
        { zh: '乙', en: '' },
        { zh: '丙', en: '' },
      ],
    });
    // The lowest paper: Exit (5) + one of the 10s = 15 < 20.
    expect(fields(await t.api.updateQuestionnaire({ qid, ...settings, enabled: true }, a.token))).toEqual(['passScore/aboveTotal']);
    const on = await t.api.updateQuestionnaire({ qid, ...settings, passScore: 15, enabled: true }, a.token);
    expect(on.result).toMatchObject({ enabled: true, questionCount: { zh: 3, en: 2 }, minPaperScore: 15 });
    const v = on.result.version;
    // The title is not material; the answer time is.
    expect((await t.api.updateQuestionnaire({ qid, ...settings, passScore: 15, enabled: true, title: 'Renamed' }, a.token)).result.version).toBe(v);
    expect(
      (await t.api.updateQuestionnaire({ qid, ...settings, passScore: 15, enabled: true, title: 'Renamed', ansTime: 5 }, a.token)).result.version,
    ).toBe(v + 1);
    // Disabling a question the en bank needs leaves it one short: en visitors then get the zh paper.
    const list = (await t.api.getQueDetailList({ qid }, a.token)).result.list;
    expect(list.map((x) => x.questionEn)).toEqual(['Helmet?', 'Exit?', '']);
    const exit = list[1];
    if (!exit) throw new Error('no question');
    const { qdid: _q, qid: _qid, picture: _p, createTime: _c, ...exitFields } = exit;
    expect((await t.api.updateQuestionnaireDetail({ ...exitFields, qdid: exit.qdid, fstatus: 0 }, a.token)).status).toBe(0);
    expect((await t.api.getQuestionnaire({ qid }, a.token)).result.list[0]).toMatchObject({
      questionCount: { zh: 2, en: 1 },
      minPaperScore: 20,
      version: v + 2,
    });
  });

  it('question rules: text per language, a right answer among the options, one for a single choice; pictures by content', async () => {
    const qid = (await t.api.addQuestionnaire({ ...settings, title: 'Rules' }, a.token)).result.qid;
    const bad = await t.call('addQuestionnaireDetail', { qid, ...q3('X'), questionEn: '', answer: [] }, a.token);
    expect(fields(bad)).toEqual(['answer/noAnswer', 'questionEn/required']);
    expect(fields(await t.call('addQuestionnaireDetail', { qid, ...q3('X'), answer: [0, 2] }, a.token))).toEqual(['answer/singleAnswer']);
    expect(fields(await t.call('addQuestionnaireDetail', { qid, ...q3('X'), answer: [5] }, a.token))).toEqual(['answer/notAnOption']);
    expect(
      fields(
        await t.call(
          'addQuestionnaireDetail',
          {
            qid,
            ...q3('X'),
            options: [
              { zh: '甲', en: 'A' },
              { zh: '甲', en: 'B' },
            ],
          },
          a.token,
        ),
      ),
    ).toEqual(['options.1.zh/duplicate']);
    const multiple = await t.api.addQuestionnaireDetail({ qid, ...q3('Both', 10, [2, 0]), kind: 'multiple' }, a.token);
    expect(multiple.result.answer).toEqual([0, 2]);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const pictured = await t.api.addQuestionnaireDetail({ qid, ...q3('Sign'), picture: `data:image/png;base64,${png.toString('base64')}` }, a.token);
    expect(pictured.result.picture).toMatch(/^\/api\/media\/questions\/\d+\/[0-9a-f-]+\.jpg\?exp=\d+&sig=/);
    expect(
      fields(
        await t.call(
          'addQuestionnaireDetail',
          { qid, ...q3('Y'), picture: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}` },
          a.token,
        ),
      ),
    ).toEqual(['picture/notImage']);
    // Another company sees none of it.
    expect((await t.api.getQueDetailList({ qid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.addQuestionnaireDetail({ qid, ...q3('Z') }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.updateQuestionnaireDetail({ qdid: multiple.result.qdid, ...q3('Z') }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delQuestionnaireDetail({ qdids: [multiple.result.qdid] }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.updateQuestionnaire({ qid, ...settings, title: 'Theirs' }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delQuestionnaire({ qids: [qid] }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getQuestionnaire({}, b.token)).result.list.map((x) => x.title)).not.toContain('Rules');
  });

  it('an enabled questionnaire keeps what it needs: deleting or disabling below the drawing is refused, an order change keeps the version', async () => {
    const qid = (await t.api.addQuestionnaire({ ...settings, title: 'Keep' }, a.token)).result.qid;
    const one = (await t.api.addQuestionnaireDetail({ qid, ...q3('One') }, a.token)).result;
    const two = (await t.api.addQuestionnaireDetail({ qid, ...q3('Two') }, a.token)).result;
    const enabled = (await t.api.updateQuestionnaire({ qid, ...settings, title: 'Keep', enabled: true }, a.token)).result;
    expect(fields(await t.api.delQuestionnaireDetail({ qdids: [one.qdid] }, a.token))).toEqual(['qdids/tooFewQuestions']);
    expect(fields(await t.api.updateQuestionnaireDetail({ qdid: two.qdid, ...q3('Two'), fstatus: 0 }, a.token))).toEqual(['fstatus/tooFewQuestions']);
    expect(fields(await t.api.updateQuestionnaireDetail({ qdid: two.qdid, ...q3('Two', 5) }, a.token))).toEqual(['score/aboveTotal']);
    expect((await t.api.updateQuestionnaireDetail({ qdid: two.qdid, ...q3('Two'), qorder: 9 }, a.token)).result.qorder).toBe(9);
    expect((await t.api.getQuestionnaire({ qid }, a.token)).result.list[0]?.version).toBe(enabled.version);
    expect((await t.api.updateQuestionnaireDetail({ qdid: two.qdid, ...q3('Two (new)'), qorder: 9 }, a.token)).status).toBe(0);
    expect((await t.api.getQuestionnaire({ qid }, a.token)).result.list[0]?.version).toBe(enabled.version + 1);
    expect((await t.api.delQuestionnaire({ qids: [qid] }, a.token)).result).toEqual({ deleted: 1 });
    expect((await t.api.getQueDetailList({ qid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
  });

  it('visitor types must be the company’s (104) and move from another questionnaire; the video must be the company’s', async () => {
    const type = (await t.api.addVisitorType({ vType: '施工#Contractor' }, a.token)).result;
    const theirs = (await t.api.addVisitorType({ vType: '施工#Contractor' }, b.token)).result;
    const first = (await t.api.addQuestionnaire({ ...settings, title: 'First', tids: [type.tid] }, a.token)).result;
    expect(first.tids).toEqual([type.tid]);
    expect((await t.api.addQuestionnaire({ ...settings, title: 'Bad', tids: [theirs.tid] }, a.token)).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    const second = (await t.api.addQuestionnaire({ ...settings, title: 'Second', tids: [type.tid] }, a.token)).result;
    expect(second.tids).toEqual([type.tid]);
    expect((await t.api.getQuestionnaire({ qid: first.qid }, a.token)).result.list[0]?.tids).toEqual([]);
    expect(fields(await t.api.addQuestionnaire({ ...settings, title: 'Video', videoId: 999999 }, a.token))).toEqual(['videoId/notFound']);
  });

  it('the switch is a company setting, answered by GetUserInfo', async () => {
    expect((await t.api.updateQuestionnaireSwitch({ questionnaireSwitch: 1 }, a.token)).result).toEqual({ questionnaireSwitch: 1 });
    const [row] = await t.db.select({ s: companies.settings }).from(companies).where(eq(companies.id, a.id));
    expect((row?.s as { questionnaireSwitch?: number } | undefined)?.questionnaireSwitch).toBe(1);
    await t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} - 'questionnaireSwitch'` })
      .where(eq(companies.id, a.id));
  });
});
