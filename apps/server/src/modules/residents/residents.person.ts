import type { TenantScope } from '../../platform/identity/tenancy.js';
import { keysOf, type PersonKeys, type PersonRecord } from '../../platform/personData.js';
import { residentsPersonRepository } from './residents.person.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** A person's resident-visitor entries (a privacy request): the entry's fields, its face and its uploaded files. */
export async function residentsOfPerson(scope: TenantScope, keys: PersonKeys): Promise<PersonRecord[]> {
  const repo = residentsPersonRepository(scope);
  const rows = await repo.ofPerson(keys);
  const files = await repo.filesOf(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    at: r.startAt,
    fields: {
      name: r.name,
      phone: r.phone,
      company: r.company,
      certificateType: r.idNumber ? r.certificateType : '',
      idNumber: r.idNumber,
      job: r.job,
      department: r.department,
      area: r.area,
      plateNum: r.plateNum,
      startAt: iso(r.startAt),
      endAt: iso(r.endAt),
      remark: r.remark,
    },
    files: [r.face, ...files.filter((f) => f.residentId === r.id).map((f) => f.key)].filter((k) => k !== ''),
    names: [r.name],
    keys: keysOf([r.phone], [], [r.idNumber]),
  }));
}

/**
 * Deletes these resident entries; the caller removes the files it was answered, after its commit. The face terminals
 * drop the person at their next sync, as after any deletion.
 */
export async function eraseResidents(scope: TenantScope, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  return (await residentsPersonRepository(scope).erase(ids)).length;
}

/**
 * Removes the face photos of these entries (the person withdrew their face) and answers the stored keys, which the
 * caller removes after its commit; the face terminals drop the face at their next sync, as after an edit.
 */
export function forgetResidentFaces(scope: TenantScope, ids: readonly number[]): Promise<string[]> {
  return ids.length ? residentsPersonRepository(scope).forgetFaces(ids) : Promise.resolve([]);
}

/** The stored face photos of these entries (the privacy page counts what the person may withdraw). */
/** How many workers' and resident visitors' face photos the company holds. */
export function residentFaceCount(scope: TenantScope): Promise<number> {
  return residentsPersonRepository(scope).faceCount();
}

export async function residentFaces(scope: TenantScope, ids: readonly number[]): Promise<string[]> {
  return ids.length ? (await residentsPersonRepository(scope).faces(ids)).map((r) => r.face) : [];
}
