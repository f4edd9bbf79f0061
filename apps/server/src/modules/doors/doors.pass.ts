import { type Out, Status } from '@openvisit/contract';
import { groupsOfVisit, type PassRecordInsert, recordPass, visitEntries } from '../../core/entitlements/entitlements.public.js';
import type { VisitRow } from '../../core/visits/visits.public.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import { type DeviceContext, deviceActorContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { DoorConfig } from './doors.config.js';
import { type DoorVerdict, decideDoor } from './doors.decision.js';
import { signInAtDoor, signOutAtDoor } from './doors.signIn.js';
import { doorWindow } from './doors.window.js';

type Refusal = { status: number; why: string; schedule?: string };
type Who = Partial<PassRecordInsert>;

/**
 * One pass at a door, whatever the credential (a QR pass, a card): the device and the way it was read, and how it ends,
 * always as a pass record — a refusal too, with its code (`refuse` throws its status with the record's id).
 */
export interface DoorPass {
  ctx: DeviceContext;
  now: Date;
  direction: 1 | 2;
  refuse(r: Refusal, who?: Who): Promise<never>;
  record(who: Who): Promise<number>;
}

export function doorPass(ctx: DeviceContext, input: { deviceCode?: string; direction?: 1 | 2 }, way: 'qr' | 'card'): DoorPass {
  const { device, tenant: scope } = ctx;
  if (input.deviceCode && input.deviceCode !== device.code) throw new AppError(Status.DEVICE_NOT_ALLOWED, 'deviceCode is not this device’s');
  const direction: 1 | 2 = input.direction ?? (device.direction === 2 ? 2 : 1);
  const now = new Date();
  const base = { at: now, deviceId: device.id, deviceName: device.name, deviceCode: device.code, direction, way };
  return {
    ctx,
    now,
    direction,
    async refuse(r, who = {}) {
      const recordId = await recordPass(scope, { ...base, ...who, result: 0, code: r.status, scheduleName: r.schedule ?? '' });
      throw new AppError(r.status as never, undefined, { recordId, why: r.why });
    },
    async record(who) {
      return recordPass(scope, { ...base, ...who, result: 1, code: 0 });
    },
  };
}

/** Where a pass went through, for its record: the matched group and, when the group is tied to gates, the visit's gate. */
export async function placeOf(config: DoorConfig, verdict: DoorVerdict, gid: number | null) {
  const group = config.groups.find((g) => g.id === verdict.groupId);
  const atGate = group?.gids.length && gid !== null ? gid : null;
  return { groupId: group?.id ?? null, groupName: group?.name ?? '', gid: atGate, gateName: atGate === null ? '' : await config.gateName(atGate) };
}

/**
 * A visitor's pass (their QR pass or the card the desk handed them): the door's decision (doors.decision.ts) on what is
 * read of the visit and the company, then, where the company's doors do that, the sign-in or sign-out.
 */
export async function visitorPass(
  p: DoorPass,
  v: VisitRow,
  config: DoorConfig,
  pass: { rotating: true; slot: number | null } | { rotating: false },
): Promise<Out<'uploadQrcode'>> {
  const { ctx, now, direction } = p;
  const scope = ctx.tenant;
  const who = { personType: v.residentId ? 3 : 2, personId: v.residentId, visitId: v.id, name: v.name, phone: v.phone, company: v.company };
  const { settings } = config;
  const [passGroups, usage, window] = await Promise.all([
    groupsOfVisit(scope, v, config),
    visitEntries(scope, v.id, dayStart(dayOf(now))),
    doorWindow(scope, v, settings),
  ]);
  const verdict = decideDoor({
    now,
    direction,
    visit: { status: v.status, permission: v.permission, tid: v.tid, resident: v.residentId !== null },
    window,
    passGroups,
    deviceGroups: config.groupsOfDevice.get(ctx.device.id) ?? [],
    strategies: config.strategies,
    gateWay: (v.gid !== null && config.gateWays.get(v.gid)) || 'both',
    holidays: config.holidays,
    usage: { usesTotal: usage.total, usesToday: usage.today, firstUseAt: usage.first },
    // A card does not rotate: only a QR pass is held to the company's rotation.
    company: { qrMaxCount: settings.qrMaxCount, doorSignIn: settings.doorSignIn === 1, cryptoperiod: pass.rotating ? settings.cryptoperiod : 0 },
    slot: pass.rotating ? pass.slot : null,
  });
  const place = await placeOf(config, verdict, v.gid);
  if (!verdict.ok) return p.refuse(verdict, { ...who, ...place });
  if (verdict.signIn) {
    // A blacklisted visitor is refused as unauthorised; one who has not accepted the protocol or passed the induction goes to the kiosk first.
    const moved = await signInAtDoor(deviceActorContext(ctx), v, settings, ctx.device);
    if (moved === 'blacklisted') return p.refuse({ status: Status.VISITOR_UNAUTHORIZED, why: moved }, { ...who, ...place });
    if (moved === 'protocol' || moved === 'induction') return p.refuse({ status: Status.NOT_SIGNED_IN, why: moved }, { ...who, ...place });
  }
  if (verdict.signOut) await signOutAtDoor(deviceActorContext(ctx), v, ctx.device);
  const recordId = await p.record({ ...who, ...place });
  return {
    open: true,
    recordId,
    direction,
    personType: who.personType,
    name: v.name,
    vid: v.id,
    empid: null,
    signedIn: verdict.signIn,
    signedOut: verdict.signOut,
  };
}
