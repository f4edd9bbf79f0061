import { createHash } from 'node:crypto';
import { type In, normalizePlate as normalizeBookingPlate, type Out, SNAPSHOT_MAX_BYTES, Status } from '@openvisit/contract';
import { settingsIn } from '../../core/company/company.public.js';
import { normalizePlate, recordVehicles } from '../../core/entitlements/entitlements.public.js';
import { type VisitRow, visitsByPlate } from '../../core/visits/visits.public.js';
import { ImageRejected, normalisePhoto } from '../../platform/files/images.js';
import type { DeviceContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { logistics } from '../logistics/logistics.public.js';
import { doorWindow } from './doors.window.js';

/**
 * What a barrier does with a plate: the most likely visit expecting it (signed in first, then the nearest expected
 * time) decides an entry: signed in, or approved and within its door window, opens; awaiting approval or refused 1121;
 * outside the window 1115; no visit 1117. An exit opens whatever (a vehicle is never shut in), matched where it can be.
 * A truck booked for today (logistics) by that plate arrives on entry and leaves on exit, and opens.
 * The barrier is answered 0 either way, with `open` and `code`: a plate nobody expects is the guard's call, not an error.
 */
export async function uploadVehicleInfo(ctx: DeviceContext, input: In<'uploadVehicleInfo'>): Promise<Out<'uploadVehicleInfo'>> {
  const { device, tenant: scope } = ctx;
  if (device.kind !== 'barrier') throw new AppError(Status.DEVICE_NOT_ALLOWED, 'Only vehicle barriers report plates');
  if (input.deviceCode && input.deviceCode !== device.code) throw new AppError(Status.DEVICE_NOT_ALLOWED, 'deviceCode is not this device’s');
  const direction: 1 | 2 = input.direction ?? (device.direction === 2 ? 2 : 1);
  const plate = normalizePlate(input.plateNum);
  const candidates = await visitsByPlate(scope, plate);
  const settings = await settingsIn(scope);
  const now = Date.now();
  let match: VisitRow | undefined;
  let code: number = Status.INVALID_VISITOR;
  for (const v of candidates) {
    const verdict = await entryCode(v, scope, settings, now);
    // The first visit that opens wins; else the first one's reason is told.
    if (verdict === 0 || !match) {
      match = v;
      code = verdict;
    }
    if (verdict === 0) break;
  }
  // A truck booked for today (logistics) arrives or leaves by its plate; it opens whatever the visits said.
  const booking = await logistics.matchPlate(scope, ctx.services.induction, normalizeBookingPlate(input.plateNum), direction);
  if (booking?.moved) code = 0;
  // A driver owing the induction goes to the kiosk first, as a visitor who has not passed it (doors.pass.ts).
  else if (booking && code !== 0) code = Status.NOT_SIGNED_IN;
  if (direction === 2) code = 0;
  const name = match?.name || booking?.dname || '';
  const photo = input.snapshot ? await storeSnapshot(ctx, input.snapshot, 'snapshot') : '';
  const [row] = await recordVehicles(scope, [
    {
      at: new Date(now),
      deviceId: device.id,
      deviceName: device.name,
      deviceCode: device.code,
      plate,
      vehicleType: input.vehType,
      direction,
      visitId: match?.id ?? null,
      name,
      result: code === 0 ? 1 : 0,
      code,
      photo,
    },
  ]);
  return { open: code === 0, recordId: row?.id ?? 0, direction, plateNum: plate, vid: match?.id ?? null, name, code };
}

async function entryCode(
  v: VisitRow,
  scope: DeviceContext['tenant'],
  settings: Awaited<ReturnType<typeof settingsIn>>,
  now: number,
): Promise<number> {
  if (v.status === 'refused' || v.status === 'unauthorized' || v.permission !== 1) return Status.VISITOR_UNAUTHORIZED;
  if (v.status === 'signedIn') return 0;
  const window = await doorWindow(scope, v, settings);
  return !window || (now >= window.from && now <= window.until) ? 0 : Status.OUTSIDE_VALIDITY;
}

/**
 * A device's snapshot of a pass, stored: decoded, checked and re-encoded as JPEG (a picture that is not one is 400 on
 * `field`); its key names its content, so a snapshot sent again is stored once.
 */
export async function storeSnapshot(ctx: DeviceContext, base64: string, field: string): Promise<string> {
  let photo: Buffer;
  try {
    photo = (await normalisePhoto(Buffer.from(base64, 'base64'), { minPx: 16, maxBytes: SNAPSHOT_MAX_BYTES, maxEdge: 1280 })).bytes;
  } catch (err) {
    if (err instanceof ImageRejected) throw badParams([{ field, rule: err.problem }]);
    throw err;
  }
  const key = `passes/${ctx.tenant.companyId}/${ctx.device.id}-${createHash('sha256').update(photo).digest('hex').slice(0, 16)}.jpg`;
  await ctx.services.files.put(key, photo);
  return key;
}
