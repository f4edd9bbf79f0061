import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { visitorTypes } from './registration.js';
import { visits } from './visits.js';

/** Training videos (the console's /question/detail): mp4 files in the file store, with the duration read from the file. */
export const trainingVideos = pgTable(
  'training_videos',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The uploaded file's own name, for the list. */
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    bytes: integer('bytes').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ...timestamps,
  },
  (t) => [index('training_videos_company_idx').on(t.companyId, t.id)],
);

/**
 * Questionnaires (qcv_questionnaire): the induction a visitor takes. `version` rises on every change to what a
 * visitor is examined on (questions, drawing, pass mark, video), so passes of an earlier version stop counting.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The title for visitors reading English ('': the title). */
    titleEn: text('title_en').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Questions drawn per paper (topicNum). */
    topicNum: smallint('topic_num').notNull(),
    passScore: smallint('pass_score').notNull(),
    /** Minutes to answer once the questions are shown (ansTime). */
    ansTime: smallint('ans_time').notNull(),
    /** Days a pass counts (0: the day of the pass only). */
    validityDays: smallint('validity_days').notNull(),
    /** Papers a person may take per day (0: no limit). */
    maxAttempts: smallint('max_attempts').notNull().default(0),
    videoId: integer('video_id').references(() => trainingVideos.id, { onDelete: 'restrict' }),
    /** Share of the video to watch before the answers count (percent). */
    minWatchPercent: smallint('min_watch_percent').notNull().default(100),
    /** A retry after a failed paper asks for the video again; off, a person who watched it once goes to the questions. */
    rewatchOnRetry: boolean('rewatch_on_retry').notNull().default(false),
    enabled: boolean('enabled').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('questionnaires_company_idx').on(t.companyId, t.id), uniqueIndex('questionnaires_title_uq').on(t.companyId, sql`lower(${t.title})`)],
);

/** The visitor types a questionnaire applies to: a type requires at most one questionnaire. */
export const questionnaireVisitorTypes = pgTable(
  'questionnaire_visitor_types',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    visitorTypeId: integer('visitor_type_id')
      .notNull()
      .references(() => visitorTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionnaireId, t.visitorTypeId] }), uniqueIndex('questionnaire_visitor_types_type_uq').on(t.visitorTypeId)],
);

/** An option of a question, in the languages the question is written in. */
export interface QuestionOption {
  zh: string;
  en: string;
}

/** Questions (qcv_questionnaire_detail): single or multiple choice, written in both languages or marked for one. */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    /** 'single' or 'multiple'. */
    kind: text('kind').notNull(),
    /** 'both', 'zh' or 'en': the visitors it is drawn for. */
    lang: text('lang').notNull().default('both'),
    questionZh: text('question_zh').notNull().default(''),
    questionEn: text('question_en').notNull().default(''),
    options: jsonb('options').$type<QuestionOption[]>().notNull(),
    /** Indexes of the right options. */
    answer: smallint('answer').array().notNull(),
    score: smallint('score').notNull(),
    pictureKey: text('picture_key'),
    qorder: integer('qorder').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('questions_questionnaire_idx').on(t.questionnaireId, t.qorder)],
);

/** A drawn question as the visitor saw it, with what was right: the paper keeps it, whatever the bank becomes. */
export interface PaperQuestion {
  qdid: number;
  kind: 'single' | 'multiple';
  question: string;
  options: string[];
  answer: number[];
  score: number;
  pictureKey: string | null;
}

/**
 * Answer papers (qcv_answer): one drawn paper of a questionnaire's version for one person. Who it is (phone, ID
 * number, email) is what a later visit is matched on; `passed` papers within the validity spare the induction.
 */
export const examPapers = pgTable(
  'exam_papers',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    questionnaireId: integer('questionnaire_id').references(() => questionnaires.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    version: integer('version').notNull(),
    /** The token the taker submits with (sha-256; the paper may be taken on a public page). */
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    idNumber: text('id_number').notNull().default(''),
    visitorTypeId: integer('visitor_type_id').references(() => visitorTypes.id, { onDelete: 'set null' }),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    /** 'kiosk' or 'invitation'. */
    source: text('source').notNull(),
    lang: text('lang').notNull(),
    questions: jsonb('questions').$type<PaperQuestion[]>().notNull(),
    fullScore: smallint('full_score').notNull(),
    passScore: smallint('pass_score').notNull(),
    /** The answers are taken from this moment (the video's required share watched). */
    answerFrom: tstz('answer_from').notNull(),
    deadline: tstz('deadline').notNull(),
    validityDays: smallint('validity_days').notNull(),
    submittedAt: tstz('submitted_at'),
    totalScore: smallint('total_score'),
    passed: boolean('passed'),
    /** End of the pass's validity (passed papers only). */
    validUntil: tstz('valid_until'),
    ...timestamps,
  },
  (t) => [
    index('exam_papers_company_idx').on(t.companyId, t.id),
    index('exam_papers_phone_idx').on(t.companyId, t.phone).where(sql`${t.passed} and ${t.phone} <> ''`),
    index('exam_papers_id_number_idx').on(t.companyId, t.idNumber).where(sql`${t.passed} and ${t.idNumber} <> ''`),
    index('exam_papers_email_idx').on(t.companyId, sql`lower(${t.email})`).where(sql`${t.passed} and ${t.email} <> ''`),
  ],
);

/** Each answer of a submitted paper: what the pass rate per question is counted from. */
export const examAnswers = pgTable(
  'exam_answers',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => examPapers.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    questionnaireId: integer('questionnaire_id').references(() => questionnaires.id, { onDelete: 'set null' }),
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'set null' }),
    position: smallint('position').notNull(),
    chosen: smallint('chosen').array().notNull(),
    correct: boolean('correct').notNull(),
    score: smallint('score').notNull(),
    submittedAt: tstz('submitted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.position] }), index('exam_answers_question_idx').on(t.companyId, t.questionnaireId, t.submittedAt)],
);
