import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, pageInput, pageOf, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { IMPORT_TYPES } from '../validators.js';
import { IMPORT_MAX_BYTES, importExampleRows, importRowError } from './employees.js';

/**
 * Safety induction, the question bank (spec sections 2 `question/bank`, 3, 7): questionnaires (qcv_questionnaire) and
 * their questions (qcv_questionnaire_detail), and the company switch that makes visitors take them. Papers, answers
 * and the report are in `exams.ts`, videos in `trainingVideos.ts`. Rules: docs/modules/questionnaires.md.
 */
export const QUESTIONNAIRE_MANAGERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE] as const;

export const QUESTIONNAIRE_LIMITS = {
  title: 50,
  description: 500,
  topicNum: { min: 1, max: 100 },
  passScore: { min: 1, max: 10000 },
  /** Minutes to answer. */
  ansTime: { min: 1, max: 180 },
  validityDays: { min: 0, max: 3650 },
  maxAttempts: { min: 0, max: 20 },
  minWatchPercent: { min: 0, max: 100 },
  question: 500,
  option: 200,
  options: { min: 2, max: 8 },
  score: { min: 1, max: 100 },
  qorder: { min: 0, max: 9999 },
  questionsPerQuestionnaire: 1000,
} as const;

export const QUESTION_KINDS = ['single', 'multiple'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
/** The visitors a question is drawn for: written in both languages, or for one. */
export const QUESTION_LANGS = ['both', 'zh', 'en'] as const;
export type QuestionLang = (typeof QUESTION_LANGS)[number];

/** A question picture: jpg or png by content, at most 1 MB (spec section 5's image rules), sent as a data URL. */
export const QUESTION_PICTURE_MAX_BYTES = 1024 * 1024;
const PICTURE_MAX_CHARS = Math.ceil((QUESTION_PICTURE_MAX_BYTES * 4) / 3) + 100;

const userid = coercedInt().optional();
const zSwitch = z.union([z.literal(0), z.literal(1)]);
const zTitle = z.string().trim().min(1, 'required').max(QUESTIONNAIRE_LIMITS.title);
const ranged = (k: 'topicNum' | 'passScore' | 'ansTime' | 'validityDays' | 'maxAttempts' | 'minWatchPercent' | 'score' | 'qorder') =>
  z.int32().min(QUESTIONNAIRE_LIMITS[k].min, 'range').max(QUESTIONNAIRE_LIMITS[k].max, 'range');

/** A questionnaire as listed: its settings, the visitor types it applies to and what its bank holds per language. */
export const questionnaire = z.object({
  qid: z.int32(),
  title: z.string(),
  /** The title English readers see ('' : the title). */
  titleEn: z.string(),
  fdesc: z.string(),
  topicNum: z.int32(),
  passScore: z.int32(),
  ansTime: z.int32(),
  validityDays: z.int32(),
  maxAttempts: z.int32(),
  videoId: z.int32().nullable(),
  minWatchPercent: z.int32(),
  rewatchOnRetry: z.boolean(),
  tids: z.array(z.int32()),
  enabled: z.boolean(),
  version: z.int32(),
  /** Enabled questions a zh and an en visitor can be drawn. */
  questionCount: z.object({ zh: z.int32(), en: z.int32() }),
  /** The lowest total a drawn paper can have (per language, the lower): the pass mark may not be above it. */
  minPaperScore: z.int32(),
  createTime: epochMs,
  updateTime: epochMs,
});
export type Questionnaire = z.infer<typeof questionnaire>;

const questionnaireFields = {
  title: zTitle,
  titleEn: z
    .string()
    .trim()
    .max(QUESTIONNAIRE_LIMITS.title)
    .optional()
    .describe('the title for visitors reading English (empty: the title); left out, an update keeps it, so the original clients do not clear it'),
  fdesc: z.string().trim().max(QUESTIONNAIRE_LIMITS.description).default(''),
  topicNum: ranged('topicNum'),
  passScore: ranged('passScore'),
  ansTime: ranged('ansTime'),
  validityDays: ranged('validityDays'),
  maxAttempts: ranged('maxAttempts').default(0),
  videoId: z.int32().positive().nullable().default(null).describe('a training video of this company, watched before the questions'),
  minWatchPercent: ranged('minWatchPercent').default(100),
  rewatchOnRetry: z
    .boolean()
    .default(false)
    .describe('a retry asks for the video again; off, someone who submitted a paper of this version goes straight to the questions'),
  tids: z
    .array(z.int32().positive())
    .max(200)
    .default([])
    .describe('visitor types of this company that must pass it; a type is taken from another questionnaire'),
  enabled: z.boolean().default(false),
};

export const getQuestionnaire = defineCall({
  name: 'getQuestionnaire',
  area: 'questionnaires',
  module: 'questionnaires',
  summary: "The company's questionnaires, newest first (by title when `title` is given; one when `qid` is)",
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  input: z.object({
    userid,
    ...pageInput,
    qid: z.int32().positive().optional(),
    title: z.string().trim().max(QUESTIONNAIRE_LIMITS.title).optional(),
  }),
  output: pageOf(questionnaire),
});

export const addQuestionnaire = defineCall({
  name: 'addQuestionnaire',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'Add a questionnaire (3 title taken; a visitor type not of this company 104; a video not of this company videoId/notFound). Enabled only when its bank can draw topicNum questions in each language (topicNum/moreThanQuestions) and every paper can reach the pass mark (passScore/aboveTotal): a new one has no questions, so it starts disabled',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'add' },
  // The form shows these on its fields: a title taken (3), a visitor type not the company's (104).
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'title', [Status.VISITOR_TYPE_NOT_EXIST]: 'tids' },
  input: z.object({ userid, ...questionnaireFields }),
  output: questionnaire,
});

