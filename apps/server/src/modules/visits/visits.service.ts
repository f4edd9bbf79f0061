import { randomInt, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type CompanySettings,
  FACE_MIN_PX,
  IMAGE_MAX_BYTES,
  initialStatus,
  LogModule,
  logDesc,
  nextStatus,
  normalizePhone,
  Role,
  SIGNIN_TYPE,
  Status,
  VISIT_MOVES,
  VISIT_PDF_NAME,
  type Visit,
  type VisitEvent,
  type VisitKind,
  type VisitorStatus,
} from '@openvisit/contract';
import { clientEnd, writeLog } from '../../platform/audit.js';
import type { AuthedContext } from '../../platform/calls.js';
import { dayStart } from '../../platform/days.js';
import { AppError, badParams } from '../../platform/errors.js';
import { dataUrlBytes, ImageRejected, normalisePhoto, normaliseSignature } from '../../platform/images.js';
import { codeOfScan } from '../../platform/passes.js';
import { settingsOf } from '../accounts/accounts.service.js';
import * as approvals from '../approvals/approvals.service.js';
import * as blacklist from '../blacklist/blacklist.service.js';
import * as employees from '../employees/employees.service.js';
import { meetingWindow } from '../meetings/meetings.window.js';
import { notifyArrival } from '../notifications/arrival.js';
import { gatesNamed } from '../registration/registration.gates.js';
import { padConfig } from '../registration/registration.pad.js';
import * as registration from '../registration/registration.service.js';
import { buildVisitPdf } from './visits.pdf.js';
import { type VisitFilter, type VisitInsert, type VisitRow, visitsRepository } from './visits.repository.js';
import { reusedCertificate } from './visits.returning.js';

function repoOf(ctx: AuthedContext) {
  return visitsRepository(ctx.db, { companyId: ctx.session.companyId });
}

const noSuchVisit = () => new AppError(Status.INVALID_VISITOR);

export function toVisit(r: VisitRow): Visit {
  const ms = (d: Date | null) => (d ? d.getTime() : null);
  return {
    vid: r.id,
    kind: r.kind as VisitKind,
    signinType: SIGNIN_TYPE[r.kind as VisitKind] ?? 0,
    status: r.status as VisitorStatus,
    permission: r.permission,
    vname: r.name,
    vphone: r.phone,
    vemail: r.email,
    vcompany: r.company,
    certificateType: r.certificateType,
    cardId: r.idNumber,
    vphoto: r.photo !== '',
    empid: r.empId,
    empName: r.empName,
    empPhone: r.empPhone,
    tid: r.tid,
    visitType: r.visitType,
    visitReason: r.visitReason,
    followers: r.followers,
    peopleCount: 1 + r.followers.length,
    plateNum: r.plateNum,
    belongings: r.belongings,
    temperature: r.temperature,
    extendCol: r.extend,
    gid: r.gid,
    signInGate: r.signInGate,
    signOutGate: r.signOutGate,
    signInOpName: r.signInOp,
    signOutOpName: r.signOutOp,
    cardNo: r.cardNo,
    code: r.code,
    appointmentDate: ms(r.appointmentAt),
    visitdate: ms(r.visitAt),
    signOutDate: ms(r.signOutAt),
    leaveTime: ms(r.leaveAt),
    signPdf: r.pdf !== '',
    lang: r.lang === 'en' ? 'en' : 'zh',
    subaccountId: r.subAccountId,
    mid: r.meetingId,
    createTime: r.createdAt.getTime(),
  };
}

/** Desk accounts work at their own gates; administrators may name any gate (or none). */
export function gateOf(ctx: AuthedContext, asked: number | null): number | null {
  const own = ctx.session.gids;
  if (ctx.session.role === Role.GATE || ctx.session.role === Role.MACHINE) {
    if (asked && !own.includes(asked)) throw new AppError(Status.GATE_NOT_FOUND);
    return asked ?? own[0] ?? null;
  }
  return asked;
}

