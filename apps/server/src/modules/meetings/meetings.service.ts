import {
  type In,
  logDesc,
  MEETING_VISITORS_MAX,
  type Meeting,
  MeetingStatus,
  meetingStatusOf,
  meetingTimeFailures,
  normalizePhone,
  Status,
  VISIT_MOVES,
  type Visit,
} from '@openvisit/contract';
import { gatesNamed } from '../../core/sites/sites.public.js';
import { moveMany, timesOf, toVisit, type VisitRow, visitsOf } from '../../core/visits/visits.public.js';
import { dayStart } from '../../platform/formats/days.js';
import { type AuthedContext, inTx } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { canSee } from '../../platform/identity/visibility.js';
import { privacyPageUrl } from '../../platform/privacyLink.js';
import { reapprove } from '../approvals/approvals.public.js';
import { withdrawReviews } from '../blacklist/blacklist.public.js';
import {
  type Invited,
  type InviteInput,
  invitedVisit,
  mailInvitations,
  planInvitations,
  storeInvitations,
  submitForApproval,
} from '../invitations/invitations.public.js';
import { type MeetingMailFacts, meetingCancelledMail, meetingChangedMail, meetingInvitationMail } from './meetings.mails.js';
import { type MeetingFilter, type MeetingRow, meetingsRepository } from './meetings.repository.js';

type Visitors = InviteInput['visitors'];

const noSuchMeeting = () => notFound('meeting');

/** Employees see and manage only the meetings they organise (the scope's visibility); administrators all. */
function isVisible(ctx: AuthedContext, m: MeetingRow | undefined): m is MeetingRow {
  return !!m && canSee(ctx.tenant, { employee: m.empId });
}

/** The meeting, read (or locked for the caller's transaction) if the caller may see it; 602 otherwise. */
async function visibleMeeting(ctx: AuthedContext, mid: number, lock = false): Promise<MeetingRow> {
  const repo = meetingsRepository(ctx.tenant);
  const m = lock ? await repo.lock(mid) : await repo.byId(mid);
  if (!isVisible(ctx, m)) throw noSuchMeeting();
  return m;
}

function statusOf(m: MeetingRow): MeetingStatus {
  return meetingStatusOf(timesOf(m), Date.now());
}

/** Visitors are added and times changed only before the meeting starts: 62 once started, 63 once ended. */
function refuseUnlessNotStarted(m: MeetingRow): void {
  const s = statusOf(m);
  if (s === MeetingStatus.CANCELLED) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The meeting is cancelled', { meetingStatus: s });
  if (s === MeetingStatus.ENDED) throw new AppError(Status.MEETING_ENDED);
  if (s === MeetingStatus.IN_PROGRESS) throw new AppError(Status.MEETING_STARTED);
}

/** 'yyyy-mm-dd hh:mm' in server time, for the operation log. */
function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** 'yyyy-mm-dd' (server time) → the instant the day starts. */
/** The original's rule: one meeting of a name per day (not counting cancelled ones); 108 on the subject. */
async function checkSubjectFree(ctx: AuthedContext, subject: string, start: Date, exceptId: number | null): Promise<void> {
  const from = new Date(start.getFullYear(), start.getMonth(), start.getDate());
  const until = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 1);
  const taken = await meetingsRepository(ctx.tenant).sameSubject(subject, from, until, exceptId);
  if (taken.length) throw new AppError(Status.MEETING_NAME_TAKEN, undefined, { errors: [{ field: 'subject', rule: 'taken' }] });
}

/** Meetings as the calls answer them: status derived now, gate names, counts of visitors and of those checked in. */
async function toMeetings(ctx: AuthedContext, rows: MeetingRow[]): Promise<Meeting[]> {
  const counts = new Map((await visitsOf(ctx.tenant).meetingCounts(rows.map((m) => m.id))).map((c) => [c.meetingId, c] as const));
  const gates = new Map(
    (
      await gatesNamed(
        ctx,
        rows.flatMap((m) => (m.gid ? [m.gid] : [])),
      )
    ).map((g) => [g.gid, g.gname] as const),
  );
  const now = Date.now();
  return rows.map((m) => {
    const times = timesOf(m);
    return {
      mid: m.id,
      subject: m.subject,
      empid: m.empId,
      empName: m.empName,
      ...times,
      address: m.address,
      gid: m.gid,
      gname: m.gid ? (gates.get(m.gid) ?? '') : '',
      tid: m.tid,
      visitType: m.visitType,
      remark: m.remark,
      meetingStatus: meetingStatusOf(times, now),
      visitorCount: counts.get(m.id)?.visitors ?? 0,
      signedInCount: counts.get(m.id)?.signedIn ?? 0,
      createTime: m.createdAt.getTime(),
    };
  });
}