export const updateQuestionnaire = defineCall({
  name: 'updateQuestionnaire',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'Change a questionnaire (the same checks as adding). A change to what visitors are examined on (drawing, pass mark, time, video, watch share) raises its version: earlier passes stop counting',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'update' },
  statuses: [Status.NO_SUCH_RECORD],
  // The form shows these on its fields: a title taken (3), a visitor type not the company's (104).
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'title', [Status.VISITOR_TYPE_NOT_EXIST]: 'tids' },
  input: z.object({ userid, qid: z.int32().positive(), ...questionnaireFields }),
  output: questionnaire,
});

export const delQuestionnaire = defineCall({
  name: 'delQuestionnaire',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'Delete questionnaires with their questions (602 when one is not this company’s; nothing deleted then). Papers taken stay in the answer report',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'delete' },
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, qids: z.array(z.int32().positive()).min(1).max(100) }),
  output: z.object({ deleted: z.int32() }),
});

export const updateQuestionnaireSwitch = defineCall({
  name: 'updateQuestionnaireSwitch',
  area: 'questionnaires',
  module: 'questionnaires',
  summary: 'Visitors take the induction (1) of the questionnaire of their visitor type before they check in (69 until they pass), or nobody does (0)',
  access: [Role.ADMIN, Role.SUBADMIN],
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'update' },
  input: z.object({ userid, questionnaireSwitch: zSwitch }),
  output: z.object({ questionnaireSwitch: z.int32() }),
});

/** A question as the console edits it; `picture` a signed link to the stored picture ('' none). */
export const question = z.object({
  qdid: z.int32(),
  qid: z.int32(),
  kind: z.enum(QUESTION_KINDS),
  lang: z.enum(QUESTION_LANGS),
  questionZh: z.string(),
  questionEn: z.string(),
  options: z.array(z.object({ zh: z.string(), en: z.string() })),
  /** Indexes of the right options. */
  answer: z.array(z.int32()),
  score: z.int32(),
  qorder: z.int32(),
  fstatus: z.int32().describe('1 enabled, 0 not drawn'),
  picture: z.string(),
  createTime: epochMs,
});
export type Question = z.infer<typeof question>;