function imageError(field: 'photo' | 'signature') {
  return (err: unknown): never => {
    if (err instanceof ImageRejected) {
      const rule = { notImage: 'type', tooSmall: field === 'photo' ? 'imageTooSmall' : 'type', tooLarge: 'size' }[err.problem];
      throw badParams([{ field, rule }]);
    }
    throw err;
  };
}

/** Checks and stores the photo and signature of a registration or check-in; answers their file keys. */
async function storeImages(ctx: AuthedContext, input: { photo: string; signature: string }): Promise<{ photo?: string; signature?: string }> {
  const out: { photo?: string; signature?: string } = {};
  const prefix = `visits/${ctx.session.companyId}`;
  if (input.photo) {
    const bytes = dataUrlBytes(input.photo);
    if (!bytes) throw badParams([{ field: 'photo', rule: 'type' }]);
    const photo = await normalisePhoto(bytes, { minPx: FACE_MIN_PX, maxBytes: IMAGE_MAX_BYTES, maxEdge: 960 }).catch(imageError('photo'));
    out.photo = `${prefix}/${randomUUID()}.jpg`;
    await ctx.services.files.put(out.photo, photo.bytes);
  }
  if (input.signature) {
    const bytes = dataUrlBytes(input.signature);
    if (!bytes) throw badParams([{ field: 'signature', rule: 'type' }]);
    const png = await normaliseSignature(bytes).catch(imageError('signature'));
    out.signature = `${prefix}/${randomUUID()}-signature.png`;
    await ctx.services.files.put(out.signature, png);
  }
  return out;
}

/**
 * Blacklist screening (when the company has it on): a hit stops the visitor with 66 and a neutral message,
 * nothing is stored, and reception is alerted through the operation log (module blacklist, event alert).
 */
export async function screen(ctx: AuthedContext, who: { name: string; phone: string; idNumber: string }): Promise<void> {
  const hit = await blacklist.check(ctx, 'black', { phone: who.phone || undefined, credentialNo: who.idNumber || undefined });
  if (!hit.listed || !hit.screening) return;
  await writeLog(
    ctx.db,
    ctx.session,
    { module: LogModule.BLACKLIST, event: 'alert', objName: who.name, desc: logDesc('blacklistHit'), client: clientEnd(ctx.userAgent) },
    ctx.ip,
  );
  throw new AppError(Status.BLACKLISTED);
}

function checkProtocol(settings: CompanySettings, accepted: boolean): void {
  if (settings.secureProtocol.trim() && !accepted) throw badParams([{ field: 'protocolAccepted', rule: 'required' }]);
}

/** The expected leave time: the company's leave expiry (hours after sign-in), if it has one. */
export function leaveAtFrom(settings: CompanySettings, signedIn: Date): Date | null {
  const hours = settings.leaveExpiryTime;
  return hours > 0 ? new Date(signedIn.getTime() + hours * 3600_000) : null;
}

/**
 * The visitor type's rules (registration settings): the type must be this company's (104) and offered at this gate;
 * the fields it requires must be filled; custom values must be fields it shows, a choice one of its options, a date
 * a date. Answers the type's label ('中文#English') for the record.
 */
async function checkVisitorType(ctx: AuthedContext, input: WalkInInput, gid: number | null): Promise<string> {
  if (input.tid === null) {
    if (Object.keys(input.extendCol).length) throw badParams([{ field: 'tid', rule: 'required' }]);
    return input.visitType;
  }
  const type = await registration.typeById(ctx, input.tid);
  if (!type) throw new AppError(Status.VISITOR_TYPE_NOT_EXIST);
  if (gid && type.gids.length && !type.gids.includes(gid)) throw badParams([{ field: 'tid', rule: 'notAtGate' }]);
  const fields = await registration.listFields(ctx, { tid: type.tid });
  const errors: { field: string; rule: string }[] = [];
  const standard = input as unknown as Record<string, unknown>;
  for (const f of fields) {
    const required = f.types.find((x) => x.tid === type.tid)?.required ?? false;
    const value = f.standard ? standard[f.fieldName] : input.extendCol[f.fieldName];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (required && empty) errors.push({ field: f.standard ? f.fieldName : `extendCol.${f.fieldName}`, rule: 'required' });
  }
  for (const [name, value] of Object.entries(input.extendCol)) {
    const f = fields.find((x) => !x.standard && x.fieldName === name);
    if (!f) errors.push({ field: `extendCol.${name}`, rule: 'unrecognized_keys' });
    else if (value && f.inputType === 'button' && !f.inputValue.includes(value)) errors.push({ field: `extendCol.${name}`, rule: 'invalid_value' });
    else if (value && f.inputType === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) errors.push({ field: `extendCol.${name}`, rule: 'format' });
  }
  if (errors.length) throw badParams(errors);
  return type.vType;
}

