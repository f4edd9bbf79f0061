import { type FieldError, type In, logDesc, type Questionnaire, Status, settingObject } from '@openvisit/contract';
import { patchSettings } from '../../core/company/company.public.js';
import { listTypes } from '../../core/sites/sites.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { bankOf } from './questionnaires.bank.js';
import { type QuestionnaireRow, type QuestionnairesRepository, questionnairesRepository } from './questionnaires.repository.js';
import { videoOf } from './questionnaires.videos.js';

/**
 * The question bank's questionnaires (spec section 2 `question/bank`): settings, visitor types, the company switch.
 * An enabled questionnaire can always draw its papers: the checks of `questionnaires.bank.ts` run on every change to
 * it or its questions, inside the transaction that makes the change.
 */

const repoOf = (ctx: AuthedContext) => questionnairesRepository(ctx.tenant);
const noSuchQuestionnaire = () => new AppError(Status.NO_SUCH_RECORD, 'There is no such questionnaire');

/** What changes a visitor's examination: a change to one of these raises the version. */
const MATERIAL = ['topicNum', 'passScore', 'ansTime', 'videoId', 'minWatchPercent'] as const;

export async function toQuestionnaires(repo: QuestionnairesRepository, rows: QuestionnaireRow[]): Promise<Questionnaire[]> {
  const ids = rows.map((r) => r.id);
  const [types, questions] = await Promise.all([repo.typesOf(ids), repo.enabledQuestions(ids)]);
  return rows.map((r) => {
    const bank = bankOf(
      questions.filter((q) => q.questionnaireId === r.id),
      r.topicNum,
    );
    return {
      qid: r.id,
      title: r.title,
      titleEn: r.titleEn,
      fdesc: r.description,
      topicNum: r.topicNum,
      passScore: r.passScore,
      ansTime: r.ansTime,
      validityDays: r.validityDays,
      maxAttempts: r.maxAttempts,
      videoId: r.videoId,
      minWatchPercent: r.minWatchPercent,
      rewatchOnRetry: r.rewatchOnRetry,
      tids: types.filter((t) => t.qid === r.id).map((t) => t.tid),
      enabled: r.enabled,
      version: r.version,
      questionCount: bank.count,
      minPaperScore: bank.minPaperScore,
      createTime: r.createdAt.getTime(),
      updateTime: r.updatedAt.getTime(),
    };
  });
}

export async function listQuestionnaires(ctx: AuthedContext, input: In<'getQuestionnaire'>) {
  const repo = repoOf(ctx);
  const [rows, n] = await repo.page({ offset: input.startIndex, limit: input.requestedCount, title: input.title || undefined, qid: input.qid });
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count: n,
    list: await toQuestionnaires(repo, rows),
  };
}

type QuestionnaireInput = In<'addQuestionnaire'>;

/** Visitor types and the video must be the company's (104; videoId/notFound). */
async function checkLinks(ctx: AuthedContext, input: QuestionnaireInput): Promise<void> {
  const tids = [...new Set(input.tids)];
  if (tids.length) {
    const known = new Set((await listTypes(ctx, {})).map((t) => t.tid));
    if (tids.some((t) => !known.has(t))) throw new AppError(Status.VISITOR_TYPE_NOT_EXIST);
  }
  if (input.videoId !== null && !(await videoOf(ctx.tenant, ctx.services.secrets, input.videoId)))
    throw badParams([{ field: 'videoId', rule: 'notFound' }]);
}

/**
 * An enabled questionnaire must draw `topicNum` questions in a language (topicNum/moreThanQuestions) and every paper
 * must reach the pass mark (passScore/aboveTotal). `fields` renames the failures for the change that caused them.
 */
export async function assertDrawable(
  scope: TenantScope,
  q: QuestionnaireRow,
  fields: { topicNum: string; passScore: string } = { topicNum: 'topicNum', passScore: 'passScore' },
) {
  if (!q.enabled) return;
  const bank = bankOf(await questionnairesRepository(scope).enabledQuestions([q.id]), q.topicNum);
  const errors: FieldError[] = [];
  if (bank.drawable.length === 0)
    errors.push({ field: fields.topicNum, rule: fields.topicNum === 'topicNum' ? 'moreThanQuestions' : 'tooFewQuestions' });
  else if (q.passScore > bank.minPaperScore) errors.push({ field: fields.passScore, rule: 'aboveTotal' });
  if (errors.length) throw badParams(errors);
}

