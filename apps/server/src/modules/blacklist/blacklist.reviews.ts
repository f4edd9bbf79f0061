import {
  type In,
  LogModule,
  logDesc,
  type ScreeningChannel,
  type ScreeningMatch,
  type ScreeningReview,
  type ScreeningSubject,
  Status,
} from '@openvisit/contract';
import { visibleVisit } from '../../core/visits/visits.public.js';
import { clientEnd, writeLog } from '../../platform/http/audit.js';
import { type AuthedContext, inTx } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { emitEvents } from '../../platform/jobs/eventOutbox.js';
import { watchlistEvent } from './blacklist.events.js';
import { screeningRepository } from './blacklist.repository.js';
import { type ReviewRow, reviewsRepository, reviewsUpkeepRepository } from './blacklist.reviews.repository.js';

/**
 * The screening review queue (issue 42): a person held by a possible or review-level match waits for security or an
 * administrator. The held subject's module hands in at start-up (app.ts) what allowing and refusing do to it, as the
 * approval engine's subjects do: the blacklist module never imports the modules that screen.
 */

export interface ScreeningSubjectHandler {
  /** Allowed: the subject goes on (inside the decision's transaction). */
  allowed(ctx: AuthedContext, review: ReviewRow): Promise<void>;
  /** Refused: the subject is refused, with the reviewer's reason. */
  refused(ctx: AuthedContext, review: ReviewRow): Promise<void>;
}

const handlers = new Map<ScreeningSubject, ScreeningSubjectHandler>();

export function registerScreeningSubject(subject: ScreeningSubject, handler: ScreeningSubjectHandler): void {
  handlers.set(subject, handler);
}

function toReview(r: ReviewRow): ScreeningReview {
  return {
    id: r.id,
    subject: r.subject as ScreeningSubject,
    subjectId: r.subjectId,
    vid: r.visitId ?? 0,
    name: r.name,
    phone: r.phone,
    channel: r.channel as ScreeningChannel,
    matches: r.matches as ScreeningMatch[],
    status: r.status as ScreeningReview['status'],
    createTime: r.createdAt.getTime(),
    decidedBy: r.decidedBy,
    decideTime: r.decidedAt?.getTime() ?? null,
    remark: r.remark,
  };
}

/** An operation-log alert naming the person screening stopped or held: reception reads them (getBlacklistAlerts). */
export async function screeningAlert(ctx: AuthedContext, name: string, desc: 'blacklistHit' | 'screeningHeld'): Promise<void> {
  await writeLog(
    ctx.tenant,
    ctx.services.secrets,
    ctx.session,
    { module: LogModule.BLACKLIST, event: 'alert', objName: name, desc: logDesc(desc), client: clientEnd(ctx.userAgent) },
    ctx.ip,
  );
}

export interface Hold {
  subject: ScreeningSubject;
  subjectId: number;
  visitId?: number;
  name: string;
  phone: string;
  channel: ScreeningChannel;
  matches: ScreeningMatch[];
  /** What the subject's module needs to go on once allowed. */
  resume?: Record<string, unknown>;
}

/** Holds a subject for review (the one waiting already, if any), alerting reception through the operation log. */
export async function holdForReview(ctx: AuthedContext, h: Hold): Promise<ScreeningReview> {
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const review = await reviewsRepository(tx).hold({
      subject: h.subject,
      subjectId: h.subjectId,
      visitId: h.visitId ?? null,
      name: h.name,
      phone: h.phone,
      channel: h.channel,
      matches: h.matches,
      resume: h.resume ?? {},
    });
    // Once per hold: the person trying again while it waits is the same match.
    if (review.held) await emitEvents(tx, tx.companyId, [watchlistEvent('held', h, h.matches, h)]);
    return review.row;
  });
  await screeningAlert(ctx, h.name, 'screeningHeld');
  return toReview(row);
}

/** Whether a reviewer allowed this subject: its screening holds it no more. */
export function reviewAllowed(ctx: AuthedContext, subject: ScreeningSubject, subjectId: number): Promise<boolean> {
  return reviewsRepository(ctx.tenant).inState(subject, subjectId, 'allowed');
}

