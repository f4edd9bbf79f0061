import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, type In, type Invitation, logDesc, normalizePhone, Role, Status, sniffFileType } from '@openvisit/contract';
import { faceConsentColumns, type VisitRow, visitsOf } from '../../core/visits/visits.public.js';
import { facePhoto, facePhotoError } from '../../platform/files/facePhotos.js';
import { actorContext, type CallContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { scopeForCompany } from '../../platform/identity/tenancy.js';
import { reapprove } from '../approvals/approvals.public.js';
import { byToken, pageOf, SUPPLEMENT_FROM } from './invitations.page.js';

/**
 * What the visitor adds on the invitation page, by the link's token alone (no session): the people coming along and a
 * face photo. Both only once accepted and before the check-in window closes; a cancelled, declined, expired or used
 * invitation answers 58 with its status, like a reply.
 */

async function supplementable(ctx: CallContext, secid: string): Promise<VisitRow> {
  const v = await byToken(ctx, secid);
  if (!(await pageOf(ctx, v)).canSupplement)
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This invitation can no longer be completed', { status: v.status });
  return v;
}

function asVisitor(ctx: CallContext, v: VisitRow): void {
  ctx.audit.actor = { companyId: v.companyId, account: v.phone || v.email, name: v.name, role: Role.VISITOR };
  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
}

/** The companions (the whole list each time, so the visitor can also remove one). */
export async function setCompanions(ctx: CallContext, input: In<'updateSupplementAppointment'>): Promise<Invitation> {
  const v = await supplementable(ctx, input.secid);
  const followers = input.followers.map((f) => ({ name: f.name, phone: f.phone ? (normalizePhone(f.phone) ?? f.phone) : '' }));
  const row = await visitsOf(scopeForCompany(ctx.system, v.companyId)).setFollowers(v.id, followers, SUPPLEMENT_FROM);
  if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The invitation changed meanwhile; reload it');
  // Companions may be what the company's policy approves: an approved invitation then waits for approval again.
  const again = await reapprove(actorContext(ctx, v.companyId, { account: 'visitor', name: v.name }), { followers: v.followers }, row);
  asVisitor(ctx, v);
  if (again) return pageOf(ctx, { ...row, permission: 0 });
  ctx.audit.desc = logDesc('companionsSet', { count: followers.length });
  return pageOf(ctx, row);
}

/**
 * The face photo (spec section 5): a jpg, png or gif (its first frame) by content, at least 100×100 px, at most 1 MB as sent (the page scales
 * a larger one down first), with exactly one face on it (platform/files/facePhotos.ts); stored like a kiosk photo (upright,
 * re-encoded, metadata dropped) in the file store, replacing an earlier one.
 */
export async function uploadPhoto(ctx: CallContext, input: In<'uploadAppointmentPhoto'>): Promise<Invitation> {
  const file = ctx.file;
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  const v = await supplementable(ctx, input.secid);
  const kind = sniffFileType(new Uint8Array(file.bytes.subarray(0, 16)));
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'gif') throw badParams([{ field: 'file', rule: 'type' }]);
  if (file.bytes.length > IMAGE_MAX_BYTES) throw badParams([{ field: 'file', rule: 'size' }]);
  const photo = await facePhoto(file.bytes, { maxEdge: 960 }).catch(facePhotoError('file'));
  const scope = scopeForCompany(ctx.system, v.companyId);
  // Checked before the photo is stored: a refusal leaves no file behind.
  const consent = await faceConsentColumns(scope, input.faceConsent, 'invitation');
  const key = `visits/${v.companyId}/${randomUUID()}.jpg`;
  await ctx.services.files.put(key, photo.bytes);
  await visitsOf(scope).setFiles(v.id, { photo: key, ...consent });
  if (v.photo) await ctx.services.files.remove(v.photo);
  asVisitor(ctx, v);
  ctx.audit.desc = logDesc('visitPhotoUploaded', { width: photo.width, height: photo.height });
  return pageOf(ctx, { ...v, photo: key, ...consent });
}