async function toMeeting(ctx: AuthedContext, m: MeetingRow): Promise<Meeting> {
  const [out] = await toMeetings(ctx, [m]);
  if (!out) throw noSuchMeeting();
  return out;
}

function mailFacts(ctx: AuthedContext, m: MeetingRow, gate: string, v: { name: string }): MeetingMailFacts {
  return {
    visitor: v.name,
    company: ctx.session.companyName,
    host: m.empName,
    subject: m.subject,
    start: m.startAt,
    end: m.endAt,
    address: m.address,
    gate,
    privacyLink: privacyPageUrl(ctx.config, ctx.services.secrets, ctx.session.companyId),
  };
}

async function gateName(ctx: AuthedContext, gid: number | null): Promise<string> {
  return gid ? ((await gatesNamed(ctx, [gid]))[0]?.gname ?? '') : '';
}

/** The meeting's invitation mail to each new visitor with an email. */
async function mailNewVisitors(ctx: AuthedContext, m: MeetingRow, invited: Invited[]): Promise<void> {
  const gate = await gateName(ctx, m.gid);
  await mailInvitations(ctx, invited, (lang, v) =>
    meetingInvitationMail(lang, { ...mailFacts(ctx, m, gate, { name: v.visitor }), link: v.link, code: v.code }),
  );
}

/** Mails each visitor with an email of these invitations (after the change is committed). */
async function mailVisitors(
  ctx: AuthedContext,
  rows: VisitRow[],
  compose: (lang: 'zh' | 'en', v: VisitRow) => { subject: string; text: string; html: string },
) {
  for (const v of rows) {
    if (!v.email) continue;
    await ctx.services.mailer.send({ companyId: ctx.session.companyId, to: v.email, ...compose(v.lang === 'en' ? 'en' : 'zh', v) });
  }
}

/** A meeting as `addMeeting` parses it. */
export type MeetingInput = In<'addMeeting'>;

/**
 * A meeting and an invitation for each of its visitors (the invitations' own checks: host, type, gate, phones), stored
 * in one transaction; the invitation mails go once it is committed.
 */
export async function addMeeting(ctx: AuthedContext, input: MeetingInput): Promise<Meeting & { visitors: (Visit & { inviteLink: string })[] }> {
  const start = new Date(input.startTime);
  await checkSubjectFree(ctx, input.subject, start, null);
  const plan = await planInvitations(ctx, {
    // A meeting's invitations use the interview template, as they always did.
    templateType: 0,
    empid: input.empid,
    visitors: input.visitors,
    appointmentDate: input.startTime,
    tid: input.tid,
    visitType: '',
    visitReason: input.subject,
    gid: input.gid,
  });
  const { meeting, invited } = await inTransaction(ctx.tenant, async (tx) => {
    const meeting = await meetingsRepository(tx).insert({
      subject: input.subject,
      empId: plan.host.id,
      empName: plan.host.name,
      startAt: start,
      endAt: new Date(input.endTime),
      address: input.address,
      gid: input.gid,
      tid: input.tid,
      visitType: plan.visitType,
      remark: input.remark,
    });
    return { meeting, invited: await storeInvitations(inTx(ctx, tx), plan, { meetingId: meeting.id }) };
  });
  await submitForApproval(ctx, invited, plan.host.name);
  await mailNewVisitors(ctx, meeting, invited);
  ctx.audit.objId = meeting.id;
  ctx.audit.objName = meeting.subject;
  ctx.audit.desc = logDesc('meetingAdded', {
    start: stamp(meeting.startAt),
    end: stamp(meeting.endAt),
    host: meeting.empName,
    count: invited.length,
  });
  return { ...(await toMeeting(ctx, meeting)), visitors: invited.map((i) => invitedVisit(ctx, i)) };
}

const BEFORE_CHECK_IN = VISIT_MOVES.cancel.from;

/**
 * Before the meeting starts everything may change, and its invitations follow (time, gate, purpose); visitors with an
 * email are told of a new time or place. In progress only the subject, place text and remark (62 for times or gate);
 * 63 once ended.
 */
