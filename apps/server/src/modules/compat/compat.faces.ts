import { asObject } from './compat.shared.js';

/**
 * The face calls have two callers under one name. The invitation page (no session) names the invitation by its link's
 * token (`secid`, or the original's `id`): its visitor's face. The front desk (its session) sends the `photoUrl` that
 * `Upload` answered and polls `getFaceStatus` for the verdict in `result`: 0 one face, 2 none, 3 several
 * (frontdesk-app.md §3c–d); the photo is stored only by the registration or sign-in that follows, checked again there.
 */
export function faceCheckCall(raw: unknown, signedIn: boolean): string | undefined {
  const body = asObject(raw);
  const invitation = body.secid !== undefined || body.secId !== undefined || body.id !== undefined;
  return signedIn && !invitation ? 'checkVisitorPhoto' : undefined;
}

export function faceCheck(raw: unknown): unknown {
  const { id, secId, photoUrl, ...body } = asObject(raw);
  if (body.secid === undefined && secId === undefined && id === undefined) return { ...body, photo: photoUrl };
  return { ...body, secid: body.secid ?? secId ?? id };
}

/** The face terminals' statuses the desk reads: 0 one face, 2 none, 3 several. */
const DESK_FACE_STATUS = (faces: number) => (faces === 1 ? 0 : faces === 0 ? 2 : 3);

/** The desk's verdict as a number; the invitation page's: its face in (`face` 1), the page still taking one (`canUpload` 1). */
export function faceStatus(result: unknown): unknown {
  const page = asObject(result);
  if (typeof page.faces === 'number') return DESK_FACE_STATUS(page.faces);
  return { face: page.hasPhoto ? 1 : 0, canUpload: page.canSupplement ? 1 : 0, status: page.status };
}
