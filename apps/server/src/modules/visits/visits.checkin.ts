import { type In, logDesc, normalizePhone, Role, Status, VISIT_MOVES, type Visit, type VisitEvent, type VisitorStatus } from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import {
  checkInWindow,
  faceConsentColumns,
  leaveAtFrom,
  move,
  moveMany,
  noSuchVisit,
  privacyNoticeColumns,
  protocolColumns,
  setVisitCard,
  toVisit,
  type VisitInsert,
  type VisitRow,
  visitsRepository,
  withPass,
} from '../../core/visits/visits.public.js';
import { codeOfScan, isScannedPass } from '../../platform/formats/passes.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, requireEvery } from '../../platform/http/errors.js';
import { isWaiting } from '../approvals/approvals.public.js';
import { reviewWaiting, withdrawReviews } from '../blacklist/blacklist.public.js';
import { notifyArrival } from '../notifications/notifications.public.js';
import { deskVia, gateName, gateOf, holdVisit, screen, storeImages } from './visits.desk.js';

function repoOf(ctx: AuthedContext) {
  return visitsRepository(ctx.tenant);
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

const CHECK_IN_FROM: readonly VisitorStatus[] = VISIT_MOVES.checkIn.from;

/** Check-in of an invited or booked visitor by code or phone. Checking in twice answers the record as it is. */
export async function checkIn(ctx: AuthedContext, input: Omit<In<'AppClientSignin'>, 'userid'>): Promise<Visit & { repeated: boolean }> {
  const repo = repoOf(ctx);
  const settings = await settingsOf(ctx);
  const now = new Date();
  let v: VisitRow | undefined;
  if (input.vid) {
    v = await repo.byId(input.vid);
    if (!v) throw noSuchVisit();
  } else if (input.verifyCode) {
    // The QR check-in switch (scaner): off, a scanned pass is refused; a code typed by hand still checks in.
    if (settings.scaner === 0 && isScannedPass(input.verifyCode)) throw new AppError(Status.QR_CHECKIN_OFF);
    v = await repo.byCode(codeOfScan(ctx.services.secrets, ctx.tenant.companyId, input.verifyCode, settings.originalCompat === 1));
    if (!v) throw noSuchVisit();
  } else {
    const phone = normalizePhone(input.phone) ?? input.phone;
    const candidates = await repo.byPhone(phone, [...CHECK_IN_FROM, 'signedIn']);
    if (!candidates.length) throw noSuchVisit();
    // The one whose window is open now, else the nearest (whose window then says early or late).
    const windows = await Promise.all(candidates.map((c) => checkInWindow(ctx.tenant, c, settings)));
    v = candidates.find((_c, i) => inWindow(windows[i] ?? null, now)) ?? candidates[0];
  }
  if (!v) throw noSuchVisit();
  if (v.status === 'signedIn') {
    ctx.audit.skip = true;
    return { ...withPass(ctx, v, settings), repeated: true };
  }
  // Refused by an approver (or declined after a refusal): not in.
  if (v.status === 'refused' || v.status === 'unauthorized') throw new AppError(Status.VISITOR_UNAUTHORIZED, undefined, { status: v.status });
  // Called off or over says so even while an approval was still pending: that is what the visitor must hear.
  if (!CHECK_IN_FROM.includes(v.status as VisitorStatus))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, `A ${v.status} visit cannot check in`, { status: v.status });
  // Still waiting for approval.
  if (v.permission !== 1) throw new AppError(Status.VISITOR_UNAUTHORIZED, undefined, { status: v.status });
  checkWindow(await checkInWindow(ctx.tenant, v, settings), now);
  const via = deskVia(ctx);
  const asked = {
    accepted: input.protocolAccepted,
    versionId: input.protocolVersion,
    lang: v.lang === 'en' ? 'en' : 'zh',
    phone: v.phone,
    via,
  } as const;
  const terms = v.protocolAccepted ? {} : await protocolColumns(ctx.tenant, settings, asked);
  const notice = await privacyNoticeColumns(ctx.tenant, { versionId: input.privacyNotice, lang: asked.lang, via });
  const screened = await screen(ctx, { name: v.name, phone: v.phone, idNumber: v.idNumber }, { kind: 'visit', id: v.id });
  if (screened.decision === 'review') {
    // Held at the door of the building: reception reviews the match; allowed, the next check-in goes through.
    await holdVisit(ctx, v, screened, 'checkIn');
    throw new AppError(Status.VISITOR_UNAUTHORIZED, 'Please wait: reception will see you in', { status: v.status, held: true });
  }
  await ctx.services.induction.require(ctx.tenant, { tid: v.tid, vid: v.id, phone: v.phone, idNumber: v.idNumber, email: v.email });
  const consent = await faceConsentColumns(ctx.tenant, input.faceConsent, via);
  const images = await storeImages(ctx, input);
  const gid = gateOf(ctx, input.gid);
  const row = await move(ctx, v, 'checkIn', {
    visitAt: now,
    leaveAt: v.leaveAt ?? leaveAtFrom(settings, now),
    gid,
    signInGate: await gateName(ctx, gid),
    signInOp: ctx.session.name,
    ...(images.photo && { photo: images.photo }),
    ...consent,
    ...(images.signature && { signature: images.signature }),
    ...terms,
    ...notice,
  });
  await notifyArrival(ctx, row);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('visitCheckedIn', { host: row.empName });
  return { ...withPass(ctx, row, settings), repeated: false };
}

