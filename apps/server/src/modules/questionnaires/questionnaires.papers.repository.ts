import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { examAnswers, examPapers, questionnaires, questions } from '../../db/schema/index.js';
import { exactPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { type PersonKeys, phoneForms } from '../../platform/personData.js';

export type PaperRow = typeof examPapers.$inferSelect;
export type NewPaper = Omit<typeof examPapers.$inferInsert, 'companyId' | 'id'>;
export type NewAnswer = Omit<typeof examAnswers.$inferInsert, 'companyId'>;

/** What a pass is matched on: any of the person's phone, ID number or email. */
export interface Who {
  phone: string;
  idNumber: string;
  email: string;
}

const first = <T>(rows: T[]): T | undefined => rows[0];

function samePerson(who: Who) {
  const ways = [
    who.phone ? eq(examPapers.phone, who.phone) : undefined,
    who.idNumber ? eq(examPapers.idNumber, who.idNumber) : undefined,
    who.email ? sql`lower(${examPapers.email}) = lower(${who.email})` : undefined,
  ].filter((w) => w !== undefined);
  return ways.length ? sql`(${sql.join(ways, sql` or `)})` : sql`false`;
}

export interface PaperFilters {
  from?: Date;
  until?: Date;
  qid?: number;
  name?: string;
  phone?: string;
  state?: 'open' | 'passed' | 'failed' | 'expired';
}

function filteredBy(companyId: number, f: PaperFilters, now: Date) {
  return and(
    eq(examPapers.companyId, companyId),
    f.from ? gte(examPapers.createdAt, f.from) : undefined,
    f.until ? lt(examPapers.createdAt, f.until) : undefined,
    f.qid ? eq(examPapers.questionnaireId, f.qid) : undefined,
    f.name ? sql`strpos(lower(${examPapers.name}), lower(${f.name})) > 0` : undefined,
    f.phone ? sql`strpos(${examPapers.phone}, ${f.phone}) > 0` : undefined,
    f.state === 'passed' ? eq(examPapers.passed, true) : undefined,
    f.state === 'failed' ? eq(examPapers.passed, false) : undefined,
    f.state === 'open' ? and(isNull(examPapers.submittedAt), gt(examPapers.deadline, now)) : undefined,
    f.state === 'expired' ? and(isNull(examPapers.submittedAt), sql`${examPapers.deadline} <= ${now}`) : undefined,
  );
}

/** The report's reads: papers by filters, their answers, the pass rate per question. */
function reportQueries(db: Db, companyId: number) {
  const filtered = (f: PaperFilters, now: Date) => filteredBy(companyId, f, now);
  const mine = eq(examPapers.companyId, companyId);
  return {
    papers: (f: PaperFilters & { offset: number; limit: number }, now: Date) =>
      Promise.all([
        db.select().from(examPapers).where(filtered(f, now)).orderBy(desc(examPapers.id)).limit(f.limit).offset(f.offset),
        db
          .select({ n: count() })
          .from(examPapers)
          .where(filtered(f, now))
          .then((r) => r[0]?.n ?? 0),
      ]),
    /** Papers of the filters in batches by id (the export), newest first. */
    papersBefore: (f: PaperFilters, beforeId: number | null, limit: number, now: Date) =>
      db
        .select()
        .from(examPapers)
        .where(and(filtered(f, now), beforeId === null ? undefined : lt(examPapers.id, beforeId)))
        .orderBy(desc(examPapers.id))
        .limit(limit),
    answersOf: (paperIds: number[]) =>
      paperIds.length
        ? db
            .select()
            .from(examAnswers)
            .where(and(eq(examAnswers.companyId, companyId), inArray(examAnswers.paperId, paperIds)))
            .orderBy(asc(examAnswers.paperId), asc(examAnswers.position))
        : Promise.resolve([]),
    /** Per question of a questionnaire: answers submitted in the period and how many were right. */
    questionStats: (qid: number, from?: Date, until?: Date) =>
      db
        .select({
          qdid: examAnswers.questionId,
          questionZh: questions.questionZh,
          questionEn: questions.questionEn,
          qorder: questions.qorder,
          answered: count(),
          correct: sql<number>`count(*) filter (where ${examAnswers.correct})`.mapWith(Number),
        })
        .from(examAnswers)
        .innerJoin(questions, eq(questions.id, examAnswers.questionId))
        .where(
          and(
            eq(examAnswers.companyId, companyId),
            eq(examAnswers.questionnaireId, qid),
            from ? gte(examAnswers.submittedAt, from) : undefined,
            until ? lt(examAnswers.submittedAt, until) : undefined,
          ),
        )
        .groupBy(examAnswers.questionId, questions.questionZh, questions.questionEn, questions.qorder, questions.id)
        .orderBy(asc(questions.qorder), asc(questions.id)),
    paperCounts: (qid: number, from?: Date, until?: Date) =>
      db
        .select({ papers: count(), passed: sql<number>`count(*) filter (where ${examPapers.passed})`.mapWith(Number) })
        .from(examPapers)
        .where(
          and(
            mine,
            eq(examPapers.questionnaireId, qid),
            sql`${examPapers.submittedAt} is not null`,
            from ? gte(examPapers.submittedAt, from) : undefined,
            until ? lt(examPapers.submittedAt, until) : undefined,
          ),
        )
        .then((r) => r[0] ?? { papers: 0, passed: 0 }),
  };
}

/** The passes a person holds (matched on phone, ID number or email). */
function passQueries(db: Db, companyId: number) {
  const mine = eq(examPapers.companyId, companyId);
  return {
    /** The person's latest pass of a questionnaire's version that still counts at `now`. */
    validPass: (qid: number, version: number, who: Who, now: Date) =>
      db
        .select()
        .from(examPapers)
        .where(
          and(
            mine,
            eq(examPapers.questionnaireId, qid),
            eq(examPapers.version, version),
            eq(examPapers.passed, true),
            gt(examPapers.validUntil, now),
            samePerson(who),
          ),
        )
        .orderBy(desc(examPapers.validUntil))
        .limit(1)
        .then(first),
    /** The person's pass still counting at `now` of an enabled questionnaire at its current version (`qid`'s only, given). */
    heldPass: (who: Who, now: Date, qid?: number) =>
      db
        .select({ paper: examPapers })
        .from(examPapers)
        .innerJoin(
          questionnaires,
          and(
            eq(questionnaires.id, examPapers.questionnaireId),
            eq(questionnaires.companyId, companyId),
            eq(questionnaires.version, examPapers.version),
            eq(questionnaires.enabled, true),
          ),
        )
        .where(
          and(
            mine,
            qid === undefined ? undefined : eq(examPapers.questionnaireId, qid),
            eq(examPapers.passed, true),
            gt(examPapers.validUntil, now),
            samePerson(who),
          ),
        )
        .orderBy(desc(examPapers.validUntil))
        .limit(1)
        .then((r) => r[0]?.paper),
    /** The person's latest pass of a questionnaire, whatever its version or validity (the visit's PDF). */
    latestPass: (qid: number, who: Who) =>
      db
        .select()
        .from(examPapers)
        .where(and(mine, eq(examPapers.questionnaireId, qid), eq(examPapers.passed, true), samePerson(who)))
        .orderBy(desc(examPapers.submittedAt))
        .limit(1)
        .then(first),
  };
}

/** Answer papers: drawn, submitted, and the passes they are. */
export const papersRepository = scoped(function papersRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  const mine = eq(examPapers.companyId, companyId);
  return {
    ...reportQueries(db, companyId),
    ...passQueries(db, companyId),
    insertPaper: (v: NewPaper) =>
      db
        .insert(examPapers)
        .values({ ...v, companyId })
        .returning()
        .then((r) => r[0] as PaperRow),
    paper: (id: number) =>
      db
        .select()
        .from(examPapers)
        .where(and(mine, eq(examPapers.id, id)))
        .then(first),
    /** Submits once: null when the paper was already submitted (a second submit, or two at once). */
    submitPaper: (id: number, v: { submittedAt: Date; totalScore: number; passed: boolean; validUntil: Date | null }) =>
      db
        .update(examPapers)
        .set(v)
        .where(and(mine, eq(examPapers.id, id), isNull(examPapers.submittedAt)))
        .returning()
        .then(first),
    insertAnswers: (rows: NewAnswer[]) => (rows.length ? db.insert(examAnswers).values(rows.map((r) => ({ ...r, companyId }))) : Promise.resolve()),
    /** Papers of a questionnaire the person started since `since` (the attempts of the day). */
    papersSince: (qid: number, who: Who, since: Date) =>
      db
        .select({ n: count() })
        .from(examPapers)
        .where(and(mine, eq(examPapers.questionnaireId, qid), gte(examPapers.createdAt, since), samePerson(who)))
        .then((r) => r[0]?.n ?? 0),
    /** Whether the person submitted a paper of this questionnaire's version (and so watched its video) before. */
    submittedBefore: (qid: number, version: number, who: Who) =>
      db
        .select({ id: examPapers.id })
        .from(examPapers)
        .where(and(mine, eq(examPapers.questionnaireId, qid), eq(examPapers.version, version), isNotNull(examPapers.submittedAt), samePerson(who)))
        .limit(1)
        .then((r) => r.length > 0),
    /** A visit's papers without the person: no pass is found for them any more, the answers still count. */
    async forgetVisits(visitIds: readonly number[]): Promise<number> {
      if (!visitIds.length) return 0;
      const rows = await db
        .update(examPapers)
        .set({ name: '', phone: '', email: '', idNumber: '' })
        .where(and(eq(examPapers.companyId, scope.companyId), inArray(examPapers.visitId, [...visitIds])))
        .returning({ id: examPapers.id });
      return rows.length;
    },
    /** A person's papers (a privacy request), whatever visit they belong to. */
    ofPerson(keys: PersonKeys) {
      const by: SQL[] = [];
      if (keys.phones.length) by.push(inArray(examPapers.phone, phoneForms(keys.phones)));
      if (keys.emails.length) by.push(inArray(sql`lower(${examPapers.email})`, keys.emails));
      if (keys.idNumbers.length) by.push(inArray(sql`upper(${examPapers.idNumber})`, keys.idNumbers));
      if (keys.names?.length) by.push(or(...keys.names.map((n) => ilike(examPapers.name, exactPattern(n)))) as SQL);
      if (!by.length) return Promise.resolve([]);
      return db
        .select()
        .from(examPapers)
        .where(and(mine, or(...by)));
    },
    forgetPapers: (ids: readonly number[]) =>
      db
        .update(examPapers)
        .set({ name: '', phone: '', email: '', idNumber: '' })
        .where(and(mine, inArray(examPapers.id, ids.length ? [...ids] : [0]))),
  };
});
export type PapersRepository = ReturnType<typeof papersRepository>;