function valuesOf(input: QuestionnaireInput) {
  return {
    title: input.title,
    // Left out (the original's clients): the insert's default, an update's kept value.
    titleEn: input.titleEn,
    description: input.fdesc,
    topicNum: input.topicNum,
    passScore: input.passScore,
    ansTime: input.ansTime,
    validityDays: input.validityDays,
    maxAttempts: input.maxAttempts,
    videoId: input.videoId,
    minWatchPercent: input.minWatchPercent,
    rewatchOnRetry: input.rewatchOnRetry,
    enabled: input.enabled,
  };
}

export async function addQuestionnaire(ctx: AuthedContext, input: QuestionnaireInput): Promise<Questionnaire> {
  await checkLinks(ctx, input);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = questionnairesRepository(tx);
    if (await repo.titleTaken(input.title)) throw new AppError(Status.ALREADY_EXISTS, 'A questionnaire with this title exists');
    const created = await repo.insertQuestionnaire(valuesOf(input));
    await repo.setTypes(created.id, [...new Set(input.tids)]);
    await assertDrawable(tx, created);
    return created;
  });
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.title;
  ctx.audit.desc = logDesc('questionnaireVersion', { version: row.version });
  return (await toQuestionnaires(repoOf(ctx), [row]))[0] as Questionnaire;
}

export async function updateQuestionnaire(ctx: AuthedContext, input: In<'updateQuestionnaire'>): Promise<Questionnaire> {
  await checkLinks(ctx, input);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = questionnairesRepository(tx);
    const before = await repo.lockQuestionnaire(input.qid);
    if (!before) throw noSuchQuestionnaire();
    if (await repo.titleTaken(input.title, input.qid)) throw new AppError(Status.ALREADY_EXISTS, 'A questionnaire with this title exists');
    const values = valuesOf(input);
    const material = MATERIAL.some((k) => values[k] !== before[k]);
    const after = await repo.updateQuestionnaire(input.qid, { ...values, ...(material && { version: before.version + 1 }) });
    if (!after) throw noSuchQuestionnaire();
    await repo.setTypes(after.id, [...new Set(input.tids)]);
    await assertDrawable(tx, after);
    return after;
  });
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.title;
  ctx.audit.desc = logDesc('questionnaireVersion', { version: row.version });
  return (await toQuestionnaires(repoOf(ctx), [row]))[0] as Questionnaire;
}

export async function removeQuestionnaires(ctx: AuthedContext, input: In<'delQuestionnaire'>): Promise<{ deleted: number }> {
  const ids = [...new Set(input.qids)];
  const { deleted, keys } = await inTransaction(ctx.tenant, async (tx) => {
    const repo = questionnairesRepository(tx);
    const found = await repo.questionnairesById(ids);
    if (found.length !== ids.length) throw noSuchQuestionnaire();
    const pictures = await repo.pictureKeys(ids);
    const gone = await repo.deleteQuestionnaires(ids);
    ctx.audit.objName = found.map((f) => f.title).join(', ');
    return { deleted: gone.length, keys: pictures };
  });
  // Files go once the rows are gone for good: a rolled-back delete keeps its pictures.
  await Promise.all(keys.map((k) => ctx.services.files.remove(k)));
  ctx.audit.desc = logDesc('questionnairesDeleted', { count: deleted });
  return { deleted };
}

export async function setQuestionnaireSwitch(ctx: AuthedContext, input: In<'updateQuestionnaireSwitch'>) {
  await patchSettings(ctx, { questionnaireSwitch: input.questionnaireSwitch });
  ctx.audit.objName = settingObject('questionnaireSwitch');
  ctx.audit.desc = logDesc(input.questionnaireSwitch ? 'switchedOn' : 'switchedOff');
  return { questionnaireSwitch: input.questionnaireSwitch };
}