export async function gateName(ctx: AuthedContext, gid: number | null): Promise<string> {
  return gid ? ((await gatesNamed(ctx, [gid]))[0]?.gname ?? '') : '';
}

export interface WalkInInput {
  vname: string;
  vphone: string;
  certificateType: string;
  cardId: string;
  vemail: string;
  vcompany: string;
  empid: number;
  tid: number | null;
  visitType: string;
  visitReason: string;
  followers: { name: string; phone: string }[];
  plateNum: string;
  belongings: string;
  temperature: number | null;
  extendCol: Record<string, string>;
  photo: string;
  signature: string;
  protocolAccepted: boolean;
  gid: number | null;
  lang: 'zh' | 'en';
  clientKey?: string;
  reuseIdFrom?: number;
}

/** Walk-in registration: every check before anything is stored; a retried registration answers the first. */
export async function registerWalkIn(ctx: AuthedContext, input: WalkInInput): Promise<Visit> {
  const repo = repoOf(ctx);
  if (input.clientKey) {
    const earlier = await repo.byClientKey(input.clientKey);
    if (earlier) {
      ctx.audit.skip = true;
      return toVisit(earlier);
    }
  }
  const host = await employees.hostOf(ctx, input.empid);
  const settings = await settingsOf(ctx);
  const gid = gateOf(ctx, input.gid);
  const visitType = await checkVisitorType(ctx, input, gid);
  const phone = input.vphone ? (normalizePhone(input.vphone) ?? input.vphone) : '';
  // A returning visitor who leaves the certificate empty reuses the one on file (a kiosk never shows it whole).
  const { certificateType, idNumber } =
    input.reuseIdFrom && !input.cardId
      ? await reusedCertificate(ctx, input.reuseIdFrom, phone)
      : { certificateType: input.certificateType, idNumber: input.cardId };
  checkProtocol(settings, input.protocolAccepted);
  await screen(ctx, { name: input.vname, phone, idNumber });
  const images = await storeImages(ctx, input);
  const status = initialStatus('walkin', { approval: settings.processSwitch === 1 });
  const now = new Date();
  const values: VisitInsert = {
    kind: 'walkin',
    status,
    permission: status === 'unauthorized' ? 0 : 1,
    name: input.vname,
    phone,
    email: input.vemail,
    company: input.vcompany,
    certificateType,
    idNumber,
    photo: images.photo ?? '',
    signature: images.signature ?? '',
    protocolAccepted: input.protocolAccepted,
    protocolText: input.protocolAccepted ? settings.secureProtocol : '',
    ...hostSnapshot(host),
    tid: input.tid,
    visitType,
    visitReason: input.visitReason,
    followers: input.followers,
    plateNum: input.plateNum.toUpperCase(),
    belongings: input.belongings,
    temperature: input.temperature,
    extend: input.extendCol,
    gid,
    signInGate: await gateName(ctx, gid),
    signInOp: ctx.session.name,
    visitAt: status === 'signedIn' ? now : null,
    leaveAt: status === 'signedIn' ? leaveAtFrom(settings, now) : null,
    lang: input.lang,
    clientKey: input.clientKey ?? null,
  };
  let created = true;
  const row = await createVisit(ctx, values).catch(async (err: unknown) => {
    // Two deliveries of one offline registration raced: the other one stored it (and told the host).
    if (input.clientKey && constraintOf(err) === 'visits_client_key_uq') {
      const earlier = await repo.byClientKey(input.clientKey);
      created = false;
      if (earlier) return earlier;
    }
    throw err;
  });
  if (created && row.status === 'signedIn') await notifyArrival(ctx, row);
  if (created && row.status === 'unauthorized') await approvals.submit(ctx, row, host.name);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc(status === 'signedIn' ? 'walkInRegistered' : 'walkInAwaiting', { host: host.name });
  return toVisit(row);
}

