import { and, eq, inArray } from 'drizzle-orm';
import { smsCodes } from '../../db/schema/index.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { type PersonKeys, phoneForms } from '../../platform/personData.js';

/** The one-time codes sent to a person's phones, which an erasure removes (spent or not, they are of no further use). */
export const notificationsPersonRepository = scoped(function notificationsPersonRepository(scope: TenantScope) {
  const db = dbOf(scope);
  return {
    /** The address column holds phones and, for the privacy page's codes, e-mail addresses in lower case. */
    forgetCodes: async (keys: PersonKeys) => {
      const addresses = [...phoneForms(keys.phones), ...keys.emails.map((e) => e.toLowerCase())];
      if (!addresses.length) return 0;
      return (
        await db
          .delete(smsCodes)
          .where(and(eq(smsCodes.companyId, scope.companyId), inArray(smsCodes.phone, addresses)))
          .returning({ id: smsCodes.id })
      ).length;
    },
  };
});
