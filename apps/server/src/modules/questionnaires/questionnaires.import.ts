import type { Readable } from 'node:stream';
import {
  IMPORT_MAX_ROWS,
  type ImportRowError,
  type In,
  type Lang,
  logDesc,
  QUESTION_IMPORT_COLUMNS,
  QUESTIONNAIRE_LIMITS,
  type QuestionKind,
  type QuestionLang,
  questionFailures,
  Status,
} from '@openvisit/contract';
import { exampleRowTest, type ImportTemplate, mapColumns, readSheetRows, templateWorkbook } from '../../platform/files/spreadsheet.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { bankChange, questionValues } from './questionnaires.questions.js';
import { questionnairesRepository } from './questionnaires.repository.js';

/** Questions from a spreadsheet (`UploadExamTemplate`): every row checked first, the valid ones added in one change. */

type Field = keyof typeof QUESTION_IMPORT_COLUMNS;

const KINDS: Record<string, QuestionKind> = {
  single: 'single',
  multiple: 'multiple',
  单选: 'single',
  多选: 'multiple',
  单选题: 'single',
  多选题: 'multiple',
};
const LANGS: Record<string, QuestionLang> = { '': 'both', both: 'both', zh: 'zh', en: 'en', 中英: 'both', 双语: 'both', 中文: 'zh', 英文: 'en' };
const optionsOf = (cell: string) =>
  cell
    .split(/\r?\n|\|/)
    .map((o) => o.trim())
    .filter(Boolean);

interface Parsed {
  row: number;
  values: Parameters<typeof questionValues>[0];
}

/** One row as a question, or its errors by field. */
function parseRow(row: number, cell: (f: Field) => string, fail: (field: string, rule: string) => void): Parsed | null {
  const kind = KINDS[cell('kind').toLowerCase()];
  if (!kind) fail('kind', 'invalid_value');
  const lang = LANGS[cell('lang').toLowerCase()];
  if (!lang) fail('lang', 'invalid_value');
  const zh = optionsOf(cell('optionsZh'));
  const en = optionsOf(cell('optionsEn'));
  const n = Math.max(zh.length, en.length);
  const { options: o, score: s, question: qMax, option: oMax } = QUESTIONNAIRE_LIMITS;
  if (n < o.min || n > o.max) fail('options', n < o.min ? 'tooFew' : 'tooMany');
  const answerText = cell('answer').toUpperCase().replace(/\s/g, '');
  const answer = answerText ? answerText.split(/[,，、]/).map((l) => l.charCodeAt(0) - 65) : [];
  if (!/^[A-Z]([,，、][A-Z])*$/.test(answerText)) fail('answer', answerText ? 'format' : 'required');
  const score = Number(cell('score'));
  if (!Number.isInteger(score) || score < s.min || score > s.max) fail('score', 'range');
  const qorder = cell('qorder') ? Number(cell('qorder')) : 0;
  if (!Number.isInteger(qorder) || qorder < 0 || qorder > QUESTIONNAIRE_LIMITS.qorder.max) fail('qorder', 'range');
  if (cell('questionZh').length > qMax || cell('questionEn').length > qMax || [...zh, ...en].some((x) => x.length > oMax))
    fail('question', 'tooLong');
  if (!kind || !lang) return null;
  const values = {
    kind,
    lang,
    questionZh: cell('questionZh'),
    questionEn: cell('questionEn'),
    options: Array.from({ length: n }, (_, i) => ({ zh: zh[i] ?? '', en: en[i] ?? '' })),
    answer,
    score,
    qorder,
    fstatus: 1 as const,
  };
  for (const f of questionFailures(values)) fail(f.path[0] === 'options' ? `options${f.path[2] === 'en' ? 'En' : 'Zh'}` : String(f.path[0]), f.rule);
  return { row, values };
}