/**
 * Stores a new visit with a fresh code and its first history row, in one transaction. For every kind of visit
 * (walk-ins here, invitations, residents' sign-ins): the record starts in `values.status`.
 */
export async function createVisit(ctx: AuthedContext, values: VisitInsert, attempt = 0): Promise<VisitRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const txRepo = visitsRepository(tx, { companyId: ctx.session.companyId });
      const created = await txRepo.insert({ ...values, code: newVisitCode() });
      await txRepo.addEvent({
        visitId: created.id,
        event: 'create',
        fromStatus: null,
        toStatus: values.status as VisitorStatus,
        actor: ctx.session.name,
      });
      return created;
    });
  } catch (err) {
    // A code already in use (1 in 10^8 per visit): draw again.
    if (attempt < 5 && constraintOf(err) === 'visits_code_uq') return createVisit(ctx, values, attempt + 1);
    throw err;
  }
}

/** The host as a visit records them (kept as they were when the employee changes or leaves), and their sub-company. */
export function hostSnapshot(host: { id: number; name: string; phone: string; subAccountId: number | null }) {
  return { empId: host.id, empName: host.name, empPhone: host.phone, subAccountId: host.subAccountId };
}

/** The visit code: 8 digits, unique in the company while the record keeps it. */
function newVisitCode(): string {
  return String(randomInt(100_000_000)).padStart(8, '0');
}

/** The unique constraint a database refusal names, if any. */
function constraintOf(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    const m = /"(visits_[a-z_]+_uq)"/.exec(String((e as { message?: unknown }).message ?? ''));
    if (m) return m[1];
  }
  return undefined;
}

/**
 * When a visit may check in: an invitation to a meeting within the meeting's window (from the early margin before it
 * starts until it ends); any other expected visit within its time widened by the company's extend times. Null: any time.
 */
async function windowOf(
  ctx: AuthedContext,
  v: VisitRow,
  settings: { preExtendTime: number; latExtendTime: number },
): Promise<{ opensAt: number; closesAt: number } | null> {
  if (v.meetingId) {
    const w = await meetingWindow(ctx.db, ctx.session.companyId, v.meetingId, settings.preExtendTime);
    if (w) return w;
  }
  if (!v.appointmentAt) return null;
  const at = v.appointmentAt.getTime();
  return { opensAt: at - settings.preExtendTime * 60_000, closesAt: at + settings.latExtendTime * 60_000 };
}

/** 64 before the window opens, 65 after it closes. */
function checkWindow(w: { opensAt: number; closesAt: number } | null, now: Date): void {
  if (!w) return;
  if (now.getTime() < w.opensAt) throw new AppError(Status.TOO_EARLY, undefined, { opensAt: w.opensAt });
  if (now.getTime() > w.closesAt) throw new AppError(Status.LATE, undefined, { closedAt: w.closesAt });
}

function inWindow(w: { opensAt: number; closesAt: number } | null, now: Date): boolean {
  return !w || (now.getTime() >= w.opensAt && now.getTime() <= w.closesAt);
}

/** Applies a move from the record's current status, or refuses with 58 and the moves it allows. */
export async function move(ctx: AuthedContext, v: VisitRow, event: VisitEvent, set: Partial<VisitInsert> = {}, note = ''): Promise<VisitRow> {
  const to = nextStatus(v.status as VisitorStatus, event);
  if (!to) throw new AppError(Status.UPDATE_NOT_ALLOWED, `A ${v.status} visit cannot take "${event}"`, { status: v.status });
  const row = await ctx.db.transaction(async (tx) => {
    const txRepo = visitsRepository(tx, { companyId: ctx.session.companyId });
    const moved = await txRepo.move(v.id, VISIT_MOVES[event].from, to, set);
    if (moved) await txRepo.addEvent({ visitId: v.id, event, fromStatus: v.status as VisitorStatus, toStatus: to, actor: ctx.session.name, note });
    return moved;
  });
  // Someone else moved it first: answer from its new status.
  if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The visit changed meanwhile; reload it');
  return row;
}

