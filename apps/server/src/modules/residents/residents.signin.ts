import { logDesc, normalizePhone, Status, type Visit } from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import { residentOnSiteToday, toVisit } from '../../core/visits/visits.public.js';
import { isOriginalPass } from '../../platform/formats/originalPasses.js';
import { isResidentPass, readAnyPass } from '../../platform/formats/passes.js';
import { type AuthedContext, inTx } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { holdForReview, type ScreeningSubjectHandler } from '../blacklist/blacklist.public.js';
import { screen, signInResident } from '../visits/visits.public.js';
import { type ResidentWithProject, residentsRepository } from './residents.repository.js';

/** Phones are stored normalised, like visits' (so a resident's visits and the blacklist compare alike). */
const storedPhone = (phone: string) => (phone ? (normalizePhone(phone) ?? phone) : '');

type DeskInput = { phone: string; cardid: string; qrcode: string; rid?: number };

/**
 * The worker a desk names: by id (the original desk app, from its look-up), by QR pass (getRvQrcode; 1112 when it is not this company's), else by phone or
 * certificate number (both given must be the same person). 1117 when no one.
 */
async function residentAtDesk(ctx: AuthedContext, input: DeskInput): Promise<ResidentWithProject> {
  const repo = residentsRepository(ctx.tenant);
  if (input.rid !== undefined) {
    const r = await repo.byId(input.rid);
    if (!r) throw new AppError(Status.INVALID_VISITOR, 'No resident visitor has this id');
    return r;
  }
  if (input.qrcode && (isResidentPass(input.qrcode) || isOriginalPass(input.qrcode))) {
    // The original's format only where the company switched compatibility on (else 1112), and only a worker's.
    const original = (await settingsOf(ctx)).originalCompat === 1 ? { cryptoperiod: 0 } : null;
    const read = readAnyPass(ctx.services.secrets, ctx.tenant.companyId, input.qrcode, original);
    if (read.person !== 'resident') throw new AppError(Status.QRCODE_FORMAT_ERROR);
    const r = await repo.byId(read.rid);
    if (!r) throw new AppError(Status.INVALID_VISITOR, 'No resident visitor has this pass');
    return r;
  }
  if (input.qrcode && !input.phone && !input.cardid) throw new AppError(Status.QRCODE_FORMAT_ERROR);
  const phone = storedPhone(input.phone);
  const found = await repo.byIdentity(phone, input.cardid);
  const r = found[0];
  if (!r || found.length > 1 || (phone && r.phone !== phone) || (input.cardid && r.idNumber !== input.cardid))
    throw new AppError(Status.INVALID_VISITOR, 'No resident visitor has this phone or certificate number');
  return r;
}

// ---------------------------------------------------------------------------------------------
// Sign-in at the desk
// ---------------------------------------------------------------------------------------------

/**
 * Found by phone or certificate number (both given must be the same person); then approval (1121), the validity
 * window (1115), a visit already open today (answered as `repeated`), blacklist screening (66, reception alerted),
 * and the visit created and checked in while the resident's row is locked, so two desks cannot sign one person in
 * twice at once.
 */
export async function signIn(ctx: AuthedContext, input: DeskInput & { gid: number | null }): Promise<Visit & { rid: number; repeated: boolean }> {
  const r = await residentAtDesk(ctx, input);
  if (r.rstatus !== 1) throw new AppError(Status.VISITOR_UNAUTHORIZED, undefined, { rstatus: r.rstatus });
  const now = Date.now();
  if (now < r.startAt.getTime() || now > r.endAt.getTime())
    throw new AppError(Status.OUTSIDE_VALIDITY, undefined, { startDate: r.startAt.getTime(), endDate: r.endAt.getTime() });
  const repeated = (v: Parameters<typeof toVisit>[0]) => {
    ctx.audit.skip = true;
    return { ...toVisit(v), rid: r.id, repeated: true };
  };
  const open = await residentOnSiteToday(ctx, r.id);
  if (open) return repeated(open);
  // Outside the transaction: a refusal must keep the alert it writes.
  const screened = await screen(ctx, { name: r.name, phone: r.phone, idNumber: r.idNumber }, { kind: 'resident', id: r.id });
  if (screened.decision === 'review') {
    // Reception reviews the match; allowed, the next sign-in goes through; refused, the worker is refused.
    const held = { subject: 'resident', subjectId: r.id, name: r.name, phone: r.phone, channel: 'resident', matches: screened.matches } as const;
    await holdForReview(ctx, held);
    throw new AppError(Status.VISITOR_UNAUTHORIZED, 'Please wait: reception will see you in', { rstatus: r.rstatus, held: true });
  }
  const result = await inTransaction(ctx.tenant, async (tx) => {
    const txCtx = inTx(ctx, tx);
    await residentsRepository(tx).lock(r.id);
    const raced = await residentOnSiteToday(txCtx, r.id);
    if (raced) return repeated(raced);
    const visit = await signInResident(
      txCtx,
      {
        rid: r.id,
        name: r.name,
        phone: r.phone,
        company: r.company,
        certificateType: r.certificateType,
        idNumber: r.idNumber,
        plateNum: r.plateNum,
        projectName: r.projectName,
        // The resident's own responsible person, else the project's: the host the badge and lists show.
        leader: r.leader || r.projectLeader,
      },
      input.gid,
    );
    return { ...visit, rid: r.id, repeated: false };
  });
  if (!result.repeated) {
    ctx.audit.objId = result.vid;
    ctx.audit.objName = r.name;
    ctx.audit.desc = logDesc('residentSignedIn', { project: r.projectName });
  }
  return result;
}

/**
 * What a screening reviewer's decision does to a resident or supplier worker it held at the desk (registered in app.ts):
 * allowed, nothing moves (the next sign-in goes through); refused, the worker is refused, the reviewer's reason kept.
 */
export const residentScreening: ScreeningSubjectHandler = {
  async allowed() {},
  async refused(ctx, review) {
    await residentsRepository(ctx.tenant).setStatus([review.subjectId], { rstatus: 2, refuseCause: review.remark, approver: review.decidedBy });
  },
};