/** Whether the subject waits for a reviewer: only the review lets it go on (an approval of the visit may not). */
export function reviewWaiting(ctx: AuthedContext, subject: ScreeningSubject, subjectId: number): Promise<boolean> {
  return reviewsRepository(ctx.tenant).inState(subject, subjectId, 'waiting');
}

/** The waiting reviews of subjects that went away (called off, deleted): nobody needs to decide them any more. */
export async function withdrawReviews(ctx: AuthedContext, subject: ScreeningSubject, ids: number[]): Promise<void> {
  if (ids.length) await reviewsUpkeepRepository(ctx.tenant).withdraw(subject, ids);
}

/** How long after its time a held visit's review waits before it is withdrawn: nobody comes for it any more. */
const PASSED_AFTER_MS = 86_400_000;

/** Withdraws the reviews of held visits whose time passed a day ago (the nightly sweep); answers how many. */
export function withdrawPassedReviews(scope: TenantScope, now: Date): Promise<number> {
  return reviewsUpkeepRepository(scope).withdrawPassed(new Date(now.getTime() - PASSED_AFTER_MS));
}

/**
 * What the reviews of these subjects say of the person, forgotten with the subject's own (the retention sweep blanks
 * a visit's contact or its whole record; an erasure removes residents and drivers): the phone, or name and phone. The
 * matches stay: they name listed entries, not the person.
 */
export async function forgetReviews(scope: TenantScope, subject: ScreeningSubject, ids: readonly number[], what: 'contact' | 'all'): Promise<void> {
  await reviewsUpkeepRepository(scope).forget(subject, ids, what);
}

/** The reviews with each match's photo as the entry has it now (a review keeps the matches as they were found). */
async function withPhotos(ctx: AuthedContext, reviews: ScreeningReview[]): Promise<ScreeningReview[]> {
  const photos = await screeningRepository(ctx.tenant).photos([...new Set(reviews.flatMap((r) => r.matches.map((m) => m.bid)))]);
  return reviews.map((r) => ({ ...r, matches: r.matches.map((m) => ({ ...m, photo: photos.get(m.bid) ?? '' })) }));
}

export async function reviewPage(ctx: AuthedContext, input: In<'getScreeningReviews'>) {
  const { rows, count } = await reviewsRepository(ctx.tenant).page(input.state, input.name, input.startIndex, input.requestedCount);
  const list = await withPhotos(ctx, rows.map(toReview));
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count, list };
}

/** A reviewer's decision: the subject's module acts on it in the same transaction; logged, naming the person. */
export async function decideReview(ctx: AuthedContext, input: In<'decideScreeningReview'>): Promise<ScreeningReview> {
  const before = await reviewsRepository(ctx.tenant).byId(input.id);
  if (!before) throw notFound('screening review');
  const handler = handlers.get(before.subject as ScreeningSubject);
  const status = input.result === 'allow' ? 'allowed' : 'refused';
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const decided = await reviewsRepository(tx).decide(before.id, { status, decidedBy: ctx.session.name, remark: input.remark });
    if (!decided) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This review was already decided');
    const txCtx = inTx(ctx, tx);
    if (status === 'allowed') await handler?.allowed(txCtx, decided);
    else await handler?.refused(txCtx, decided);
    return decided;
  });
  ctx.audit.objId = row.visitId ?? row.subjectId;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc(status === 'allowed' ? 'screeningAllowed' : 'screeningRefused', { remark: input.remark });
  return (await withPhotos(ctx, [toReview(row)]))[0] as ScreeningReview;
}

/** Why screening held a visit the caller can see: its waiting review, else its latest decided one (null: never held). */
export async function visitScreening(ctx: AuthedContext, input: { vid: number }): Promise<{ review: ScreeningReview | null }> {
  const v = await visibleVisit(ctx, input.vid);
  const row = await reviewsRepository(ctx.tenant).latestOfVisit(v.id);
  return { review: row ? ((await withPhotos(ctx, [toReview(row)]))[0] ?? null) : null };
}
