import {
  type ExamPaper,
  type FieldError,
  type In,
  type InductionPass,
  type InductionState,
  normalizePhone,
  type Out,
  Status,
  titleIn,
  VISIT_MOVES,
} from '@openvisit/contract';
import { settingsIn } from '../../core/company/company.public.js';
import { noSuchVisit, visitById, visitByInviteToken } from '../../core/visits/visits.public.js';
import { mediaUrl } from '../../platform/files/media.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import type { AuthedContext, CallContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { randomToken, safeEqual, sha256 } from '../../platform/identity/crypto.js';
import { inTransaction, scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import type { Induction, InductionPerson } from '../../platform/induction.js';
import { keysOf } from '../../platform/personData.js';
import type { Services } from '../../platform/services.js';
import { logistics } from '../logistics/logistics.public.js';
import { bankOf, type DrawLang, drawLangFor, drawQuestions, scorePaper } from './questionnaires.bank.js';
import { type PaperRow, papersRepository, type Who } from './questionnaires.papers.repository.js';
import { type QuestionnaireRow, questionnairesRepository } from './questionnaires.repository.js';
import { questionnairesSystemRepository } from './questionnaires.system.repository.js';
import { videoOf } from './questionnaires.videos.js';

/**
 * The visitor's induction (reference 4: the pad's `getRandomTopicList` / `examSubmit`, 69 until passed): a paper is
 * drawn for a person, the video's required share watched (answers before `answerFrom` are refused), answered before
 * its deadline and submitted once. A pass of the questionnaire's current version counts for its validity, matched on
 * the phone, ID number or email; a new version asks everyone again.
 */

/** Clocks and networks differ a little: answers are taken this much before `answerFrom` and after the deadline. */
const EARLY_MS = 5_000;
const LATE_MS = 30_000;
const DAY_MS = 86_400_000;

type ExamStart = Out<'getRandomTopicList'>;

function whoOf(p: { phone: string; idNumber: string; email: string }): Who {
  return {
    phone: p.phone ? (normalizePhone(p.phone) ?? p.phone) : '',
    idNumber: p.idNumber.trim().toUpperCase(),
    email: p.email.trim().toLowerCase(),
  };
}

export function toPass(p: PaperRow): InductionPass {
  return {
    pid: p.id,
    qid: p.questionnaireId ?? 0,
    title: p.title,
    version: p.version,
    passedAt: (p.submittedAt ?? p.createdAt).getTime(),
    validUntil: (p.validUntil ?? p.createdAt).getTime(),
    totalScore: p.totalScore ?? 0,
    fullScore: p.fullScore,
  };
}

/** The enabled questionnaire a visitor type requires while the company's switch is on; null when none. */
async function requiredFor(scope: TenantScope, tid: number | null): Promise<QuestionnaireRow | null> {
  if (tid === null) return null;
  const settings = await settingsIn(scope);
  if (settings.questionnaireSwitch !== 1) return null;
  return (await questionnairesRepository(scope).enabledForType(tid)) ?? null;
}

/** A questionnaire named directly (a logistics type's) while the company's switch is on and it is enabled; else null. */
async function namedRequired(scope: TenantScope, qid: number | null): Promise<QuestionnaireRow | null> {
  if (qid === null) return null;
  const settings = await settingsIn(scope);
  if (settings.questionnaireSwitch !== 1) return null;
  const q = await questionnairesRepository(scope).questionnaire(qid);
  return q?.enabled ? q : null;
}

interface Taker {
  name: string;
  who: Who;
  tid: number | null;
  vid: number | null;
  source: 'kiosk' | 'invitation';
  lang: DrawLang;
}

/** The pass the taker holds, or a new paper (693 when the day's attempts are used). */
async function start(scope: TenantScope, services: Services, q: QuestionnaireRow, taker: Taker): Promise<ExamStart> {
  const papers = papersRepository(scope);
  const now = new Date();
  const held = await papers.validPass(q.id, q.version, taker.who, now);
  if (held) return { pass: toPass(held), paper: null };
  if (q.maxAttempts > 0 && (await papers.papersSince(q.id, taker.who, dayStart(dayOf(now)))) >= q.maxAttempts)
    throw new AppError(Status.EXAM_ATTEMPTS_USED, 'No exam attempts are left today');
  const bank = questionnairesRepository(scope);
  const enabled = await bank.enabledQuestions([q.id]);
  const lang = drawLangFor(taker.lang, bankOf(enabled, q.topicNum));
  // An enabled questionnaire can always draw (checked on every change); this guards a race with an edit.
  if (!lang) throw new AppError(Status.EXAM_NOT_REQUIRED, 'The questionnaire cannot draw a paper');
  const questions = drawQuestions(enabled, q.topicNum, lang);
  const video = q.videoId ? await videoOf(scope, services.secrets, q.videoId) : null;
  // A retry need not sit through the video again unless the questionnaire says so: a submitted paper proves it was
  // watched (submissions before `answerFrom` are refused).
  const videoWatched = !!video && !q.rewatchOnRetry && (await papers.submittedBefore(q.id, q.version, taker.who));
  const requiredWatchMs = video && !videoWatched ? Math.round((video.durationMs * q.minWatchPercent) / 100) : 0;
  const answerFrom = new Date(now.getTime() + requiredWatchMs);
  const token = randomToken(24);
  const paper = await papers.insertPaper({
    questionnaireId: q.id,
    title: q.title,
    version: q.version,
    tokenHash: sha256(token),
    name: taker.name,
    ...taker.who,
    visitorTypeId: taker.tid,
    visitId: taker.vid,
    source: taker.source,
    lang,
    questions,
    fullScore: questions.reduce((a, x) => a + x.score, 0),
    passScore: q.passScore,
    answerFrom,
    deadline: new Date(answerFrom.getTime() + q.ansTime * 60_000),
    validityDays: q.validityDays,
  });
  const used = q.maxAttempts > 0 ? await papers.papersSince(q.id, taker.who, dayStart(dayOf(now))) : 0;
  const out: ExamPaper = {
    pid: paper.id,
    token,
    qid: q.id,
    // The paper is in the taker's language, and so is its title.
    title: titleIn(q, lang),
    fdesc: q.description,
    version: q.version,
    lang,
    video: video ? { title: video.title, url: video.url, durationMs: video.durationMs } : null,
    requiredWatchMs,
    videoWatched,
    answerFrom: answerFrom.getTime(),
    ansTime: q.ansTime,
    deadline: paper.deadline.getTime(),
    questions: questions.map((x) => ({
      qdid: x.qdid,
      kind: x.kind,
      question: x.question,
      options: x.options,
      score: x.score,
      picture: x.pictureKey ? mediaUrl(services.secrets, x.pictureKey) : '',
    })),
    fullScore: paper.fullScore,
    passScore: paper.passScore,
    attemptsLeft: q.maxAttempts > 0 ? Math.max(0, q.maxAttempts - used) : null,
  };
  return { pass: null, paper: out };
}

const notRequired = () => new AppError(Status.EXAM_NOT_REQUIRED, 'No induction is required');

/** The kiosk: for an invited visit (who and the type from the visit), or for a walk-in's type and identity. */
export async function drawAtKiosk(ctx: AuthedContext, input: In<'getRandomTopicList'>): Promise<ExamStart> {
  if ('sid' in input) return drawForDriver(ctx, input.sid, input.lang);
  let taker: Taker;
  if ('vid' in input) {
    const v = await visitById(ctx, input.vid);
    if (!v) throw noSuchVisit();
    taker = { name: v.name, who: whoOf(v), tid: v.tid, vid: v.id, source: 'kiosk', lang: input.lang };
  } else {
    taker = {
      name: input.vname,
      who: whoOf({ phone: input.vphone, idNumber: input.cardId, email: input.vemail }),
      tid: input.tid,
      vid: null,
      source: 'kiosk',
      lang: input.lang,
    };
  }
  const q = await requiredFor(ctx.tenant, taker.tid);
  if (!q) throw notRequired();
  return start(ctx.tenant, ctx.services, q, taker);
}

/** A truck's driver at the kiosk: who from the booking, the questionnaire its logistics type names. */
async function drawForDriver(ctx: AuthedContext, sid: number, lang: DrawLang): Promise<ExamStart> {
  const driver = await logistics.driverOf(ctx.tenant, sid);
  if (!driver) throw new AppError(Status.NO_SUCH_RECORD, 'There is no such booking');
  const q = await namedRequired(ctx.tenant, driver.qid);
  if (!q) throw notRequired();
  const who = whoOf({ phone: driver.phone, idNumber: driver.idNumber, email: '' });
  return start(ctx.tenant, ctx.services, q, { name: driver.name, who, tid: null, vid: null, source: 'kiosk', lang });
}

/** The invitation page, by the link's token: before arriving, so the kiosk's check-in is instant. */
export async function drawOnInvitation(ctx: CallContext, input: In<'getInviteExam'>): Promise<ExamStart> {
  const v = await visitByInviteToken(ctx.system, sha256(input.secid));
  if (v?.kind !== 'invite') throw noSuchVisit();
  if (!(VISIT_MOVES.checkIn.from as readonly string[]).includes(v.status) && v.status !== 'signedIn')
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This invitation can no longer be used');
  const scope = scopeForCompany(ctx.system, v.companyId);
  const q = await requiredFor(scope, v.tid);
  if (!q) throw notRequired();
  return start(scope, ctx.services, q, { name: v.name, who: whoOf(v), tid: v.tid, vid: v.id, source: 'invitation', lang: input.lang });
}

/** Answers must be to the paper's questions, once each, with options it has (a single choice: one). */
function checkAnswers(paper: PaperRow, answers: In<'examSubmit'>['answers']): Map<number, number[]> {
  const byId = new Map(paper.questions.map((q) => [q.qdid, q]));
  const errors: FieldError[] = [];
  const out = new Map<number, number[]>();
  answers.forEach((a, i) => {
    const q = byId.get(a.qdid);
    if (!q) errors.push({ field: `answers.${i}.qdid`, rule: 'notInPaper' });
    else if (out.has(a.qdid)) errors.push({ field: `answers.${i}.qdid`, rule: 'duplicate' });
    else if (a.chosen.some((c) => c >= q.options.length)) errors.push({ field: `answers.${i}.chosen`, rule: 'notAnOption' });
    else if (q.kind === 'single' && new Set(a.chosen).size > 1) errors.push({ field: `answers.${i}.chosen`, rule: 'singleAnswer' });
    else out.set(a.qdid, a.chosen);
  });
  if (errors.length) throw badParams(errors);
  return out;
}

function validUntil(passedAt: Date, days: number): Date {
  return days === 0 ? dayStart(dayOf(passedAt), 1) : new Date(passedAt.getTime() + days * DAY_MS);
}

export async function submit(ctx: CallContext, input: In<'examSubmit'>): Promise<Out<'examSubmit'>> {
  const found = await questionnairesSystemRepository(ctx.system).paperCompany(input.pid);
  if (!found || !safeEqual(found.tokenHash, sha256(input.token))) throw new AppError(Status.NO_SUCH_RECORD, 'There is no such paper');
  const scope = scopeForCompany(ctx.system, found.companyId);
  return inTransaction(scope, async (tx) => {
    const papers = papersRepository(tx);
    const paper = await papers.paper(input.pid);
    if (!paper) throw new AppError(Status.NO_SUCH_RECORD, 'There is no such paper');
    const now = new Date();
    if (paper.submittedAt) throw new AppError(Status.EXAM_SUBMITTED, 'This paper has already been submitted');
    if (now.getTime() > paper.deadline.getTime() + LATE_MS) throw new AppError(Status.EXAM_TIME_OVER, 'The time to answer is over');
    if (now.getTime() < paper.answerFrom.getTime() - EARLY_MS)
      throw new AppError(Status.EXAM_VIDEO_NOT_WATCHED, 'Please watch the training video first');
    const scored = scorePaper(paper.questions, checkAnswers(paper, input.answers));
    const passed = scored.total >= paper.passScore;
    const done = await papers.submitPaper(paper.id, {
      submittedAt: now,
      totalScore: scored.total,
      passed,
      validUntil: passed ? validUntil(now, paper.validityDays) : null,
    });
    if (!done) throw new AppError(Status.EXAM_SUBMITTED, 'This paper has already been submitted');
    await papers.insertAnswers(
      scored.answers.map((a) => ({
        paperId: paper.id,
        questionnaireId: paper.questionnaireId,
        questionId: a.qdid,
        position: a.position,
        chosen: a.chosen,
        correct: a.correct,
        score: a.score,
        submittedAt: now,
      })),
    );
    const q = paper.questionnaireId ? await questionnairesRepository(tx).questionnaire(paper.questionnaireId) : undefined;
    const used = q && q.maxAttempts > 0 ? await papers.papersSince(q.id, paper, dayStart(dayOf(now))) : 0;
    return {
      pid: paper.id,
      passed,
      totalScore: scored.total,
      fullScore: paper.fullScore,
      passScore: paper.passScore,
      pass: passed ? toPass(done) : null,
      attemptsLeft: q && q.maxAttempts > 0 ? Math.max(0, q.maxAttempts - used) : null,
      answers: scored.answers.map((a) => ({ qdid: a.qdid, correct: a.correct, score: a.score })),
    };
  });
}

/** A pass held by whoever `identity` names (a phone, ID number or email: each is tried against its own column). */
export async function heldPass(ctx: AuthedContext, input: In<'getInductionPass'>): Promise<Out<'getInductionPass'>> {
  if (!input.identity) return null;
  const who = whoOf({ phone: input.identity, idNumber: input.identity, email: input.identity.includes('@') ? input.identity : '' });
  const held = await papersRepository(ctx.tenant).heldPass(who, new Date(), input.qid);
  return held ? toPass(held) : null;
}

/** The induction as the visit flows see it (platform/induction.ts), handed to them by app.ts. */
export const induction: Induction = {
  forgetVisits: (scope, visitIds) => papersRepository(scope).forgetVisits(visitIds),
  async forgetPapers(scope, paperIds) {
    await papersRepository(scope).forgetPapers(paperIds);
  },
  async papersOfPerson(scope, keys) {
    const rows = await papersRepository(scope).ofPerson(keys);
    return rows.map((p) => ({
      id: p.id,
      at: p.submittedAt ?? p.createdAt,
      fields: {
        title: p.title,
        name: p.name,
        phone: p.phone,
        email: p.email,
        idNumber: p.idNumber,
        submittedAt: p.submittedAt?.toISOString() ?? '',
        totalScore: p.totalScore === null ? '' : String(p.totalScore),
        passed: p.passed === null ? '' : p.passed ? 'yes' : 'no',
        validUntil: p.validUntil?.toISOString() ?? '',
      },
      files: [],
      names: [p.name].filter((n) => n !== ''),
      keys: keysOf([p.phone], [p.email], [p.idNumber]),
    }));
  },
  async pending(scope, person) {
    const q = await requiredFor(scope, person.tid);
    if (!q || person.tid === null) return null;
    if (await papersRepository(scope).validPass(q.id, q.version, whoOf(person), new Date())) return null;
    return { qid: q.id, tid: person.tid, vid: person.vid };
  },
  async require(scope, person) {
    const pending = await induction.pending(scope, person);
    if (pending) throw new AppError(Status.EXAM_REQUIRED, 'Please take the safety induction first', pending);
  },
  async state(scope, person): Promise<InductionState | null> {
    const q = await requiredFor(scope, person.tid);
    if (!q) return null;
    const held = await papersRepository(scope).validPass(q.id, q.version, whoOf(person), new Date());
    return { qid: q.id, title: q.title, titleEn: q.titleEn, pass: held ? toPass(held) : null };
  },
  async passOf(scope, person: InductionPerson) {
    if (person.tid === null) return null;
    const q = await questionnairesRepository(scope).enabledForType(person.tid);
    const held = q ? await papersRepository(scope).latestPass(q.id, whoOf(person)) : undefined;
    return held ? toPass(held) : null;
  },
  async validityDays(scope, qid) {
    return (await questionnairesRepository(scope).questionnaire(qid))?.validityDays ?? null;
  },
  async known(scope, qid) {
    return (await questionnairesRepository(scope).questionnaire(qid)) !== undefined;
  },
  async pendingOf(scope, qid, who) {
    const q = await namedRequired(scope, qid);
    return q !== null && !(await papersRepository(scope).validPass(q.id, q.version, whoOf(who), new Date()));
  },
};