export async function updateMeeting(
  ctx: AuthedContext,
  input: { mid: number; subject: string; startTime: number; endTime: number; address: string; gid: number | null; remark: string },
): Promise<Meeting> {
  const { before, after, moved } = await inTransaction(ctx.tenant, async (tx) => {
    const txCtx = inTx(ctx, tx);
    const m = await visibleMeeting(txCtx, input.mid, true);
    const status = statusOf(m);
    if (status === MeetingStatus.CANCELLED) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The meeting is cancelled', { meetingStatus: status });
    if (status === MeetingStatus.ENDED) throw new AppError(Status.MEETING_ENDED);
    const timesChanged = input.startTime !== m.startAt.getTime() || input.endTime !== m.endAt.getTime() || input.gid !== m.gid;
    if (timesChanged) {
      if (status === MeetingStatus.IN_PROGRESS) throw new AppError(Status.MEETING_STARTED);
      const failures = meetingTimeFailures(input.startTime, input.endTime, Date.now());
      if (failures.length) throw badParams(failures);
      if (input.gid && !(await gatesNamed(txCtx, [input.gid])).length) throw new AppError(Status.GATE_NOT_FOUND);
    }
    const start = new Date(input.startTime);
    if (input.subject.toLowerCase() !== m.subject.toLowerCase() || start.toDateString() !== m.startAt.toDateString())
      await checkSubjectFree(txCtx, input.subject, start, m.id);
    const updated = await meetingsRepository(tx).update(m.id, {
      subject: input.subject,
      startAt: start,
      endAt: new Date(input.endTime),
      address: input.address,
      gid: input.gid,
      remark: input.remark,
    });
    if (!updated) throw noSuchMeeting();
    const moved = await visitsOf(tx).updateByMeeting(m.id, BEFORE_CHECK_IN, {
      appointmentAt: start,
      gid: input.gid,
      visitReason: input.subject,
    });
    return { before: m, after: updated, moved };
  });
  // A new time or gate may be what the company's policy approves: an approved invitation then waits for approval again.
  for (const v of moved) await reapprove(ctx, { appointmentAt: before.startAt, gid: before.gid }, v);
  const told = after.startAt.getTime() !== before.startAt.getTime() || after.endAt.getTime() !== before.endAt.getTime();
  if (told || after.address !== before.address || after.gid !== before.gid) {
    const gate = await gateName(ctx, after.gid);
    await mailVisitors(ctx, moved, (lang, v) => meetingChangedMail(lang, mailFacts(ctx, after, gate, v)));
  }
  ctx.audit.objId = after.id;
  ctx.audit.objName = after.subject;
  ctx.audit.desc = logDesc('meetingUpdated', { start: stamp(after.startAt), end: stamp(after.endAt) });
  return toMeeting(ctx, after);
}

/**
 * Cancels a meeting that has not started (92 in progress, 63 ended, 109 already cancelled): kept as cancelled, its
 * invitations still to come are called off through the visit state machine's `cancel`, and their visitors are told.
 */
export async function cancelMeeting(ctx: AuthedContext, input: In<'delMeeting'>): Promise<Meeting> {
  const { meeting, cancelled } = await inTransaction(ctx.tenant, async (tx) => {
    const m = await visibleMeeting(inTx(ctx, tx), input.mid, true);
    const status = statusOf(m);
    if (status === MeetingStatus.CANCELLED) throw new AppError(Status.NO_REPEATED_CANCEL);
    if (status === MeetingStatus.IN_PROGRESS) throw new AppError(Status.MEETING_IN_PROGRESS);
    if (status === MeetingStatus.ENDED) throw new AppError(Status.MEETING_ENDED);
    const meeting = await meetingsRepository(tx).update(m.id, { cancelledAt: new Date() });
    if (!meeting) throw noSuchMeeting();
    const open = (await visitsOf(tx).byMeeting(m.id)).filter((v) => (BEFORE_CHECK_IN as readonly string[]).includes(v.status));
    const cancelled = await moveMany(inTx(ctx, tx), open, 'cancel', {}, 'meeting cancelled');
    await withdrawReviews(
      inTx(ctx, tx),
      'visit',
      cancelled.map((v) => v.id),
    );
    return { meeting, cancelled };
  });
  const gate = await gateName(ctx, meeting.gid);
  await mailVisitors(ctx, cancelled, (lang, v) => meetingCancelledMail(lang, mailFacts(ctx, meeting, gate, v)));
  ctx.audit.objId = meeting.id;
  ctx.audit.objName = meeting.subject;
  ctx.audit.desc = logDesc('meetingCancelled', { cancelled: cancelled.length });
  return toMeeting(ctx, meeting);
}

/**
 * Start (1) before the meeting has started (62 if it has), or end (2) while in progress (58 before it starts); 63
 * once ended. Once ended its visitors can no longer check in (65).
 */
export async function changeMeetingStatus(ctx: AuthedContext, input: In<'updateMeetingStatus'>): Promise<Meeting> {
  const meeting = await inTransaction(ctx.tenant, async (tx) => {
    const m = await visibleMeeting(inTx(ctx, tx), input.mid, true);
    const status = statusOf(m);
    if (status === MeetingStatus.CANCELLED) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The meeting is cancelled', { meetingStatus: status });
    if (status === MeetingStatus.ENDED) throw new AppError(Status.MEETING_ENDED);
    const repo = meetingsRepository(tx);
    if (input.status === 1) {
      if (status === MeetingStatus.IN_PROGRESS) throw new AppError(Status.MEETING_STARTED);
      return repo.update(m.id, { startedAt: new Date() });
    }
    if (status === MeetingStatus.NOT_STARTED)
      throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The meeting has not started; cancel it instead', { meetingStatus: status });
    return repo.update(m.id, { endedAt: new Date() });
  });
  if (!meeting) throw noSuchMeeting();
  ctx.audit.objId = meeting.id;
  ctx.audit.objName = meeting.subject;
  ctx.audit.desc = logDesc(input.status === 1 ? 'meetingStarted' : 'meetingEnded');
  return toMeeting(ctx, meeting);
}

