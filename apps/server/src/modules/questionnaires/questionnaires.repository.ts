import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { questionnaires, questionnaireVisitorTypes, questions } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type NewQuestionnaire = Omit<typeof questionnaires.$inferInsert, 'companyId' | 'id' | 'version'>;
export type NewQuestion = Omit<typeof questions.$inferInsert, 'companyId' | 'id'>;

const first = <T>(rows: T[]): T | undefined => rows[0];
const contains = (col: typeof questionnaires.title | typeof questions.questionZh, text: string) => sql`strpos(lower(${col}), lower(${text})) > 0`;

/** Questionnaires. */
function questionnaireQueries(db: Db, companyId: number) {
  const mine = eq(questionnaires.companyId, companyId);
  return {
    page: (f: { offset: number; limit: number; title?: string; qid?: number }) => {
      const where = and(mine, f.title ? contains(questionnaires.title, f.title) : undefined, f.qid ? eq(questionnaires.id, f.qid) : undefined);
      return Promise.all([
        db.select().from(questionnaires).where(where).orderBy(desc(questionnaires.id)).limit(f.limit).offset(f.offset),
        db
          .select({ n: count() })
          .from(questionnaires)
          .where(where)
          .then((r) => r[0]?.n ?? 0),
      ]);
    },
    questionnaire: (id: number) =>
      db
        .select()
        .from(questionnaires)
        .where(and(mine, eq(questionnaires.id, id)))
        .then(first),
    /** Locks the row: bank changes and their checks on one questionnaire run one at a time. */
    lockQuestionnaire: (id: number) =>
      db
        .select()
        .from(questionnaires)
        .where(and(mine, eq(questionnaires.id, id)))
        .for('update')
        .then(first),
    questionnairesById: (ids: number[]) =>
      db
        .select({ id: questionnaires.id, title: questionnaires.title })
        .from(questionnaires)
        .where(and(mine, inArray(questionnaires.id, ids))),
    titleTaken: (title: string, exceptId?: number) =>
      db
        .select({ id: questionnaires.id })
        .from(questionnaires)
        .where(and(mine, sql`lower(${questionnaires.title}) = lower(${title})`, exceptId ? ne(questionnaires.id, exceptId) : undefined))
        .limit(1)
        .then((r) => r.length > 0),
    insertQuestionnaire: (v: NewQuestionnaire) =>
      db
        .insert(questionnaires)
        .values({ ...v, companyId })
        .returning()
        .then((r) => r[0] as QuestionnaireRow),
    updateQuestionnaire: (id: number, v: Partial<NewQuestionnaire> & { version?: number }) =>
      db
        .update(questionnaires)
        .set(v)
        .where(and(mine, eq(questionnaires.id, id)))
        .returning()
        .then(first),
    /** A change to what visitors are examined on: earlier passes stop counting. */
    raiseVersion: (id: number) =>
      db
        .update(questionnaires)
        .set({ version: sql`${questionnaires.version} + 1` })
        .where(and(mine, eq(questionnaires.id, id))),
    deleteQuestionnaires: (ids: number[]) =>
      db
        .delete(questionnaires)
        .where(and(mine, inArray(questionnaires.id, ids)))
        .returning({ id: questionnaires.id }),
  };
}

/** The visitor types questionnaires apply to. */
function typeQueries(db: Db, companyId: number) {
  return {
    typesOf: (ids: number[]) =>
      ids.length
        ? db
            .select({ qid: questionnaireVisitorTypes.questionnaireId, tid: questionnaireVisitorTypes.visitorTypeId })
            .from(questionnaireVisitorTypes)
            .where(and(eq(questionnaireVisitorTypes.companyId, companyId), inArray(questionnaireVisitorTypes.questionnaireId, ids)))
            .orderBy(asc(questionnaireVisitorTypes.visitorTypeId))
        : Promise.resolve([]),
    /** The questionnaire's visitor types become `tids`; a type another questionnaire had moves to this one. */
    setTypes: async (id: number, tids: number[]) => {
      const myLinks = eq(questionnaireVisitorTypes.companyId, companyId);
      await db.delete(questionnaireVisitorTypes).where(and(myLinks, eq(questionnaireVisitorTypes.questionnaireId, id)));
      if (!tids.length) return;
      await db.delete(questionnaireVisitorTypes).where(and(myLinks, inArray(questionnaireVisitorTypes.visitorTypeId, tids)));
      await db.insert(questionnaireVisitorTypes).values(tids.map((visitorTypeId) => ({ companyId, questionnaireId: id, visitorTypeId })));
    },
    /** The questionnaire a visitor type requires, when it is enabled. */
    enabledForType: (tid: number) =>
      db
        .select({ q: questionnaires })
        .from(questionnaireVisitorTypes)
        .innerJoin(questionnaires, eq(questionnaires.id, questionnaireVisitorTypes.questionnaireId))
        .where(
          and(eq(questionnaireVisitorTypes.companyId, companyId), eq(questionnaireVisitorTypes.visitorTypeId, tid), eq(questionnaires.enabled, true)),
        )
        .then((r) => r[0]?.q),
  };
}

