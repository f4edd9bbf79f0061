import { type Out, Status } from '@openvisit/contract';
import { type DeviceContext, deviceActorContext } from '../../platform/calls.js';
import { dayOf, dayStart } from '../../platform/days.js';
import { AppError } from '../../platform/errors.js';
import { readPass } from '../../platform/passes.js';
import * as devices from '../devices/devices.service.js';
import * as passRecords from '../passRecords/passRecords.service.js';
import * as visits from '../visits/visits.service.js';
import { doorConfig } from './doors.config.js';
import { type DoorVerdict, decideDoor } from './doors.decision.js';
import { doorWindow } from './doors.window.js';

type Input = { qrcode: string; deviceCode?: string; direction?: 1 | 2 };
type Refusal = { status: number; why: string };

/**
 * `uploadQrcode`: a QR reader's scan → the door's decision, written as a pass record whatever it is (a refusal too,
 * with its code), then answered: 0 with who passes, or the refusal's status with the record's id.
 */
export async function uploadQrcode(ctx: DeviceContext, input: Input): Promise<Out<'uploadQrcode'>> {
  const { device, tenant: scope } = ctx;
  if (input.deviceCode && input.deviceCode !== device.code) throw new AppError(Status.DEVICE_NOT_ALLOWED, 'deviceCode is not this device’s');
  const direction: 1 | 2 = input.direction ?? (device.direction === 2 ? 2 : 1);
  const now = new Date();
  const base = { at: now, deviceId: device.id, deviceName: device.name, deviceCode: device.code, direction, way: 'qr' };
  const refuse = async (r: Refusal, who: Partial<passRecords.PassRecordInsert> = {}): Promise<never> => {
    const [row] = await passRecords.recordPasses(scope, [{ ...base, ...who, result: 0, code: r.status }]);
    throw new AppError(r.status as never, undefined, { recordId: row?.id ?? null, why: r.why });
  };

  let pass: { code: string; slot: number | null };
  try {
    pass = readPass(ctx.services.secrets, scope.companyId, input.qrcode);
  } catch {
    return refuse({ status: Status.QRCODE_FORMAT_ERROR, why: 'notAPass' });
  }
  const [v, config] = await Promise.all([visits.visitByCode(scope, pass.code), doorConfig(ctx, now)]);
  if (!v) return refuse({ status: Status.INVALID_VISITOR, why: 'noVisit' });
  const who = { personType: v.residentId ? 3 : 2, personId: v.residentId, visitId: v.id, name: v.name, phone: v.phone, company: v.company };

  const { settings } = config;
  const [granted, usage, window] = await Promise.all([
    v.residentId !== null ? devices.groupIdsGranted(scope, { residentId: v.residentId }) : (config.typeGrants.get(v.tid ?? 0) ?? []),
    passRecords.visitEntries(scope, v.id, dayStart(dayOf(now))),
    doorWindow(scope, v, settings),
  ]);
  const passGroups = devices.entitledGroups({ kind: v.residentId !== null ? 'resident' : 'visitor', granted, gid: v.gid }, config.groups);
  const verdict: DoorVerdict = decideDoor({
    now,
    direction,
    visit: { status: v.status, permission: v.permission, tid: v.tid, resident: v.residentId !== null },
    window,
    passGroups,
    deviceGroups: config.groupsOfDevice.get(device.id) ?? [],
    strategies: config.strategies,
    gateWay: (v.gid !== null && config.gateWays.get(v.gid)) || 'both',
    holidays: config.holidays,
    usage: { usesTotal: usage.total, usesToday: usage.today, firstUseAt: usage.first },
    company: { qrMaxCount: settings.qrMaxCount, doorSignIn: settings.doorSignIn === 1, cryptoperiod: settings.cryptoperiod },
    slot: pass.slot,
  });
  const group = config.groups.find((g) => g.id === verdict.groupId);
  const gid = group?.gids.length && v.gid !== null ? v.gid : null;
  const place = {
    groupId: group?.id ?? null,
    groupName: group?.name ?? '',
    gid,
    gateName: gid === null ? '' : await config.gateName(gid),
  };
  if (!verdict.ok) return refuse(verdict, { ...who, ...place });

  if (verdict.signIn) {
    // A blacklisted visitor is refused as unauthorised; one who has not accepted the protocol goes to the kiosk first.
    const moved = await visits.signInAtDoor(deviceActorContext(ctx), v, settings, device);
    if (moved === 'blacklisted') return refuse({ status: Status.VISITOR_UNAUTHORIZED, why: moved }, { ...who, ...place });
    if (moved === 'protocol') return refuse({ status: Status.NOT_SIGNED_IN, why: moved }, { ...who, ...place });
  }
  if (verdict.signOut) await visits.signOutAtDoor(deviceActorContext(ctx), v, device);
  const [row] = await passRecords.recordPasses(scope, [{ ...base, ...who, ...place, result: 1, code: 0 }]);
  return {
    open: true,
    recordId: row?.id ?? 0,
    direction,
    personType: who.personType,
    name: v.name,
    vid: v.id,
    signedIn: verdict.signIn,
    signedOut: verdict.signOut,
  };
}
