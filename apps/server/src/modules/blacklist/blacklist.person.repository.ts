import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { listedKeys, listedPeople } from '../../db/schema/index.js';
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
      // Phones and numbers beside the first, by the keys screening finds them by (blacklist.screening.ts).
      const identifiers = [...phoneForms(keys.phones).map((p) => `t:${p}`), ...idHashes.map((h) => `c:${h}`)];
      if (identifiers.length)
        by.push(
          inArray(
            listedPeople.id,
            db
              .select({ id: listedKeys.entryId })
              .from(listedKeys)
              .where(and(eq(listedKeys.companyId, scope.companyId), inArray(listedKeys.key, identifiers))),
          ),
        );
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
