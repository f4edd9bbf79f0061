import type { SecretBox } from '../../platform/identity/crypto.js';
import { idNumberHash } from '../../platform/identity/idNumbers.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { keysOf, type PersonKeys, type PersonRecord } from '../../platform/personData.js';
import { blacklistPersonRepository } from './blacklist.person.repository.js';
import { shownNumber } from './blacklist.service.js';

export type ListedRecord = PersonRecord & { list: 'black' | 'white' };

/**
 * A person's blacklist and whitelist entries (a privacy request), with the reason recorded: found by their ID numbers'
 * hashes (the list holds no number; an entry from before hashing by the number itself).
 */
export async function listedOfPerson(scope: TenantScope, secrets: SecretBox, keys: PersonKeys): Promise<ListedRecord[]> {
  const hashes = keys.idNumbers.map((n) => idNumberHash(secrets, n)).filter(Boolean);
  const rows = await blacklistPersonRepository(scope).ofPerson(keys, hashes);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt,
    list: r.kind === 'white' ? 'white' : 'black',
    fields: { list: r.kind, name: r.name, phone: r.phone, idNumber: shownNumber(r), remark: r.remark },
    files: r.photo ? [r.photo] : [],
    names: [r.name],
    // A number found by its hash is the one asked for: the entry gives it back as a key, as one from before hashing does.
    keys: keysOf([r.phone], [], [r.credentialNo || (keys.idNumbers.find((n) => idNumberHash(secrets, n) === r.credentialHash) ?? '')]),
    ...(r.credentialHash && { idHash: r.credentialHash }),
  }));
}

export async function eraseListed(scope: TenantScope, ids: readonly number[]): Promise<number> {
  if (!ids.length) return 0;
  return (await blacklistPersonRepository(scope).erase(ids)).length;
}
