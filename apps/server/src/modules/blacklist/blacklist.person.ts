import type { TenantScope } from '../../platform/identity/tenancy.js';
import { keysOf, type PersonKeys, type PersonRecord } from '../../platform/personData.js';
import { blacklistPersonRepository } from './blacklist.person.repository.js';

export type ListedRecord = PersonRecord & { list: 'black' | 'white' };

/** A person's blacklist and whitelist entries (a privacy request), with the reason recorded. */
export async function listedOfPerson(scope: TenantScope, keys: PersonKeys): Promise<ListedRecord[]> {
  const rows = await blacklistPersonRepository(scope).ofPerson(keys);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt,
    list: r.kind === 'white' ? 'white' : 'black',
    fields: { list: r.kind, name: r.name, phone: r.phone, idNumber: r.credentialNo, remark: r.remark },
    files: [],
    names: [r.name],
    keys: keysOf([r.phone], [], [r.credentialNo]),
  }));
}

export async function eraseListed(scope: TenantScope, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  return (await blacklistPersonRepository(scope).erase(ids)).length;
}
