import { randomUUID } from 'node:crypto';
import { FACE_MAX_BYTES, FACE_MIN_PX, type RequestKind, Role, type ScreeningChannel, type ScreeningSubject, Status } from '@openvisit/contract';
import { gatesNamed } from '../../core/sites/sites.public.js';
import type { VisitRow } from '../../core/visits/visits.public.js';
import { FaceRejected, facePhoto, facePhotoError } from '../../platform/files/facePhotos.js';
import { dataUrlBytes, ImageRejected, normalisePhoto, normaliseSignature } from '../../platform/files/images.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { blacklist, holdForReview, type Screened } from '../blacklist/blacklist.public.js';

// What every way in at the desk or kiosk shares: the gate, screening, the protocol, the photo and signature, the leave time.

/** Desk accounts work at their own gates; administrators may name any gate (or none). */
export function gateOf(ctx: AuthedContext, asked: number | null): number | null {
  const own = ctx.session.gids;
  if (ctx.session.role === Role.GATE || ctx.session.role === Role.MACHINE) {
    if (asked && !own.includes(asked)) throw new AppError(Status.GATE_NOT_FOUND);
    return asked ?? own[0] ?? null;
  }
  return asked;
}

function signatureError(err: unknown): never {
  if (err instanceof ImageRejected) throw badParams([{ field: 'signature', rule: err.problem === 'tooLarge' ? 'size' : 'type' }]);
  throw err;
}

/** The longer edge of a visitor's stored photo. */
const VISITOR_PHOTO_EDGE = 960;

/** A photo as a registration stores it (one face, upright, scaled, re-encoded), for the desk to send back as a data URL. */
export async function photoAsDataUrl(bytes: Buffer): Promise<string> {
  const photo = await facePhoto(bytes, { maxEdge: VISITOR_PHOTO_EDGE }).catch(facePhotoError('file'));
  return `data:image/jpeg;base64,${photo.bytes.toString('base64')}`;
}

/** A picture re-encoded as a visitor's photo is, its faces not judged (the original desk asks that afterwards). */
export async function pictureAsDataUrl(bytes: Buffer): Promise<string> {
  const photo = await normalisePhoto(bytes, { minPx: FACE_MIN_PX, maxBytes: FACE_MAX_BYTES, maxEdge: VISITOR_PHOTO_EDGE }).catch(
    facePhotoError('file'),
  );
  return `data:image/jpeg;base64,${photo.bytes.toString('base64')}`;
}

/** How many faces are on a photo sent as a data URL: 0, 1, or 2 for several. */
export async function facesOn(dataUrl: string): Promise<number> {
  const bytes = dataUrlBytes(dataUrl);
  if (!bytes) throw badParams([{ field: 'photo', rule: 'type' }]);
  try {
    await facePhoto(bytes, { maxEdge: VISITOR_PHOTO_EDGE });
    return 1;
  } catch (err) {
    if (err instanceof FaceRejected) return err.problem === 'noFace' ? 0 : 2;
    return facePhotoError('photo')(err);
  }
}

/** Checks and stores the photo and signature of a registration or check-in; answers their file keys. */
export async function storeImages(ctx: AuthedContext, input: { photo: string; signature: string }): Promise<{ photo?: string; signature?: string }> {
  const out: { photo?: string; signature?: string } = {};
  const prefix = `visits/${ctx.session.companyId}`;
  if (input.photo) {
    const bytes = dataUrlBytes(input.photo);
    if (!bytes) throw badParams([{ field: 'photo', rule: 'type' }]);
    const photo = await facePhoto(bytes, { maxEdge: VISITOR_PHOTO_EDGE }).catch(facePhotoError('photo'));
    out.photo = `${prefix}/${randomUUID()}.jpg`;
    await ctx.services.files.put(out.photo, photo.bytes);
  }
  if (input.signature) out.signature = await storeSignature(ctx, input.signature);
  return out;
}

/** Checks and stores a handwritten signature (a PNG data URL); answers its file key. */
export async function storeSignature(ctx: AuthedContext, dataUrl: string): Promise<string> {
  const bytes = dataUrlBytes(dataUrl);
  if (!bytes) throw badParams([{ field: 'signature', rule: 'type' }]);
  const png = await normaliseSignature(bytes).catch(signatureError);
  const key = `visits/${ctx.session.companyId}/${randomUUID()}-signature.png`;
  await ctx.services.files.put(key, png);
  return key;
}

/**
 * Watchlist screening (when the company has it on): a refusing match stops the visitor with 66 and a neutral message,
 * nothing is stored, and reception is alerted through the operation log (module blacklist, event alert). Answers the
 * screening otherwise: a `review` holds the visit for a reviewer (holdVisit), unless one already allowed this visit.
 */
export async function screen(
  ctx: AuthedContext,
  who: { name: string; phone: string; idNumber: string },
  subject?: { kind: ScreeningSubject; id: number },
): Promise<Screened> {
  const screened = await blacklist.screenSubject(ctx, who, subject);
  if (screened.decision === 'refuse') throw new AppError(Status.BLACKLISTED);
  return screened;
}

type Person = { name: string; phone: string; idNumber: string };

/** Several people screened, each as `screen` would, in order; a refusal is the caller's to report. */
export async function screenAll(ctx: AuthedContext, people: readonly Person[]): Promise<Screened[]> {
  const out: Screened[] = [];
  for (const who of people) out.push(await blacklist.screenSubject(ctx, who));
  return out;
}

/**
 * Several people coming together (an invitation's visitors): a refusal stops them all (66), naming every refused
 * person by place and name (`result.refused`), so the form can say which.
 */
export async function screenTogether(ctx: AuthedContext, people: readonly Person[]): Promise<Screened[]> {
  const screened = await screenAll(ctx, people);
  const refused = people.flatMap((p, index) => (screened[index]?.decision === 'refuse' ? [{ index, name: p.name }] : []));
  if (refused.length) throw new AppError(Status.BLACKLISTED, undefined, { refused });
  return screened;
}

/** What a visit held for review goes on with once allowed: its approval policy (still to ask), or nothing more. */
export interface HeldVisit {
  approval: boolean;
  kind: RequestKind;
  submitter: string;
}

/** Holds a visit whose screening asks a reviewer (the visit stays waiting, permission 0, until one decides). */
export async function holdVisit(ctx: AuthedContext, v: VisitRow, screened: Screened, channel: ScreeningChannel, resume?: HeldVisit): Promise<void> {
  await holdForReview(ctx, {
    subject: 'visit',
    subjectId: v.id,
    visitId: v.id,
    name: v.name,
    phone: v.phone,
    channel,
    matches: screened.matches,
    ...(resume && { resume: { ...resume } }),
  });
}

/** Where a desk role acts: the kiosk (a visitor machine) or the front desk; consents and terms record it. */
export function deskVia(ctx: AuthedContext): 'kiosk' | 'desk' {
  return ctx.session.role === Role.MACHINE ? 'kiosk' : 'desk';
}

export async function gateName(ctx: AuthedContext, gid: number | null): Promise<string> {
  return gid ? ((await gatesNamed(ctx, [gid]))[0]?.gname ?? '') : '';
}