const CHECK_IN_FROM: readonly VisitorStatus[] = VISIT_MOVES.checkIn.from;

/** Check-in of an invited or booked visitor by code or phone. Checking in twice answers the record as it is. */
export async function checkIn(
  ctx: AuthedContext,
  input: { verifyCode: string; phone: string; photo: string; signature: string; protocolAccepted: boolean; gid: number | null; clientKey?: string },
): Promise<Visit & { repeated: boolean }> {
  const repo = repoOf(ctx);
  const settings = await settingsOf(ctx);
  const now = new Date();
  let v: VisitRow | undefined;
  if (input.verifyCode) {
    v = await repo.byCode(codeOfScan(ctx.services.secrets, input.verifyCode));
    if (!v) throw noSuchVisit();
  } else {
    const phone = normalizePhone(input.phone) ?? input.phone;
    const candidates = await repo.byPhone(phone, [...CHECK_IN_FROM, 'signedIn']);
    if (!candidates.length) throw noSuchVisit();
    // The one whose window is open now, else the nearest (whose window then says early or late).
    const windows = await Promise.all(candidates.map((c) => windowOf(ctx, c, settings)));
    v = candidates.find((_c, i) => inWindow(windows[i] ?? null, now)) ?? candidates[0];
  }
  if (!v) throw noSuchVisit();
  if (v.status === 'signedIn') {
    ctx.audit.skip = true;
    return { ...toVisit(v), repeated: true };
  }
  // Refused by an approver (or declined after a refusal): not in.
  if (v.status === 'refused' || v.status === 'unauthorized') throw new AppError(Status.VISITOR_UNAUTHORIZED, undefined, { status: v.status });
  // Called off or over says so even while an approval was still pending: that is what the visitor must hear.
  if (!CHECK_IN_FROM.includes(v.status as VisitorStatus))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, `A ${v.status} visit cannot check in`, { status: v.status });
  // Still waiting for approval.
  if (v.permission !== 1) throw new AppError(Status.VISITOR_UNAUTHORIZED, undefined, { status: v.status });
  checkWindow(await windowOf(ctx, v, settings), now);
  checkProtocol(settings, input.protocolAccepted || v.protocolAccepted);
  await screen(ctx, { name: v.name, phone: v.phone, idNumber: v.idNumber });
  const images = await storeImages(ctx, input);
  const gid = gateOf(ctx, input.gid);
  const row = await move(ctx, v, 'checkIn', {
    visitAt: now,
    leaveAt: v.leaveAt ?? leaveAtFrom(settings, now),
    gid,
    signInGate: await gateName(ctx, gid),
    signInOp: ctx.session.name,
    ...(images.photo && { photo: images.photo }),
    ...(images.signature && { signature: images.signature }),
    protocolAccepted: input.protocolAccepted || v.protocolAccepted,
    ...(input.protocolAccepted && !v.protocolAccepted && { protocolText: settings.secureProtocol }),
  });
  await notifyArrival(ctx, row);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('visitCheckedIn', { host: row.empName });
  return { ...toVisit(row), repeated: false };
}

async function signOutRow(ctx: AuthedContext, v: VisitRow, gate = ''): Promise<VisitRow> {
  return move(ctx, v, 'signOut', { signOutAt: new Date(), signOutOp: ctx.session.name, signOutGate: gate });
}

