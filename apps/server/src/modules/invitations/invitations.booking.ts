import { createHash } from 'node:crypto';
import {
  type In,
  initialStatus,
  logDesc,
  normalizePhone,
  type Out,
  Role,
  SIGNATURE_WINDOW_MS,
  Status,
  settingObject,
  type Visit,
} from '@openvisit/contract';
import { company as companyRow, settingsOf } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import { createVisit, hostSnapshot, toVisit, type VisitRow } from '../../core/visits/visits.public.js';
import { type AuthedContext, actorContext, type CallContext } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { randomToken, safeEqual } from '../../platform/identity/crypto.js';
import { needsApproval } from '../approvals/approvals.public.js';
import { holdVisit, screen } from '../visits/visits.public.js';
import { type BookingAppRow, bookingAppsRepository } from './invitations.apps.repository.js';
import { bookingNotice } from './invitations.mails.js';
import { invitedThatDay, submitForApproval, typeAndGate } from './invitations.service.js';
import { invitationsSystemRepository } from './invitations.system.repository.js';

/**
 * The company's booking app (contract calls/invitations.bookingApps.ts): its own site or app books visits with a signature, no
 * session. The secret is an HMAC of the app's code and nonce under the server's key, so it is stored nowhere and a new
 * nonce voids it; the signature is the original's `MD5(appCode + timestamp + secret)` within ±60 s, and books once.
 */

const PURPOSE = 'booking-app';

function secretOf(ctx: CallContext, app: Pick<BookingAppRow, 'appCode' | 'nonce'>): string {
  return ctx.services.secrets.mac(PURPOSE, `${app.appCode}:${app.nonce}`);
}

function answerOf(ctx: CallContext, app: BookingAppRow | undefined): Out<'getBookingApp'> {
  if (!app) return { appCode: null, secret: null, createTime: null, lastUsed: null };
  return { appCode: app.appCode, secret: secretOf(ctx, app), createTime: app.createdAt.getTime(), lastUsed: app.lastUsedAt?.getTime() ?? null };
}

export async function getApp(ctx: AuthedContext): Promise<Out<'getBookingApp'>> {
  return answerOf(ctx, await bookingAppsRepository(ctx.tenant).get());
}

export async function resetApp(ctx: AuthedContext): Promise<Out<'resetBookingApp'>> {
  const repo = bookingAppsRepository(ctx.tenant);
  const appCode = (await repo.get())?.appCode ?? randomToken(12);
  const app = await repo.setNonce(appCode, randomToken(24));
  ctx.audit.objId = app.id;
  ctx.audit.objName = settingObject('bookingApp');
  ctx.audit.desc = logDesc('bookingAppReset', { appCode: app.appCode });
  return answerOf(ctx, app);
}

export async function removeApp(ctx: AuthedContext): Promise<null> {
  if (!(await bookingAppsRepository(ctx.tenant).remove())) throw notFound('booking app');
  ctx.audit.objName = settingObject('bookingApp');
  return null;
}

