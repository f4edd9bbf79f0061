import { randomUUID } from 'node:crypto';
import { type In, logDesc, QUESTION_PICTURE_MAX_BYTES, type Question, Status } from '@openvisit/contract';
import { dataUrlBytes, ImageRejected, normalisePicture } from '../../platform/files/images.js';
import { mediaUrl } from '../../platform/files/media.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { type NewQuestion, type QuestionRow, questionnairesRepository } from './questionnaires.repository.js';
import { assertDrawable } from './questionnaires.service.js';

/**
 * Questions of a questionnaire (spec section 2 `question/bank/item`). Every change but a new order raises the
 * questionnaire's version; a change that would leave an enabled questionnaire unable to draw its papers is refused.
 */

const noSuchQuestion = () => new AppError(Status.NO_SUCH_RECORD, 'There is no such question');
const noSuchQuestionnaire = () => new AppError(Status.NO_SUCH_RECORD, 'There is no such questionnaire');

export function toQuestion(ctx: AuthedContext, r: QuestionRow): Question {
  return {
    qdid: r.id,
    qid: r.questionnaireId,
    kind: r.kind === 'multiple' ? 'multiple' : 'single',
    lang: r.lang === 'zh' || r.lang === 'en' ? r.lang : 'both',
    questionZh: r.questionZh,
    questionEn: r.questionEn,
    options: r.options,
    answer: r.answer,
    score: r.score,
    qorder: r.qorder,
    fstatus: r.enabled ? 1 : 0,
    picture: r.pictureKey ? mediaUrl(ctx.services.secrets, r.pictureKey) : '',
    createTime: r.createdAt.getTime(),
  };
}

export async function listQuestions(ctx: AuthedContext, input: In<'getQueDetailList'>) {
  const repo = questionnairesRepository(ctx.tenant);
  if (!(await repo.questionnaire(input.qid))) throw noSuchQuestionnaire();
  const [rows, n] = await repo.questionPage({
    qid: input.qid,
    offset: input.startIndex,
    limit: input.requestedCount,
    text: input.question || undefined,
    enabled: input.fstatus === undefined ? undefined : input.fstatus === 1,
  });
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count: n,
    list: rows.map((r) => toQuestion(ctx, r)),
  };
}

/** A picture as stored: jpg or png by content, at most 1 MB, re-encoded (metadata dropped) as JPEG. */
async function storePicture(ctx: AuthedContext, dataUrl: string): Promise<string> {
  const bytes = dataUrlBytes(dataUrl);
  if (!bytes) throw badParams([{ field: 'picture', rule: 'notImage' }]);
  if (bytes.length > QUESTION_PICTURE_MAX_BYTES) throw badParams([{ field: 'picture', rule: 'size' }]);
  const picture = await normalisePicture(bytes, {
    min: { width: 16, height: 16 },
    maxEdge: 1280,
    maxBytes: QUESTION_PICTURE_MAX_BYTES,
    format: 'jpeg',
  }).catch((err: unknown) => {
    if (err instanceof ImageRejected) throw badParams([{ field: 'picture', rule: err.problem === 'tooLarge' ? 'size' : err.problem }]);
    throw err;
  });
  const key = `questions/${ctx.tenant.companyId}/${randomUUID()}.jpg`;
  await ctx.services.files.put(key, picture.bytes);
  return key;
}

type QuestionFields = Omit<In<'addQuestionnaireDetail'>, 'qid' | 'picture' | 'userid'>;

function valuesOf(input: QuestionFields): Omit<NewQuestion, 'questionnaireId'> {
  const answer = [...new Set(input.answer)].sort((a, b) => a - b);
  return {
    kind: input.kind,
    lang: input.lang,
    // A text for a language the question is not written in is not kept: it would never be shown.
    questionZh: input.lang === 'en' ? '' : input.questionZh,
    questionEn: input.lang === 'zh' ? '' : input.questionEn,
    options: input.options.map((o) => ({ zh: input.lang === 'en' ? '' : o.zh, en: input.lang === 'zh' ? '' : o.en })),
    answer,
    score: input.score,
    qorder: input.qorder,
    enabled: input.fstatus === 1,
  };
}

/** Runs a bank change with its questionnaire locked, raises the version, then checks it can still draw. */
async function bankChange<T>(
  ctx: AuthedContext,
  qid: number,
  fields: { topicNum: string; passScore: string },
  change: (tx: TenantScope) => Promise<T>,
  raise = true,
): Promise<T> {
  return inTransaction(ctx.tenant, async (tx) => {
    const repo = questionnairesRepository(tx);
    const q = await repo.lockQuestionnaire(qid);
    if (!q) throw noSuchQuestionnaire();
    const out = await change(tx);
    if (raise) await repo.raiseVersion(qid);
    await assertDrawable(tx, q, fields);
    ctx.audit.desc = logDesc('questionnaireVersion', { version: raise ? q.version + 1 : q.version });
    return out;
  });
}

