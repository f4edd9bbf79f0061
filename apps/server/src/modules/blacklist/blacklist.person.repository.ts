import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { listedPeople } from '../../db/schema/index.js';
import { exactPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { type PersonKeys, phoneForms } from '../../platform/personData.js';

/** A person's blacklist and whitelist entries, as a privacy request reads and erases them (blacklist.person.ts). */
export const blacklistPersonRepository = scoped(function blacklistPersonRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const mine = eq(listedPeople.companyId, scope.companyId);
  return {
    ofPerson(keys: PersonKeys, idHashes: readonly string[]) {
      const by: SQL[] = [];
      // Stored normalised (blacklist.service.ts normaliseIdentity), so the keys compare as they are.
      if (keys.phones.length) by.push(inArray(listedPeople.phone, phoneForms(keys.phones)));
      if (keys.idNumbers.length) by.push(inArray(listedPeople.credentialNo, keys.idNumbers));
      if (idHashes.length) by.push(inArray(listedPeople.credentialHash, [...idHashes]));
      if (keys.names?.length) by.push(or(...keys.names.map((n) => ilike(listedPeople.name, exactPattern(n)))) as SQL);
      if (!by.length) return Promise.resolve([]);
      return db
        .select()
        .from(listedPeople)
        .where(and(mine, or(...by)));
    },
    erase: (ids: readonly number[]) =>
      db
        .delete(listedPeople)
        .where(and(mine, inArray(listedPeople.id, ids.length ? [...ids] : [0])))
        .returning({ id: listedPeople.id }),
  };
});
