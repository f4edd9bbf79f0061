import {
  appointmentWindowFailure,
  type In,
  type KnownVisitor,
  logDesc,
  normalizePhone,
  SEARCH_RECORDS_MAX,
  Status,
  VISIT_MOVES,
  type Visit,
  type VisitorStatus,
} from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import { gatesNamed } from '../../core/sites/sites.public.js';
import { move, searchPage, toVisit, type VisitQuery, type VisitRow, visitsOf } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { randomToken, sha256 } from '../../platform/identity/crypto.js';
import { assertMay } from '../../platform/identity/policy.js';
import { invitationActions } from './invitations.policy.js';
import {
  checkCommon,
  createInvitations,
  hostFor,
  invitedThatDay,
  inviteLink,
  mailInvitation,
  mayTouch,
  withAbilities,
} from './invitations.service.js';

/** Before check-in: an invitation in one of these can still be used, so re-sending gives it a new link. */
const OPEN: readonly VisitorStatus[] = VISIT_MOVES.cancel.from;

function repoOf(ctx: AuthedContext) {
  return visitsOf(ctx.tenant);
}

/** The invitation the caller may act on: employees their own only, a sub-company its employees'; 1117 for anything else. */
async function ownInvitation(ctx: AuthedContext, vid: number): Promise<VisitRow> {
  const v = await repoOf(ctx).byId(vid);
  if (v?.kind !== 'invite' || !mayTouch(ctx, v)) throw new AppError(Status.INVALID_VISITOR);
  return v;
}

/**
 * Re-sends an invitation. Still to come (and its window still open): a new link replaces the old one and the mail goes
 * again. Finished without a visit (called off, declined, expired, or its window passed, which expires it now): it stays
 * as it was and a fresh invitation is made for the same visitor and visit, at the given time or the old one.
 */
export async function resend(
  ctx: AuthedContext,
  input: { vid: number; appointmentDate?: number },
): Promise<Visit & { inviteLink: string; renewed: boolean }> {
  const v = await ownInvitation(ctx, input.vid);
  assertMay(invitationActions.resend, v, { why: 'The visitor has already come; invite again for another visit', result: { status: v.status } });
  // The inviter must still be allowed to invite (an employee: the company switch and their own flag, 116; the host: 55/1119).
  if (!v.empId) throw new AppError(Status.EMPLOYEE_NOT_EXIST);
  const host = await hostFor(ctx, v.empId);
  const closes = v.appointmentAt ? v.appointmentAt.getTime() + (await settingsOf(ctx)).latExtendTime * 60_000 : null;
  const open = OPEN.includes(v.status as VisitorStatus);

  if (open && (closes === null || closes >= Date.now())) {
    const token = randomToken(32);
    const row = await repoOf(ctx).setInviteToken(v.id, sha256(token), OPEN);
    if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The invitation changed meanwhile; reload it');
    const [gate] = row.gid ? await gatesNamed(ctx, [row.gid]) : [];
    await mailInvitation(ctx, row, token, gate?.gname ?? '');
    ctx.audit.objId = row.id;
    ctx.audit.objName = row.name;
    ctx.audit.desc = logDesc('invitationResent');
    return { ...toVisit(row), inviteLink: inviteLink(ctx, token), renewed: false };
  }

  // A cancelled invitation must be re-sent (spec section 4): a new one, checked like any invitation.
  const at = new Date(input.appointmentDate ?? v.appointmentAt?.getTime() ?? Number.NaN);
  const rule = Number.isNaN(at.getTime()) ? 'required' : appointmentWindowFailure(at.getTime(), Date.now());
  if (rule) throw badParams([{ field: 'appointmentDate', rule }]);
  const common = await checkCommon(ctx, { empid: host.id, tid: v.tid, visitType: v.visitType, visitReason: v.visitReason, gid: v.gid });
  // Still open but its window passed: it can no longer be used, so it expires (and stops counting as that day's invitation).
  if (open) await move(ctx, v, 'expire', {}, 'window passed');
  if (v.phone && (await invitedThatDay(ctx, v.phone, at)))
    throw new AppError(Status.SAME_PHONE_APPOINTMENT, undefined, { errors: [{ field: 'appointmentDate', rule: 'invited' }] });
  const [fresh] = await createInvitations(ctx, common, [
    { name: v.name, phone: v.phone, email: v.email, company: v.company, lang: v.lang === 'en' ? 'en' : 'zh', at },
  ]);
  if (!fresh) throw new AppError(Status.SERVER_ERROR);
  ctx.audit.desc = logDesc('invitationRenewed', { previous: v.id });
  return { ...fresh, renewed: true };
}

/** The administrator's list: invitations and bookings (or one of the two), company-wide; a sub-company its own. */
export async function searchAppointments(ctx: AuthedContext, q: VisitQuery & { startIndex: number; requestedCount: number; withCount?: boolean }) {
  return withAbilities(ctx, await searchPage(ctx, q, q.kind ? {} : { kinds: ['invite', 'appointment'] }));
}

/**
 * Who came before with this phone, to fill the invite form. Privacy rule: an employee sees only the visitors of visits
 * they hosted (any kind), never who else in the company was visited by whom; administrators see the company's.
 */
export async function recordsByPhone(ctx: AuthedContext, input: In<'SearchRecordsByPhone'>): Promise<KnownVisitor[]> {
  const phone = normalizePhone(input.phone) ?? input.phone;
  const rows = await repoOf(ctx).recentByPhone(phone, { limit: 50 });
  const seen = new Set<string>();
  const out: KnownVisitor[] = [];
  for (const r of rows) {
    const key = `${r.name}\u0000${r.email}\u0000${r.company}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      vname: r.name,
      vphone: r.phone,
      vemail: r.email,
      vcompany: r.company,
      lang: r.lang === 'en' ? 'en' : 'zh',
      lastVisit: (r.visitAt ?? r.appointmentAt ?? r.createdAt).getTime(),
    });
    if (out.length === SEARCH_RECORDS_MAX) break;
  }
  return out;
}
