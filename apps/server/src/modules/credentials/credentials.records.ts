import type { Device, FacePersonKind } from '@openvisit/contract';
import type { PassRecordInsert } from '../../core/entitlements/entitlements.public.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { terminalRepository } from './credentials.repository.js';

const PERSON_TYPE = { employee: 1, visitor: 2, resident: 3 } as const;

/** A pass a device that keeps people reported, whatever its driver. */
export interface DevicePass {
  at: Date;
  /** Who the device says passed (null: a stranger, or a number not ours). */
  personKind: FacePersonKind | null;
  personId: number | null;
  direction: number;
  way: string;
  /** 1 success, 0 failure, 2 unknown. */
  result: number;
  code?: number | undefined;
  temperature?: number | null;
  photo?: string;
}

/**
 * Pass rows of the records a device reported. A person is named only when the company's devices were sent that person
 * (any device's credential): another company's id or a made-up one is recorded as unknown (-1): the device's word is
 * not enough to name someone.
 */
export async function passRowsOf(tx: TenantScope, device: Device, passes: DevicePass[]) {
  const named = passes.filter((p) => p.personKind !== null && p.personId !== null);
  const names = await terminalRepository(tx).names(named.map((p) => ({ personKind: p.personKind as string, personId: p.personId as number })));
  const nameOf = new Map(names.map((n) => [`${n.personKind}:${n.personId}`, n.name]));
  return passes.map((p) => {
    const known = p.personKind !== null && p.personId !== null ? nameOf.get(`${p.personKind}:${p.personId}`) : undefined;
    const kind = known !== undefined ? p.personKind : null;
    return {
      at: p.at,
      deviceId: device.eid,
      deviceName: device.deviceName,
      deviceCode: device.deviceCode,
      personType: kind ? PERSON_TYPE[kind] : -1,
      personId: kind === 'employee' || kind === 'resident' ? p.personId : null,
      visitId: kind === 'visitor' ? p.personId : null,
      name: known ?? '',
      direction: p.direction,
      way: p.way,
      result: p.result,
      code: p.code,
      temperature: p.temperature ?? null,
      photo: p.photo ?? '',
    } satisfies PassRecordInsert;
  });
}
