import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, pageInput, pageOf, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { zEmail } from '../fieldSchemas.js';
import { INVITE_TOKEN } from './invitations.js';
import { type InductionPass, inductionPass } from './questionnaires.induction.js';
import { QUESTION_KINDS, QUESTIONNAIRE_MANAGERS } from './questionnaires.js';
import { DESK_ROLES, identityFailures, visitorIdentity } from './visits.js';

/**
 * Safety induction, the visitor's side and the answer report (spec sections 2 `visitor/answerReport`, 3, 7; reference
 * 4: the pad runs the exam with `getRandomTopicList` / `examSubmit`, 69 until passed). A paper is drawn for a person
 * (phone, ID number, email), watched, answered and submitted once, before its deadline.
 */
export const EXAM_SOURCES = ['kiosk', 'invitation'] as const;
export const PAPER_STATES = ['open', 'passed', 'failed', 'expired'] as const;
export type PaperState = (typeof PAPER_STATES)[number];
/** A paper's token: what the taker submits with (the paper may be answered on a public page). */
export const PAPER_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const userid = coercedInt().optional();
const zLang = z.enum(['zh', 'en']).default('zh');

/** A drawn question as the visitor sees it: their language, no right answer. */
export const paperQuestion = z.object({
  qdid: z.int32(),
  kind: z.enum(QUESTION_KINDS),
  question: z.string(),
  options: z.array(z.string()),
  score: z.int32(),
  /** A signed link to the picture, '' without one. */
  picture: z.string(),
});

export const examPaper = z.object({
  pid: z.int32(),
  token: z.string(),
  qid: z.int32(),
  title: z.string(),
  fdesc: z.string(),
  version: z.int32(),
  lang: z.enum(['zh', 'en']),
  video: z.object({ title: z.string(), url: z.string(), durationMs: z.int32() }).nullable(),
  /** The share of the video to watch, in ms: answers are refused before `answerFrom`. */
  requiredWatchMs: z.int32(),
  /**
   * A retry of someone who watched the video for an earlier paper (they submitted one) where the questionnaire does not
   * ask for it again: nothing to watch (`requiredWatchMs` 0), the questions open at once.
   */
  videoWatched: z.boolean(),
  answerFrom: epochMs,
  /** Minutes to answer, and the moment the paper closes (answerFrom + ansTime). */
  ansTime: z.int32(),
  deadline: epochMs,
  questions: z.array(paperQuestion),
  fullScore: z.int32(),
  passScore: z.int32(),
  /** Papers the person may still start today after this one; null without a limit. */
  attemptsLeft: z.int32().nullable(),
});
export type ExamPaper = z.infer<typeof examPaper>;
export type { InductionPass };

/** Either the pass the person already holds, or the paper drawn for them. */
export const examStart = z.object({ pass: inductionPass.nullable(), paper: examPaper.nullable() });

/** What 69 (EXAM_REQUIRED) carries in `result`: the questionnaire to take, for the visitor type or visit that needs it. */
export const examRequired = z.object({ qid: z.int32(), tid: z.int32(), vid: z.int32().nullable() });
export type ExamRequired = z.infer<typeof examRequired>;
/** What 69 carries when a truck arrives whose driver has not passed its logistics type's induction. */
export const driverExamRequired = z.object({ qid: z.int32(), sid: z.int32() });
export type DriverExamRequired = z.infer<typeof driverExamRequired>;

export const getRandomTopicList = defineCall({
  name: 'getRandomTopicList',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'The kiosk draws an induction paper for a visitor: for a visitor type (tid) and the person, for an invited visit (vid: who and the type from the visit), or for a truck’s driver (sid: the logistics booking, the questionnaire its type names). Answers the pass they already hold, or a new paper (697 none required; 693 no attempts left today; 602 no such booking)',
  access: DESK_ROLES,
  feature: 'questionnaire',
  statuses: [Status.EXAM_ATTEMPTS_USED, Status.EXAM_NOT_REQUIRED, Status.INVALID_VISITOR, Status.VISITOR_TYPE_NOT_EXIST, Status.NO_SUCH_RECORD],
  rate: 'lookup',
  input: z.union([
    z.object({ userid, vid: z.int32().positive(), lang: zLang }),
    // A truck's driver (logistics): who from the booking, the questionnaire its type names.
    z.object({ userid, sid: z.int32().positive(), lang: zLang }),
    z
      .object({
        userid,
        tid: z.int32().positive(),
        ...visitorIdentity,
        vemail: zEmail.or(z.literal('')).default(''),
        lang: zLang,
      })
      .superRefine((v, ctx) => {
        for (const f of identityFailures(v)) ctx.addIssue({ code: 'custom', path: [f.field], message: f.rule });
      }),
  ]),
  output: examStart,
});

export const getInviteExam = defineCall({
  name: 'getInviteExam',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'The invited visitor takes the induction on the invitation page before arriving (by the link’s token): the pass they hold, or a new paper (1117 unknown link, 58 cancelled, declined or ended, 697 none required, 693 no attempts left today)',
  access: 'public',
  feature: 'questionnaire',
  rate: 'public',
  statuses: [Status.EXAM_ATTEMPTS_USED, Status.EXAM_NOT_REQUIRED, Status.INVALID_VISITOR, Status.UPDATE_NOT_ALLOWED],
  input: z.object({ secid: z.string().trim().regex(INVITE_TOKEN, 'format'), lang: zLang }),
  output: examStart,
});

