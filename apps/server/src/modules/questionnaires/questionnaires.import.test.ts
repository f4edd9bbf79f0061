import { Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

interface ImportResult {
  total: number;
  valid: number;
  created: number;
  errors: { row: number; field: string; rule: string }[];
  exampleRows: number[];
  preview: { row: number; kind: string; question: string; options: number; answer: string; score: number }[];
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Questions');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const HEADER = ['Type', 'Language', 'Question (Chinese)', 'Question (English)', 'Options (Chinese)', 'Options (English)', 'Answer', 'Score', 'Order'];

describe('UploadExamTemplate: questions from a spreadsheet', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let qid: number;
  const upload = (bytes: Buffer, dryRun: boolean, token = a.token, id = qid) =>
    t.upload<ImportResult>('UploadExamTemplate', { name: 'questions.xlsx', bytes }, { qid: String(id), dryRun: String(dryRun) }, token);

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    qid = (await t.api.addQuestionnaire({ title: 'Imported', topicNum: 1, passScore: 5, ansTime: 5, validityDays: 1 }, a.token)).result.qid;
  });
  afterAll(() => t.close());

  it('checks every row, previews, then adds the valid ones; errors by row and field', async () => {
    const file = await xlsx([
      HEADER,
      ['single', 'both', '必须戴什么？', 'What must you wear?', '安全帽\n拖鞋', 'Helmet\nSlippers', 'A', 10, 1],
      ['多选', '中文', '哪些是出口？', '', '东门|西门|仓库', '', 'a, b', 5, 2],
      ['single', 'both', '缺英文', '', '甲\n乙', 'A\nB', 'A', 5, 3],
      ['single', 'both', 'Q', 'Q', '甲\n乙', 'A\nB', 'C', 5, 4],
      ['triple', 'both', 'Q', 'Q', '甲\n乙', 'A\nB', 'A', 0, 5],
      ['single', 'both', 'Q', 'Q', '甲', 'A', 'A', 5, 6],
      [],
    ]);
    const dry = await upload(file, true);
    expect(dry.status).toBe(0);
    expect(dry.result).toMatchObject({ total: 6, valid: 2, created: 0 });
    expect(dry.result.preview).toEqual([
      { row: 2, kind: 'single', question: '必须戴什么？', options: 2, answer: 'A', score: 10 },
      { row: 3, kind: 'multiple', question: '哪些是出口？', options: 3, answer: 'A,B', score: 5 },
    ]);
    expect(dry.result.errors.map((e) => `${e.row} ${e.field}/${e.rule}`)).toEqual([
      '4 questionEn/required',
      '5 answer/notAnOption',
      '6 kind/invalid_value',
      '6 score/range',
      '7 options/tooFew',
    ]);
    expect((await t.api.getQueDetailList({ qid }, a.token)).result.count).toBe(0);
    const done = await upload(file, false);
    expect(done.result).toMatchObject({ total: 6, valid: 2, created: 2 });
    const list = (await t.api.getQueDetailList({ qid }, a.token)).result.list;
    expect(list.map((q) => [q.kind, q.lang, q.questionZh, q.answer, q.score])).toEqual([
      ['single', 'both', '必须戴什么？', [0], 10],
      ['multiple', 'zh', '哪些是出口？', [0, 1], 5],
    ]);
    expect((await t.api.getQuestionnaire({ qid }, a.token)).result.list[0]?.version).toBe(2);
  });

  it('another company’s questionnaire is not found; a file without the required columns names them', async () => {
    const file = await xlsx([HEADER, ['single', 'both', 'Q', 'Q', '甲\n乙', 'A\nB', 'A', 5, 1]]);
    expect((await upload(file, true, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    const noAnswer = await upload(
      await xlsx([
        ['Type', 'Score'],
        ['single', 5],
      ]),
      true,
    );
    expect((noAnswer.result as unknown as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['file.answer']);
  });

  it('the template has the headers in the chosen language and a marked example row that never imports', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ExportExamTemplate?lang=zh', headers: { 'x-coolvisit-token': a.token } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0]?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1, 5)).toEqual(['示例', '题型 *', '语言', '题目（中文）']);
    expect(rows[1]?.[1]).toBe('示例，不会导入');
    const again = await upload(res.rawPayload, false);
    expect(again.result).toMatchObject({ total: 0, valid: 0, created: 0, exampleRows: [2], errors: [] });
  });
});