export async function importQuestions(
  ctx: AuthedContext,
  input: In<'UploadExamTemplate'>,
): Promise<{
  total: number;
  valid: number;
  created: number;
  errors: ImportRowError[];
  exampleRows: number[];
  preview: { row: number; kind: QuestionKind; question: string; options: number; answer: string; score: number }[];
}> {
  const file = ctx.file;
  if (!file?.bytes) throw badParams([{ field: 'file', rule: 'required' }]);
  const q = await questionnairesRepository(ctx.tenant).questionnaire(input.qid);
  if (!q) throw new AppError(Status.NO_SUCH_RECORD, 'There is no such questionnaire');
  const { rows, tooManyRows } = await readSheetRows(file.bytes, { maxRows: IMPORT_MAX_ROWS, count: 'filled' });
  if (tooManyRows) throw badParams([{ field: 'file', rule: 'tooManyRows' }]);
  const columns = mapColumns(rows[0] ?? [], QUESTION_IMPORT_COLUMNS);
  const isExample = exampleRowTest(rows[0] ?? [], TEMPLATE, columns);
  const exampleRows: number[] = [];
  const errors: ImportRowError[] = [];
  const parsed: Parsed[] = [];
  let total = 0;
  for (const [i, cells] of rows.slice(1).entries()) {
    if (cells.every((c) => !String(c ?? '').trim())) continue;
    const row = i + 2;
    if (isExample(cells)) {
      exampleRows.push(row);
      continue;
    }
    total++;
    const rowErrors: ImportRowError[] = [];
    const cell = (f: Field) => (columns.has(f) ? String(cells[columns.get(f) as number] ?? '').trim() : '');
    const p = parseRow(row, cell, (field, rule) => rowErrors.push({ row, field, rule }));
    if (rowErrors.length || !p) errors.push(...rowErrors);
    else parsed.push(p);
  }
  const room = QUESTIONNAIRE_LIMITS.questionsPerQuestionnaire - (await questionnairesRepository(ctx.tenant).questionCount(q.id));
  if (parsed.length > room) throw badParams([{ field: 'file', rule: 'tooManyQuestions' }]);
  const preview = parsed.map((p) => ({
    row: p.row,
    kind: p.values.kind,
    question: p.values.lang === 'en' ? p.values.questionEn : p.values.questionZh,
    options: p.values.options.length,
    answer: p.values.answer.map((a) => String.fromCharCode(65 + a)).join(','),
    score: p.values.score,
  }));
  let created = 0;
  if (!input.dryRun && parsed.length) {
    const added = await bankChange(ctx, q.id, { topicNum: 'file', passScore: 'file' }, (tx) =>
      questionnairesRepository(tx).insertQuestions(parsed.map((p) => ({ ...questionValues(p.values), questionnaireId: q.id, pictureKey: null }))),
    );
    created = added.length;
    ctx.audit.objId = q.id;
    ctx.audit.objName = q.title;
    ctx.audit.desc = logDesc('questionsImported', { created, errors: errors.length, version: q.version + 1 });
  } else ctx.audit.skip = true;
  return { total, valid: parsed.length, created, errors, exampleRows, preview };
}

/** The template's example row in each language: never imported (a marked first column, or these very cells). */
const TEMPLATE: ImportTemplate<Field> = {
  columns: QUESTION_IMPORT_COLUMNS,
  examples: {
    en: [
      [
        'single',
        'both',
        '进入车间必须佩戴什么？',
        'What must you wear in the workshop?',
        '安全帽\n拖鞋\n耳机',
        'Safety helmet\nSlippers\nHeadphones',
        'A',
        '10',
        '1',
      ],
    ],
    zh: [
      [
        '单选',
        '双语',
        '进入车间必须佩戴什么？',
        'What must you wear in the workshop?',
        '安全帽\n拖鞋\n耳机',
        'Safety helmet\nSlippers\nHeadphones',
        'A',
        '10',
        '1',
      ],
    ],
  },
};

export function questionTemplate(input: { lang: Lang }): Readable {
  return templateWorkbook(TEMPLATE, { lang: input.lang, sheet: input.lang === 'zh' ? '题目' : 'Questions' });
}