export type QuestionFailure = { path: (string | number)[]; rule: string };

/**
 * A question's own rules (console form and server): text in each language it is written for, every option filled
 * in those languages and distinct, a right answer among the options (exactly one for a single choice).
 */
export function questionFailures(q: {
  kind: QuestionKind;
  lang: QuestionLang;
  questionZh: string;
  questionEn: string;
  options: { zh: string; en: string }[];
  answer: number[];
}): QuestionFailure[] {
  const out: QuestionFailure[] = [];
  const langs = q.lang === 'both' ? (['zh', 'en'] as const) : [q.lang];
  for (const l of langs) {
    if (!(l === 'zh' ? q.questionZh : q.questionEn)) out.push({ path: [l === 'zh' ? 'questionZh' : 'questionEn'], rule: 'required' });
    const seen = new Set<string>();
    q.options.forEach((o, i) => {
      const text = o[l].toLowerCase();
      if (!text) out.push({ path: ['options', i, l], rule: 'required' });
      else if (seen.has(text)) out.push({ path: ['options', i, l], rule: 'duplicate' });
      seen.add(text);
    });
  }
  if (q.answer.length === 0) out.push({ path: ['answer'], rule: 'noAnswer' });
  else if (q.answer.some((a) => a >= q.options.length)) out.push({ path: ['answer'], rule: 'notAnOption' });
  else if (new Set(q.answer).size !== q.answer.length) out.push({ path: ['answer'], rule: 'duplicate' });
  else if (q.kind === 'single' && q.answer.length !== 1) out.push({ path: ['answer'], rule: 'singleAnswer' });
  return out;
}

const questionFields = {
  kind: z.enum(QUESTION_KINDS),
  lang: z.enum(QUESTION_LANGS).default('both'),
  questionZh: z.string().trim().max(QUESTIONNAIRE_LIMITS.question).default(''),
  questionEn: z.string().trim().max(QUESTIONNAIRE_LIMITS.question).default(''),
  options: z
    .array(
      z.object({
        zh: z.string().trim().max(QUESTIONNAIRE_LIMITS.option).default(''),
        en: z.string().trim().max(QUESTIONNAIRE_LIMITS.option).default(''),
      }),
    )
    .min(QUESTIONNAIRE_LIMITS.options.min, 'tooFew')
    .max(QUESTIONNAIRE_LIMITS.options.max, 'tooMany'),
  answer: z.array(z.int32().min(0)).max(QUESTIONNAIRE_LIMITS.options.max),
  score: ranged('score'),
  qorder: ranged('qorder').default(0),
  fstatus: zSwitch.default(1),
};

function checkedQuestion<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).superRefine((v, ctx) => {
    for (const f of questionFailures(v as unknown as Parameters<typeof questionFailures>[0]))
      ctx.addIssue({ code: 'custom', path: f.path, message: f.rule });
  });
}

const zPicture = z.string().max(PICTURE_MAX_CHARS, 'size').describe('data URL of a jpg or png picture (at most 1 MB)');

/** Changing the bank of an enabled questionnaire keeps it drawable: else `qdid` / `fstatus` answer `tooFewQuestions`, `passScore` `aboveTotal`. */
export const addQuestionnaireDetail = defineCall({
  name: 'addQuestionnaireDetail',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'Add a question to a questionnaire (602 not this company’s); a picture is checked by content (picture/notImage, picture/size); raises the version',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'add' },
  statuses: [Status.NO_SUCH_RECORD],
  maxBodyBytes: PICTURE_MAX_CHARS + 64 * 1024,
  input: checkedQuestion({ userid, qid: z.int32().positive(), ...questionFields, picture: zPicture.default('') }),
  output: question,
});