/** One header's value (Node lower-cases header names). */
function header(ctx: CallContext, name: string): string {
  const v = ctx.headers?.[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
}

/** A signature's timestamp in ms: 13 digits are ms, 10 are seconds (both were sent to the original); else NaN. */
function timestampMs(sent: string): number {
  if (/^\d{13}$/.test(sent)) return Number(sent);
  if (/^\d{10}$/.test(sent)) return Number(sent) * 1000;
  return Number.NaN;
}

/** The company a signed request books with: 705 unknown appCode, 706 timestamp off by over 60 s, 704 wrong authid. */
async function signedApp(ctx: CallContext, now = Date.now()) {
  const appCode = header(ctx, 'appCode');
  const app = appCode.length > 0 && appCode.length <= 64 ? await invitationsSystemRepository(ctx.system).appByCode(appCode) : undefined;
  if (!app) throw new AppError(Status.INVALID_APP_CODE);
  const timestamp = header(ctx, 'timestamp');
  const at = timestampMs(timestamp);
  if (!(Math.abs(now - at) <= SIGNATURE_WINDOW_MS)) throw new AppError(Status.TIMESTAMP_EXPIRED);
  const expected = createHash('md5')
    .update(`${appCode}${timestamp}${secretOf(ctx, app)}`)
    .digest('hex');
  if (!safeEqual(header(ctx, 'authid').toLowerCase(), expected)) throw new AppError(Status.SIGNATURE_ERROR);
  return { ...app, authid: expected, at };
}

/**
 * A booking spends its signature: the same headers sent again (a replay of a request seen on the wire, or a retry) book
 * nothing, 704 with the reason. Kept past the window (twice it, for clocks that differ between processes and the
 * database), after which the timestamp alone refuses it (706). signCheck only checks, so a client may check the
 * signature it then books with.
 */
async function spendSignature(ctx: CallContext, app: { appCode: string; authid: string; at: number }): Promise<void> {
  const expiresAt = new Date(app.at + 2 * SIGNATURE_WINDOW_MS);
  if (!(await invitationsSystemRepository(ctx.system).spendSignature(app.appCode, app.authid, expiresAt)))
    throw new AppError(Status.SIGNATURE_ERROR, 'This signature has already been used: sign each booking with a new timestamp');
}

export async function checkSignature(ctx: CallContext): Promise<Out<'signCheck'>> {
  return { company: (await signedApp(ctx)).company };
}

/** The time's checks are the contract's; the host, type, gate, blacklist and same-day phone are the company's. */
async function plan(ctx: AuthedContext, input: In<'addVisitorApponintmnet'>) {
  const host = await employees.bookingHostOf(ctx, { empid: input.empid, phone: input.empPhone });
  const { visitType } = await typeAndGate(ctx, input);
  const phone = normalizePhone(input.phone) ?? input.phone;
  const screened = await screen(ctx, { name: input.name, phone, idNumber: '' });
  const at = new Date(input.appointmentDate);
  if (await invitedThatDay(ctx, phone, at))
    throw new AppError(Status.SAME_PHONE_APPOINTMENT, undefined, { errors: [{ field: 'phone', rule: 'invited' }] });
  return { host, visitType, phone, at, screened };
}

/**
 * A signed booking (reference `addVisitorApponintmnet`): reserved, or waiting for approval (then in its area's flow)
 * when the company approves visits. The app's company is the tenant; the log names the visitor.
 */
export async function book(ctx: CallContext, input: In<'addVisitorApponintmnet'>): Promise<Visit> {
  const app = await signedApp(ctx);
  await spendSignature(ctx, app);
  const actx = actorContext(ctx, app.companyId, { account: `app:${app.appCode}`, name: 'booking app' });
  const row = await store(actx, input, 'publicBooking');
  await bookingAppsRepository(actx.tenant).touch(new Date());
  ctx.audit.actor = { companyId: app.companyId, account: input.phone, name: input.name, role: Role.VISITOR };
  ctx.audit.objId = row.id;
  ctx.audit.objName = input.name;
  return toVisit(row);
}

/**
 * A booking the front desk makes for a visitor standing at it (the original desk app's on-site appointment): the
 * booking app's rules, the desk's session and gate instead of a signature; the log names the desk.
 */
export async function deskBook(ctx: AuthedContext, input: In<'addDeskAppointment'>): Promise<Visit> {
  const own = ctx.session.gids;
  const desk = ctx.session.role === Role.GATE || ctx.session.role === Role.MACHINE;
  if (desk && input.gid && !own.includes(input.gid)) throw new AppError(Status.GATE_NOT_FOUND);
  const row = await store(ctx, { ...input, gid: input.gid ?? (desk ? (own[0] ?? null) : null) }, 'appointment');
  ctx.audit.objId = row.id;
  ctx.audit.objName = input.name;
  return toVisit(row);
}

/** Reserved, or waiting for approval (then in its area's flow) when the company approves visits; the host is told. */
async function store(ctx: AuthedContext, input: In<'addVisitorApponintmnet'>, kind: 'appointment' | 'publicBooking'): Promise<VisitRow> {
  const p = await plan(ctx, input);
  const approval =
    (await settingsOf(ctx)).processSwitch === 1 &&
    (await needsApproval(ctx, {
      kind,
      tid: input.tid,
      gid: input.gid,
      hostId: p.host.id,
      start: p.at.getTime(),
      end: null,
      companions: 0,
      idType: '',
      visitorName: input.name,
      fields: {},
    }));
  // Held for a screening review, it waits as for an approval; the policy is asked once a reviewer allows it.
  const held = p.screened.decision === 'review';
  const row = await createVisit(ctx, {
    kind: 'appointment',
    status: initialStatus('appointment', { approval: approval || held }),
    permission: approval || held ? 0 : 1,
    name: input.name,
    phone: p.phone,
    email: input.email,
    company: input.vcompany,
    ...hostSnapshot(p.host),
    tid: input.tid,
    visitType: p.visitType,
    visitReason: input.visitReason,
    gid: input.gid,
    plateNum: input.plateNum,
    appointmentAt: p.at,
    lang: input.lang,
  });
  if (held) await holdVisit(ctx, row, p.screened, 'booking', { approval, kind, submitter: input.name });
  else await submitForApproval(ctx, [{ row, token: '' }], input.name, kind);
  await tellHost(ctx, row, approval || held);
  return row;
}

/** The host hears of the booking on their channels, in the company's language; a failure to queue it keeps the booking. */
async function tellHost(ctx: AuthedContext, row: VisitRow, approval: boolean): Promise<void> {
  if (!row.empId) return;
  try {
    const company = await companyRow(ctx.tenant);
    const notice = bookingNotice(company?.lang === 'zh' ? 'zh' : 'en', {
      host: row.empName,
      visitor: row.name,
      company: row.company,
      at: row.appointmentAt ?? row.createdAt,
      approval,
      link: `${ctx.config.publicUrl}/emporder/orderlist`,
    });
    await ctx.services.notifier.tellEmployee(ctx.session.companyId, row.empId, notice, { visitId: row.id });
  } catch (err) {
    ctx.log.warn({ err, vid: row.id }, 'booking notice not queued');
  }
}

export async function serverTime(): Promise<number> {
  return Date.now();
}