/** Same phone (normalised) or same email as a visitor already invited to the meeting (not called off): `invited`. */
function alreadyInvited(existing: VisitRow[], visitors: Visitors): { field: string; rule: string }[] {
  const phones = new Set(existing.map((v) => v.phone).filter(Boolean));
  const emails = new Set(existing.map((v) => v.email.toLowerCase()).filter(Boolean));
  const errors: { field: string; rule: string }[] = [];
  visitors.forEach((p, i) => {
    const phone = p.phone ? (normalizePhone(p.phone) ?? p.phone) : '';
    if (phone && phones.has(phone)) errors.push({ field: `visitors.${i}.phone`, rule: 'invited' });
    if (p.email && emails.has(p.email.toLowerCase())) errors.push({ field: `visitors.${i}.email`, rule: 'invited' });
  });
  return errors;
}

/**
 * More visitors for a meeting that has not started (62, 63; 58 cancelled): invitations like the meeting's first ones,
 * refused on the field for someone already invited to it.
 */
export async function joinMeeting(ctx: AuthedContext, input: In<'syncJoinMeeting'>): Promise<(Visit & { inviteLink: string })[]> {
  const m = await visibleMeeting(ctx, input.mid);
  refuseUnlessNotStarted(m);
  const existing = (await visitsOf(ctx.tenant).byMeeting(m.id)).filter((v) => v.status !== VISIT_MOVES.cancel.to);
  const errors = alreadyInvited(existing, input.visitors);
  if (errors.length) throw badParams(errors);
  if (existing.length + input.visitors.length > MEETING_VISITORS_MAX) throw badParams([{ field: 'visitors', rule: 'tooMany' }]);
  if (m.empId === null) throw new AppError(Status.EMPLOYEE_NOT_EXIST, 'The organiser is no longer an employee');
  const plan = await planInvitations(ctx, {
    // A meeting's invitations use the interview template, as they always did.
    templateType: 0,
    empid: m.empId,
    visitors: input.visitors,
    appointmentDate: m.startAt.getTime(),
    tid: m.tid,
    visitType: m.visitType,
    visitReason: m.subject,
    gid: m.gid,
  });
  const { meeting, invited } = await inTransaction(ctx.tenant, async (tx) => {
    // The meeting may have started or been cancelled meanwhile: checked again under its lock.
    const meeting = await visibleMeeting(inTx(ctx, tx), input.mid, true);
    refuseUnlessNotStarted(meeting);
    return { meeting, invited: await storeInvitations(inTx(ctx, tx), plan, { meetingId: meeting.id }) };
  });
  await submitForApproval(ctx, invited, plan.host.name);
  await mailNewVisitors(ctx, meeting, invited);
  ctx.audit.objId = meeting.id;
  ctx.audit.objName = meeting.subject;
  ctx.audit.desc = logDesc('meetingVisitorsAdded', { count: invited.length });
  return invited.map((i) => invitedVisit(ctx, i));
}

export async function meetingById(ctx: AuthedContext, input: In<'getMeetingById'>): Promise<Meeting & { visitors: Visit[] }> {
  const m = await visibleMeeting(ctx, input.mid);
  const visitors = await visitsOf(ctx.tenant).byMeeting(m.id);
  return { ...(await toMeeting(ctx, m)), visitors: visitors.map(toVisit) };
}

export async function searchMeetings(
  ctx: AuthedContext,
  q: { startIndex: number; requestedCount: number; subject?: string; date?: string; endDate?: string; meetingStatus?: MeetingStatus },
) {
  const until = q.endDate ? dayStart(q.endDate) : undefined;
  if (until) until.setDate(until.getDate() + 1);
  const filter: MeetingFilter = {
    subject: q.subject,
    from: q.date ? dayStart(q.date) : undefined,
    until,
    status: q.meetingStatus,
  };
  const { rows, count } = await meetingsRepository(ctx.tenant).page(filter, q.startIndex, q.requestedCount, new Date());
  return { pageNo: Math.floor(q.startIndex / q.requestedCount) + 1, pageSize: q.requestedCount, count, list: await toMeetings(ctx, rows) };
}

/** Every meeting the caller may see, latest start first (at most 500). */
export async function listMeetings(ctx: AuthedContext): Promise<Meeting[]> {
  return toMeetings(ctx, await meetingsRepository(ctx.tenant).list({}, 500, new Date()));
}