async function signOutRow(ctx: AuthedContext, v: VisitRow, gate = ''): Promise<VisitRow> {
  return move(ctx, v, 'signOut', { signOutAt: new Date(), signOutOp: ctx.session.name, signOutGate: gate });
}

/** Kiosk sign-out by phone or code: every visit of that visitor still on site. */
export async function signOutAtKiosk(ctx: AuthedContext, input: In<'VisitorSignOut'>): Promise<Visit[]> {
  if (ctx.session.role === Role.MACHINE && (await settingsOf(ctx)).signOutSwitch !== 1)
    throw new AppError(Status.NO_PERMISSION, 'Signing out at the kiosk is switched off');
  const repo = repoOf(ctx);
  const gate = await gateName(ctx, gateOf(ctx, input.gid));
  let rows: VisitRow[];
  if (input.verifyCode) {
    const original = (await settingsOf(ctx)).originalCompat === 1;
    const v = await repo.byCode(codeOfScan(ctx.services.secrets, ctx.tenant.companyId, input.verifyCode, original));
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

export async function signOutByVid(ctx: AuthedContext, input: In<'VisitorSignOutByVid'>): Promise<Visit> {
  const v = await repoOf(ctx).byId(input.vid);
  if (v?.status !== 'signedIn') throw noSuchVisit();
  // A desk signs out at its own gate (its first), as its sign-ins record theirs; a console account at none.
  const row = await signOutRow(ctx, v, await gateName(ctx, ctx.session.gids[0] ?? null));
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('visitSignedOut');
  return toVisit(row);
}

/** One conditional UPDATE for all of them and one insert of their history rows: those not signed in are skipped. */
export async function batchSignOut(ctx: AuthedContext, input: In<'batchSignOut'>) {
  const ids = [...new Set(input.vids)];
  const known = await visitsRepository(ctx.tenant).list({ ids }, ids.length);
  requireEvery(
    ids,
    known.map((v) => v.id),
    noSuchVisit,
  );
  const targets = ids.map((id) => ({ id }));
  const signOutGate = await gateName(ctx, ctx.session.gids[0] ?? null);
  const moved = await moveMany(ctx, targets, 'signOut', { signOutAt: new Date(), signOutOp: ctx.session.name, signOutGate });
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
export async function changeStatus(ctx: AuthedContext, input: In<'updateVisitStatus'>): Promise<Visit> {
  const event = input.event as VisitEvent;
  if (event === 'checkIn') throw new AppError(Status.UPDATE_NOT_ALLOWED, 'Check in at the kiosk or the desk');
  const v = await repoOf(ctx).byId(input.vid);
  if (!v) throw noSuchVisit();
  if ((event === 'approve' || event === 'reject') && (await isWaiting(ctx, v.id)))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This visit is waiting for its approvers; decide it in the approval list if you are one');
  if (event === 'approve' && (await reviewWaiting(ctx, 'visit', v.id)))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'Screening held this visit: allow it in the screening review queue');
  const set: Partial<VisitInsert> =
    event === 'approve'
      ? { permission: 1 }
      : event === 'reject'
        ? { permission: 2 }
        : event === 'signOut'
          ? { signOutAt: new Date(), signOutOp: ctx.session.name }
          : {};
  const row = await move(ctx, v, event, set, input.note);
  // Refused, called off or expired here, a visit held by screening needs no reviewer any more.
  if (event === 'reject' || event === 'cancel' || event === 'expire') await withdrawReviews(ctx, 'visit', [row.id]);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc(EVENT_DESC[event]);
  return toVisit(row);
}

/**
 * The desk hands an access card to a visitor on site, or takes it back (''). A card is with one visitor on site at a
 * time; after sign-out the number stays on the record as history.
 */
export async function updateInfo(ctx: AuthedContext, input: In<'updateVisitInfo'>): Promise<Visit> {
  const repo = repoOf(ctx);
  const v = await repo.byId(input.vid);
  if (!v) throw noSuchVisit();
  if (v.status !== 'signedIn') throw new AppError(Status.UPDATE_NOT_ALLOWED, 'Cards are handed to visitors on site', { status: v.status });
  const cardNo = input.cardNo.toUpperCase();
  if (cardNo && (await repo.cardHolders(cardNo, v.id)).length) throw badParams([{ field: 'cardNo', rule: 'taken' }]);
  const row = await setVisitCard(ctx, v.id, cardNo);
  if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The visit changed meanwhile; reload it');
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = cardNo ? logDesc('visitCardIssued', { cardNo }) : logDesc('visitCardReturned', { cardNo: v.cardNo });
  return toVisit(row);
}