/** Keeps the stored picture from leaking when the transaction that would have kept it fails. */
async function withPicture<T>(ctx: AuthedContext, dataUrl: string | undefined, work: (key: string | null | undefined) => Promise<T>): Promise<T> {
  const key = dataUrl ? await storePicture(ctx, dataUrl) : dataUrl === '' ? null : undefined;
  try {
    return await work(key);
  } catch (err) {
    if (key) await ctx.services.files.remove(key);
    throw err;
  }
}

export async function addQuestion(ctx: AuthedContext, input: In<'addQuestionnaireDetail'>): Promise<Question> {
  const row = await withPicture(ctx, input.picture, (pictureKey) =>
    bankChange(ctx, input.qid, { topicNum: 'fstatus', passScore: 'score' }, async (tx) => {
      const [created] = await questionnairesRepository(tx).insertQuestions([
        { ...valuesOf(input), questionnaireId: input.qid, pictureKey: pictureKey ?? null },
      ]);
      return created as QuestionRow;
    }),
  );
  ctx.audit.objId = row.id;
  ctx.audit.objName = (row.questionZh || row.questionEn).slice(0, 100);
  return toQuestion(ctx, row);
}

export async function updateQuestion(ctx: AuthedContext, input: In<'updateQuestionnaireDetail'>): Promise<Question> {
  const before = await questionnairesRepository(ctx.tenant).question(input.qdid);
  if (!before) throw noSuchQuestion();
  const values = valuesOf(input);
  const onlyOrder =
    input.picture === undefined && JSON.stringify({ ...values, qorder: 0 }) === JSON.stringify({ ...valuesOf(fieldsOf(before)), qorder: 0 });
  const row = await withPicture(ctx, input.picture, (pictureKey) =>
    bankChange(
      ctx,
      before.questionnaireId,
      { topicNum: 'fstatus', passScore: 'score' },
      async (tx) => {
        const updated = await questionnairesRepository(tx).updateQuestion(input.qdid, { ...values, ...(pictureKey !== undefined && { pictureKey }) });
        if (!updated) throw noSuchQuestion();
        return updated;
      },
      !onlyOrder,
    ),
  );
  if (input.picture !== undefined && before.pictureKey && before.pictureKey !== row.pictureKey) await ctx.services.files.remove(before.pictureKey);
  ctx.audit.objId = row.id;
  ctx.audit.objName = (row.questionZh || row.questionEn).slice(0, 100);
  return toQuestion(ctx, row);
}

/** A stored question as the input fields, to tell whether an update changes more than the order. */
function fieldsOf(r: QuestionRow): QuestionFields {
  return {
    kind: r.kind === 'multiple' ? 'multiple' : 'single',
    lang: r.lang === 'zh' || r.lang === 'en' ? r.lang : 'both',
    questionZh: r.questionZh,
    questionEn: r.questionEn,
    options: r.options,
    answer: r.answer,
    score: r.score,
    qorder: r.qorder,
    fstatus: r.enabled ? 1 : 0,
  };
}

export async function removeQuestions(ctx: AuthedContext, input: In<'delQuestionnaireDetail'>): Promise<{ deleted: number }> {
  const ids = [...new Set(input.qdids)];
  const found = await questionnairesRepository(ctx.tenant).questionsById(ids);
  const qids = [...new Set(found.map((q) => q.questionnaireId))];
  if (found.length !== ids.length) throw noSuchQuestion();
  if (qids.length !== 1) throw badParams([{ field: 'qdids', rule: 'oneQuestionnaire' }]);
  const gone = await bankChange(ctx, qids[0] as number, { topicNum: 'qdids', passScore: 'qdids' }, (tx) =>
    questionnairesRepository(tx).deleteQuestions(ids),
  );
  await Promise.all(gone.flatMap((g) => (g.pictureKey ? [ctx.services.files.remove(g.pictureKey)] : [])));
  ctx.audit.objId = qids[0];
  ctx.audit.desc = logDesc('questionsDeleted', {
    count: gone.length,
    version: (await questionnairesRepository(ctx.tenant).questionnaire(qids[0] as number))?.version ?? 0,
  });
  return { deleted: gone.length };
}

export { bankChange, valuesOf as questionValues };
