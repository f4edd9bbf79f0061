import { nextStatus, Status, type VisitorStatus } from '@openvisit/contract';
import { settingsIn } from '../../core/company/company.public.js';
import { visitById } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { signInAtDoor, signOutAtDoor } from '../doors/doors.public.js';

/** An entry older than this when it is uploaded (a terminal's backlog) no longer signs anyone in. */
const ENTRY_FRESH_MS = 60 * 60_000;

/**
 * Passes at devices that keep people (face terminals, pushed-to devices) move visits as QR passes do where the company's doors sign visitors in and out (`doorSignIn`): the last
 * successful pass of each visit in the batch decides. An entry signs in a visitor the state machine lets check in
 * (approved, not yet in; the blacklist and protocol checks of the door apply: one who fails them is let through by the
 * terminal, which knew them, but not signed in); an exit signs a visitor on site out, however late it is reported.
 */
export async function signInOrOutAtFace(
  actor: AuthedContext,
  deviceName: string,
  passes: readonly { visitId?: number | null; direction: number; result: number; at: Date }[],
  now = new Date(),
): Promise<void> {
  const last = new Map<number, { direction: number; at: Date }>();
  for (const p of passes) {
    if (p.visitId == null || p.result !== 1) continue;
    const seen = last.get(p.visitId);
    if (!seen || seen.at <= p.at) last.set(p.visitId, { direction: p.direction, at: p.at });
  }
  if (!last.size) return;
  const settings = await settingsIn(actor.tenant);
  if (settings.doorSignIn !== 1) return;
  const door = { name: deviceName };
  for (const [vid, p] of last) {
    const v = await visitById(actor, vid);
    if (!v) continue;
    const status = v.status as VisitorStatus;
    try {
      if (p.direction === 1 && now.getTime() - p.at.getTime() <= ENTRY_FRESH_MS && v.permission === 1 && nextStatus(status, 'checkIn'))
        await signInAtDoor(actor, v, settings, door);
      else if (p.direction === 2 && nextStatus(status, 'signOut')) await signOutAtDoor(actor, v, door);
    } catch (err) {
      // Moved meanwhile by someone else (the desk, another door): their move stands, and the records are kept.
      if (!(err instanceof AppError && err.status === Status.UPDATE_NOT_ALLOWED)) throw err;
    }
  }
}
