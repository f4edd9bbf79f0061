import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { questionnaires, trainingVideos } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export type VideoRow = typeof trainingVideos.$inferSelect;
export type NewVideo = Omit<typeof trainingVideos.$inferInsert, 'companyId' | 'id' | 'createdAt' | 'updatedAt'>;

/** One company's training videos, and which of its questionnaires show them. */
export const videosRepository = scoped(function videosRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  const mine = eq(trainingVideos.companyId, companyId);
  const titled = (title?: string) => (title ? sql`strpos(lower(${trainingVideos.title}), lower(${title})) > 0` : undefined);
  return {
    /** Newest first. */
    page: (title: string | undefined, offset: number, limit: number) =>
      db
        .select()
        .from(trainingVideos)
        .where(and(mine, titled(title)))
        .orderBy(desc(trainingVideos.id))
        .offset(offset)
        .limit(limit),
    count: (title?: string) =>
      db
        .select({ n: count() })
        .from(trainingVideos)
        .where(and(mine, titled(title)))
        .then((r) => r[0]?.n ?? 0),
    video: (id: number) =>
      db
        .select()
        .from(trainingVideos)
        .where(and(mine, eq(trainingVideos.id, id)))
        .limit(1)
        .then((r) => r[0]),
    /**
     * The row locked against a questionnaire starting to show it meanwhile (a questionnaire's reference takes a key
     * share lock on it, which waits for this one): a delete checks its use and deletes under it.
     */
    lockVideo: (id: number) =>
      db
        .select()
        .from(trainingVideos)
        .where(and(mine, eq(trainingVideos.id, id)))
        .for('update')
        .then((r) => r[0]),
    /** The questionnaires showing these videos. */
    usedBy: (videoIds: number[]) =>
      videoIds.length
        ? db
            .select({ videoId: questionnaires.videoId, qid: questionnaires.id, title: questionnaires.title })
            .from(questionnaires)
            .where(and(eq(questionnaires.companyId, companyId), inArray(questionnaires.videoId, videoIds)))
            .orderBy(asc(questionnaires.id))
        : Promise.resolve([]),
    insert: (v: NewVideo) =>
      db
        .insert(trainingVideos)
        .values({ companyId, ...v })
        .returning()
        .then((r) => r[0] as VideoRow),
    remove: (id: number) =>
      db
        .delete(trainingVideos)
        .where(and(mine, eq(trainingVideos.id, id)))
        .returning({ id: trainingVideos.id })
        .then((r) => r.length),
  };
});