/** Questions of the bank. */
function questionQueries(db: Db, companyId: number) {
  const mine = eq(questions.companyId, companyId);
  return {
    questionPage: (f: { qid: number; offset: number; limit: number; text?: string; enabled?: boolean }) => {
      const where = and(
        mine,
        eq(questions.questionnaireId, f.qid),
        f.text ? sql`(${contains(questions.questionZh, f.text)} or strpos(lower(${questions.questionEn}), lower(${f.text})) > 0)` : undefined,
        f.enabled === undefined ? undefined : eq(questions.enabled, f.enabled),
      );
      return Promise.all([
        db.select().from(questions).where(where).orderBy(asc(questions.qorder), asc(questions.id)).limit(f.limit).offset(f.offset),
        db
          .select({ n: count() })
          .from(questions)
          .where(where)
          .then((r) => r[0]?.n ?? 0),
      ]);
    },
    question: (id: number) =>
      db
        .select()
        .from(questions)
        .where(and(mine, eq(questions.id, id)))
        .then(first),
    questionsById: (ids: number[]) =>
      db
        .select()
        .from(questions)
        .where(and(mine, inArray(questions.id, ids))),
    /** The enabled questions of questionnaires: what papers are drawn from and what the checks count. */
    enabledQuestions: (qids: number[]) =>
      qids.length
        ? db
            .select()
            .from(questions)
            .where(and(mine, inArray(questions.questionnaireId, qids), eq(questions.enabled, true)))
            .orderBy(asc(questions.qorder), asc(questions.id))
        : Promise.resolve([]),
    questionCount: (qid: number) =>
      db
        .select({ n: count() })
        .from(questions)
        .where(and(mine, eq(questions.questionnaireId, qid)))
        .then((r) => r[0]?.n ?? 0),
    insertQuestions: (rows: NewQuestion[]) =>
      rows.length
        ? db
            .insert(questions)
            .values(rows.map((r) => ({ ...r, companyId })))
            .returning()
        : Promise.resolve([]),
    updateQuestion: (id: number, v: Partial<NewQuestion>) =>
      db
        .update(questions)
        .set(v)
        .where(and(mine, eq(questions.id, id)))
        .returning()
        .then(first),
    deleteQuestions: (ids: number[]) =>
      db
        .delete(questions)
        .where(and(mine, inArray(questions.id, ids)))
        .returning({ id: questions.id, pictureKey: questions.pictureKey }),
    /** Picture keys of questionnaires' questions (removed with them). */
    pictureKeys: (qids: number[]) =>
      db
        .select({ key: questions.pictureKey })
        .from(questions)
        .where(and(mine, inArray(questions.questionnaireId, qids), sql`${questions.pictureKey} is not null`))
        .then((r) => r.map((x) => x.key as string)),
    unusedPicture: (key: string) =>
      db
        .select({ id: questions.id })
        .from(questions)
        .where(and(mine, eq(questions.pictureKey, key)))
        .limit(1)
        .then((r) => r.length === 0),
  };
}

/** One company's question bank. */
export const questionnairesRepository = scoped(function questionnairesRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  return { ...questionnaireQueries(db, companyId), ...typeQueries(db, companyId), ...questionQueries(db, companyId) };
});
export type QuestionnairesRepository = ReturnType<typeof questionnairesRepository>;