/** Kiosk sign-out by phone or code: every visit of that visitor still on site. */
export async function signOutAtKiosk(ctx: AuthedContext, input: { phone: string; verifyCode: string; gid: number | null }): Promise<Visit[]> {
  if (ctx.session.role === Role.MACHINE && (await settingsOf(ctx)).signOutSwitch !== 1)
    throw new AppError(Status.NO_PERMISSION, 'Signing out at the kiosk is switched off');
  const repo = repoOf(ctx);
  const gate = await gateName(ctx, gateOf(ctx, input.gid));
  let rows: VisitRow[];
  if (input.verifyCode) {
    const v = await repo.byCode(codeOfScan(ctx.services.secrets, input.verifyCode));
    rows = v && v.status === 'signedIn' ? [v] : [];
  } else {
    rows = await repo.byPhone(normalizePhone(input.phone) ?? input.phone, ['signedIn']);
  }
  if (!rows.length) throw noSuchVisit();
  const out: Visit[] = [];
  for (const v of rows) out.push(toVisit(await signOutRow(ctx, v, gate)));
  ctx.audit.objId = out.map((v) => v.vid).join(',');
  ctx.audit.objName = out[0]?.vname ?? '';
  ctx.audit.desc = logDesc('visitSignedOut');
  return out;
}

export async function signOutByVid(ctx: AuthedContext, input: { vid: number }): Promise<Visit> {
  const v = await repoOf(ctx).byId(input.vid);
  if (v?.status !== 'signedIn') throw noSuchVisit();
  const row = await signOutRow(ctx, v);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('visitSignedOut');
  return toVisit(row);
}

/** One conditional UPDATE for all of them and one insert of their history rows: those not signed in are skipped. */
export async function batchSignOut(ctx: AuthedContext, input: { vids: number[] }) {
  const moved = await ctx.db.transaction(async (tx) => {
    const repo = visitsRepository(tx, { companyId: ctx.session.companyId });
    const rows = await repo.moveMany([...new Set(input.vids)], VISIT_MOVES.signOut.from, VISIT_MOVES.signOut.to, {
      signOutAt: new Date(),
      signOutOp: ctx.session.name,
    });
    await repo.addEvents(
      rows.map((r) => ({
        visitId: r.id,
        event: 'signOut' as const,
        fromStatus: 'signedIn' as const,
        toStatus: 'signedOut' as const,
        actor: ctx.session.name,
      })),
    );
    return rows;
  });
  const signedOut = moved.length;
  const skipped = new Set(input.vids).size - signedOut;
  ctx.audit.objId = moved.map((r) => r.id).join(',');
  ctx.audit.desc = logDesc('visitsSignedOut', { signedOut, skipped });
  return { signedOut, skipped };
}

const EVENT_DESC = {
  view: 'visitViewed',
  accept: 'visitAccepted',
  decline: 'visitDeclined',
  await: 'visitAwaiting',
  approve: 'visitApproved',
  reject: 'visitRejected',
  expire: 'visitExpired',
  cancel: 'visitCancelled',
  signOut: 'visitSignedOut',
} as const;

/** A move asked for by name from the console (check-in has its own call: it needs the visitor at the desk). */
export async function changeStatus(ctx: AuthedContext, input: { vid: number; event: string; note: string }): Promise<Visit> {
  const event = input.event as VisitEvent;
  if (event === 'checkIn') throw new AppError(Status.UPDATE_NOT_ALLOWED, 'Check in at the kiosk or the desk');
  const v = await repoOf(ctx).byId(input.vid);
  if (!v) throw noSuchVisit();
  if ((event === 'approve' || event === 'reject') && (await approvals.isWaiting(ctx, v.id)))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This visit is waiting for its approvers; decide it in the approval list if you are one');
  const set: Partial<VisitInsert> =
    event === 'approve'
      ? { permission: 1 }
      : event === 'reject'
        ? { permission: 2 }
        : event === 'signOut'
          ? { signOutAt: new Date(), signOutOp: ctx.session.name }
          : {};
  const row = await move(ctx, v, event, set, input.note);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc(EVENT_DESC[event]);
  return toVisit(row);
}

/** 'yyyy-mm-dd' (server time) → the instant the day starts. */
export interface VisitQuery {
  date?: string;
  endDate?: string;
  name?: string;
  phone?: string;
  vcompany?: string;
  empName?: string;
  tid?: number;
  visitType?: string;
  status?: VisitorStatus;
  kind?: VisitKind;
  gid?: number;
  onSite?: boolean;
  overtime?: boolean;
  cardId?: string;
  noCard?: boolean;
}