export const examSubmit = defineCall({
  name: 'examSubmit',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'Submit a paper’s answers once (by its token): 602 unknown paper, 695 already submitted, 694 after its deadline, 696 before the video’s required share; an answer to a question not in the paper, or an option it does not have, is a field error. Answers the score and, when passed, the pass with its validity',
  access: 'public',
  feature: 'questionnaire',
  rate: 'public',
  statuses: [Status.EXAM_SUBMITTED, Status.EXAM_TIME_OVER, Status.EXAM_VIDEO_NOT_WATCHED, Status.NO_SUCH_RECORD],
  input: z.object({
    pid: z.int32().positive(),
    token: z.string().regex(PAPER_TOKEN, 'format'),
    answers: z.array(z.object({ qdid: z.int32().positive(), chosen: z.array(z.int32().min(0).max(31)).max(32) })).max(200),
  }),
  output: z.object({
    pid: z.int32(),
    passed: z.boolean(),
    totalScore: z.int32(),
    fullScore: z.int32(),
    passScore: z.int32(),
    pass: inductionPass.nullable(),
    attemptsLeft: z.int32().nullable(),
    /** Per question, in the paper's order: right or not (the right options are not shown, so a retry is a real one). */
    answers: z.array(z.object({ qdid: z.int32(), correct: z.boolean(), score: z.int32() })),
  }),
});

/** An answer paper as the report lists it. */
export const answerPaper = z.object({
  pid: z.int32(),
  qid: z.int32().nullable(),
  title: z.string(),
  version: z.int32(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  source: z.enum(EXAM_SOURCES),
  lang: z.string(),
  vid: z.int32().nullable(),
  startTime: epochMs,
  submitTime: epochMs.nullable(),
  totalScore: z.int32().nullable(),
  fullScore: z.int32(),
  passScore: z.int32(),
  state: z.enum(PAPER_STATES),
  validUntil: epochMs.nullable(),
});
export type AnswerPaper = z.infer<typeof answerPaper>;

export const answerRecord = z.object({
  position: z.int32(),
  qdid: z.int32(),
  kind: z.enum(QUESTION_KINDS),
  question: z.string(),
  options: z.array(z.string()),
  picture: z.string(),
  answer: z.array(z.int32()),
  chosen: z.array(z.int32()),
  correct: z.boolean(),
  score: z.int32(),
  gained: z.int32(),
});

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'format');
export const answerFilters = {
  startDate: zDay.optional(),
  endDate: zDay.optional(),
  qid: coercedInt().positive().optional(),
  name: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(32).optional(),
  state: z.enum(PAPER_STATES).optional(),
};

export const getSubmitAnswerList = defineCall({
  name: 'getSubmitAnswerList',
  area: 'questionnaires',
  module: 'questionnaires',
  summary: 'Answer papers, newest first, by day of the paper (yyyy-mm-dd, inclusive), questionnaire, name, phone and state',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  input: z.object({ userid, ...pageInput, ...answerFilters }),
  output: pageOf(answerPaper),
});

export const getAnswerResult = defineCall({
  name: 'getAnswerResult',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'One paper with its answers: each question as shown, the right and the chosen options, its score and what was gained (602 not this company’s)',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, pid: z.int32().positive() }),
  output: answerPaper.extend({ answers: z.array(answerRecord) }),
});

/**
 * Whether a person holds a pass, asked by what the desk knows of them (the original desk app's `getAnswerResult
 * {identity}`, tried with a visitor's email, phone and ID number and a truck's people's ID numbers).
 */
export const getInductionPass = defineCall({
  name: 'getInductionPass',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'The pass still counting that a person holds, matched on their phone, ID number or email (`identity`): of the questionnaire `qid`, else of any enabled questionnaire at its current version; null when none (or `identity` empty)',
  access: DESK_ROLES,
  feature: 'questionnaire',
  input: z.object({ userid, identity: z.string().trim().max(100), qid: z.int32().positive().optional() }),
  output: inductionPass.nullable(),
});

export const getExamQuestionStats = defineCall({
  name: 'getExamQuestionStats',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'How a questionnaire’s questions were answered over a period: per question, the submitted answers and the share right (602 not this company’s)',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid, qid: z.int32().positive(), startDate: zDay.optional(), endDate: zDay.optional(), lang: zLang }),
  output: z.object({
    qid: z.int32(),
    papers: z.int32(),
    passed: z.int32(),
    questions: z.array(z.object({ qdid: z.int32(), question: z.string(), answered: z.int32(), correct: z.int32(), rate: z.number() })),
  }),
});

export const exportAnswerList = defineDownload({
  name: 'ExportAnswerList',
  area: 'questionnaires',
  module: 'questionnaires',
  summary: 'The answer papers of the filters as xlsx, one row per answer (the paper’s columns repeated), in the chosen language',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  contentType: XLSX_TYPE,
  fileName: 'answer-report',
  extension: 'xlsx',
  input: z.object({ ...answerFilters, lang: z.enum(['zh', 'en']).default('en') }),
});

export const examCalls = [
  getRandomTopicList,
  getInviteExam,
  examSubmit,
  getSubmitAnswerList,
  getAnswerResult,
  getInductionPass,
  getExamQuestionStats,
] as const;
export const examDownloads = [exportAnswerList] as const;