export const updateQuestionnaireDetail = defineCall({
  name: 'updateQuestionnaireDetail',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'Change a question: `picture` a new data URL replaces the picture, "" removes it, left out keeps it. Raises the version unless only the order changed; disabling a question an enabled questionnaire needs is refused (fstatus/tooFewQuestions)',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'update' },
  statuses: [Status.NO_SUCH_RECORD],
  maxBodyBytes: PICTURE_MAX_CHARS + 64 * 1024,
  input: checkedQuestion({ userid, qdid: z.int32().positive(), ...questionFields, picture: zPicture.optional() }),
  output: question,
});

export const delQuestionnaireDetail = defineCall({
  name: 'delQuestionnaireDetail',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'Delete questions of one questionnaire (602 when one is not this company’s; qdids/tooFewQuestions when an enabled questionnaire could no longer draw its papers); raises the version',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'delete' },
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, qdids: z.array(z.int32().positive()).min(1).max(QUESTIONNAIRE_LIMITS.questionsPerQuestionnaire) }),
  output: z.object({ deleted: z.int32() }),
});

export const getQueDetailList = defineCall({
  name: 'getQueDetailList',
  area: 'questionnaires',
  module: 'questionnaires',
  summary: "A questionnaire's questions in their order (602 not this company’s), filtered by text and enabled state",
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({
    userid,
    ...pageInput,
    qid: z.int32().positive(),
    question: z.string().trim().max(QUESTIONNAIRE_LIMITS.question).optional(),
    fstatus: zSwitch.optional(),
  }),
  output: pageOf(question),
});

/** Import columns: the header names accepted for each field, in both languages. */
export const QUESTION_IMPORT_COLUMNS = {
  kind: { en: 'Type', zh: '题型', required: true },
  lang: { en: 'Language', zh: '语言', required: false },
  questionZh: { en: 'Question (Chinese)', zh: '题目（中文）', required: false },
  questionEn: { en: 'Question (English)', zh: '题目（英文）', required: false },
  optionsZh: { en: 'Options (Chinese)', zh: '选项（中文）', required: false },
  optionsEn: { en: 'Options (English)', zh: '选项（英文）', required: false },
  answer: { en: 'Answer', zh: '答案', required: true },
  score: { en: 'Score', zh: '分值', required: true },
  qorder: { en: 'Order', zh: '排序', required: false },
} as const;

export const importQuestions = defineCall({
  name: 'UploadExamTemplate',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'Import questions into a questionnaire from csv, xls or xlsx (columns by header, in English or Chinese; options one per line; the answer as letters, e.g. "A" or "A,C"; type single/multiple or 单选/多选): dryRun previews; otherwise the valid rows are added and invalid rows reported by row and field',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'import' },
  statuses: [Status.NO_SUCH_RECORD],
  upload: { maxBytes: IMPORT_MAX_BYTES, extensions: IMPORT_TYPES },
  input: z.object({
    userid,
    qid: coercedInt().positive(),
    dryRun: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  }),
  output: z.object({
    total: z.int32(),
    valid: z.int32(),
    created: z.int32(),
    errors: z.array(importRowError),
    exampleRows: importExampleRows,
    preview: z.array(
      z.object({ row: z.int32(), kind: z.enum(QUESTION_KINDS), question: z.string(), options: z.int32(), answer: z.string(), score: z.int32() }),
    ),
  }),
});

export const exportQuestionTemplate = defineDownload({
  name: 'ExportExamTemplate',
  area: 'questionnaires',
  module: 'questionnaires',
  summary: 'The question import template (xlsx) with headers and two example rows in the chosen language',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  contentType: XLSX_TYPE,
  fileName: 'question-import-template',
  extension: 'xlsx',
  input: z.object({ lang: z.enum(['zh', 'en']).default('en') }),
});

export const questionnaireCalls = [
  getQuestionnaire,
  addQuestionnaire,
  updateQuestionnaire,
  delQuestionnaire,
  updateQuestionnaireSwitch,
  getQueDetailList,
  addQuestionnaireDetail,
  updateQuestionnaireDetail,
  delQuestionnaireDetail,
  importQuestions,
] as const;
export const questionnaireDownloads = [exportQuestionTemplate] as const;