/** Today's off-duty instant from the company's 'HH:mm' setting, or null without one. */
function offDutyToday(offDuty: string, now: Date): Date | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(offDuty.trim());
  if (!m) return null;
  const d = new Date(now);
  d.setHours(Number(m[1]), Number(m[2]), 0, 0);
  return d;
}

/** Request filters → repository filter; a sub-company sees only its own visits. */
export async function filterOf(ctx: AuthedContext, q: VisitQuery, extra: VisitFilter = {}): Promise<VisitFilter> {
  const until = q.endDate ? dayStart(q.endDate) : undefined;
  if (until) until.setDate(until.getDate() + 1);
  return {
    ...extra,
    from: q.date ? dayStart(q.date) : undefined,
    until,
    name: q.name,
    phone: q.phone,
    company: q.vcompany,
    empName: q.empName,
    tid: q.tid,
    visitType: q.visitType,
    status: q.status,
    kind: extra.kind ?? q.kind,
    gid: q.gid,
    onSite: q.onSite,
    idNumber: q.cardId,
    noCard: q.noCard,
    overtime: q.overtime ? { now: new Date(), offDuty: offDutyToday((await settingsOf(ctx)).offDuty, new Date()) } : undefined,
    subAccountId: ctx.session.role === Role.SUB_COMPANY ? (ctx.session.subAccountId ?? -1) : undefined,
  };
}

export async function search(ctx: AuthedContext, q: VisitQuery): Promise<Visit[]> {
  return (await repoOf(ctx).list(await filterOf(ctx, q), 1000)).map(toVisit);
}

export async function searchPage(ctx: AuthedContext, q: VisitQuery & { startIndex: number; requestedCount: number }, extra: VisitFilter = {}) {
  const { rows, count, countCapped } = await repoOf(ctx).page(await filterOf(ctx, q, extra), q.startIndex, q.requestedCount);
  return { pageNo: Math.floor(q.startIndex / q.requestedCount) + 1, pageSize: q.requestedCount, count, countCapped, list: rows.map(toVisit) };
}

export async function byVid(ctx: AuthedContext, input: { vid: number }) {
  const repo = repoOf(ctx);
  const v = await repo.byId(input.vid);
  if (!v || (ctx.session.role === Role.SUB_COMPANY && v.subAccountId !== ctx.session.subAccountId)) throw noSuchVisit();
  const history = await repo.history(v.id);
  return {
    ...toVisit(v),
    history: history.map((h) => ({
      event: h.event,
      fromStatus: h.fromStatus as VisitorStatus | null,
      toStatus: h.toStatus as VisitorStatus,
      at: h.at.getTime(),
      actor: h.actor,
      note: h.note,
    })),
  };
}

/** Everyone on site now that the caller may see (a sub-company its own), for the on-site module. */
export async function onSitePeople(ctx: AuthedContext) {
  return repoOf(ctx).onSitePeople(await filterOf(ctx, {}));
}

export async function peopleCounting(ctx: AuthedContext) {
  const rows = await repoOf(ctx).onSiteCounts();
  const byKind = { walkin: 0, invite: 0, appointment: 0, resident: 0 } as Record<VisitKind, number>;
  const gates = new Map<string, { gid: number | null; gname: string; count: number }>();
  let onSite = 0;
  let people = 0;
  for (const r of rows) {
    onSite += r.n;
    people += r.people;
    byKind[r.kind as VisitKind] = (byKind[r.kind as VisitKind] ?? 0) + r.n;
    const key = String(r.gid);
    const g = gates.get(key) ?? { gid: r.gid, gname: r.gate, count: 0 };
    g.count += r.n;
    gates.set(key, g);
  }
  return { onSite, people, byKind, byGate: [...gates.values()] };
}

