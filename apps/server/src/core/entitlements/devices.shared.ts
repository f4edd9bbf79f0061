import { type DeviceGroup, Status, type StatusCode } from '@openvisit/contract';
import { uniqueViolation } from '../../db/sql.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import type { DeviceGroupRow, devicesRepository } from './devices.repository.js';

export const noSuchRecord = (what: 'group' | 'device') =>
  new AppError(Status.NO_SUCH_RECORD, what === 'group' ? 'No such device group' : 'No such device');

/** The unique indexes of access.ts and what a clash on each answers (a race past the service's own checks). */
const clashes: Record<string, { status: StatusCode; field: string }> = {
  device_groups_name_uq: { status: Status.DEVICE_GROUP_EXISTS, field: 'egname' },
  devices_name_uq: { status: Status.DEVICE_NAME_EXISTS, field: 'deviceName' },
  devices_code_uq: { status: Status.DEVICE_ID_EXISTS, field: 'deviceCode' },
  devices_ext_code_uq: { status: Status.DEVICE_EXT_ID_EXISTS, field: 'extendCode' },
  devices_reader_no_uq: { status: Status.READER_NUMBER_EXISTS, field: 'readerNo' },
};

export function taken(status: StatusCode, field: string): AppError {
  return new AppError(status, `This ${field} is already used`, { field });
}

/** A unique violation of one of our indexes becomes its status; anything else passes through. */
export function clashOf(err: unknown): unknown {
  const index = uniqueViolation(err);
  const hit = index !== undefined && Object.hasOwn(clashes, index) ? clashes[index] : undefined;
  return hit ? taken(hit.status, hit.field) : err;
}

/** Refuses ids that are not the company's (field error `<field>` notFound). */
export function assertAll(found: { id: number }[], wanted: number[], field: string): void {
  const have = new Set(found.map((r) => r.id));
  if (wanted.some((id) => !have.has(id))) throw badParams([{ field, rule: 'notFound' }]);
}

export const unique = (ids: number[]) => [...new Set(ids)];

type Repo = ReturnType<typeof devicesRepository>;

/** Builds the answer's groups: member devices and grant counts read once for all. */
export async function groupViews(repo: Repo, rows: DeviceGroupRow[]): Promise<DeviceGroup[]> {
  const ids = rows.map((g) => g.id);
  const [links, grants] = await Promise.all([repo.links({ groupIds: ids }), repo.grantCounts()]);
  const members = new Map<number, number[]>();
  for (const l of links) members.set(l.groupId, [...(members.get(l.groupId) ?? []), l.deviceId]);
  return rows.map((g) => {
    const eids = members.get(g.id) ?? [];
    const n = grants.get(g.id);
    return {
      egid: g.id,
      egname: g.name,
      etype: g.personKind,
      defaultOn: g.defaultOn,
      gids: g.gids,
      status: g.status,
      remark: g.remark,
      eids,
      deviceCount: eids.length,
      empCount: n?.emp ?? 0,
      visitorTypeCount: n?.types ?? 0,
      residentCount: n?.residents ?? 0,
    };
  });
}