/** `<yyyy-mm-dd>_<vid>.pdf`, the day of sign-in (else of registration) in server time. */
export function pdfName(v: VisitRow): string {
  const d = v.visitAt ?? v.createdAt;
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${day}_${v.id}.pdf`;
}

async function visibleVisit(ctx: AuthedContext, vid: number): Promise<VisitRow> {
  const v = await repoOf(ctx).byId(vid);
  if (!v || (ctx.session.role === Role.SUB_COMPANY && v.subAccountId !== ctx.session.subAccountId)) throw noSuchVisit();
  return v;
}

/** Builds and stores the visit's PDF (replacing an older one), answering the stored bytes. */
async function renderPdf(ctx: AuthedContext, v: VisitRow): Promise<Buffer> {
  const bytes = await buildVisitPdf(v, ctx.session.companyName, ctx.services.files);
  const key = `visits/${ctx.session.companyId}/${v.id}-${randomUUID()}.pdf`;
  await ctx.services.files.put(key, bytes);
  await repoOf(ctx).setFiles(v.id, { pdf: key });
  if (v.pdf) await ctx.services.files.remove(v.pdf);
  return bytes;
}

/** The kiosk's signature after the fact (reference `createPdfSign`): stored, and the PDF built with it. */
export async function signPdf(ctx: AuthedContext, input: { vid: number; signPic: string }) {
  const v = await visibleVisit(ctx, input.vid);
  const { signature } = await storeImages(ctx, { photo: '', signature: input.signPic });
  if (!signature) throw badParams([{ field: 'signPic', rule: 'required' }]);
  await repoOf(ctx).setFiles(v.id, { signature });
  if (v.signature) await ctx.services.files.remove(v.signature);
  await renderPdf(ctx, { ...v, signature });
  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
  ctx.audit.desc = logDesc('visitSigned');
  return { pdf: pdfName(v) };
}

/** `/pdf/<day>_<vid>.pdf`: the stored PDF, built on first request. The day must be the visit's. */
export async function pdfFile(ctx: AuthedContext, input: { file: string }) {
  const m = VISIT_PDF_NAME.exec(input.file);
  const v = await visibleVisit(ctx, Number(m?.[2]));
  if (pdfName(v) !== input.file) throw noSuchVisit();
  const stored = v.pdf ? await ctx.services.files.read(v.pdf) : undefined;
  const bytes = stored ?? (await renderPdf(ctx, v));
  return { stream: Readable.from([bytes]), fileName: input.file };
}

export async function photoFile(ctx: AuthedContext, input: { vid: number }) {
  const v = await visibleVisit(ctx, input.vid);
  const stream = v.photo ? await ctx.services.files.stream(v.photo) : undefined;
  if (!stream) throw noSuchVisit();
  return stream;
}

/**
 * The desk hands an access card to a visitor on site, or takes it back (''). A card is with one visitor on site at a
 * time; after sign-out the number stays on the record as history.
 */
export async function updateInfo(ctx: AuthedContext, input: { vid: number; cardNo: string }): Promise<Visit> {
  const repo = repoOf(ctx);
  const v = await repo.byId(input.vid);
  if (!v) throw noSuchVisit();
  if (v.status !== 'signedIn') throw new AppError(Status.UPDATE_NOT_ALLOWED, 'Cards are handed to visitors on site', { status: v.status });
  const cardNo = input.cardNo.toUpperCase();
  if (cardNo && (await repo.cardHolders(cardNo, v.id)).length) throw badParams([{ field: 'cardNo', rule: 'taken' }]);
  const [row] = await repo.setCard(v.id, cardNo);
  if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The visit changed meanwhile; reload it');
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = cardNo ? logDesc('visitCardIssued', { cardNo }) : logDesc('visitCardReturned', { cardNo: v.cardNo });
  return toVisit(row);
}

/** A badge to print or reprint: the visit and the company's badge style (from the pad settings). */
export async function cardInfo(ctx: AuthedContext, input: { vid: number }) {
  const v = await visibleVisit(ctx, input.vid);
  const pad = await padConfig(ctx, {});
  return { visit: toVisit(v), company: pad.company, shortName: pad.shortName, settings: pad.settings };
}
