import { eq } from 'drizzle-orm';
import { examPapers } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** The induction queries that must cross companies; each says why. */
export function questionnairesSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    /**
     * Why across companies: a paper is submitted without a session (the invitation page is public); its id and token
     * name it, and so the company. The caller compares the token's hash.
     */
    paperCompany: (pid: number) =>
      db
        .select({ companyId: examPapers.companyId, tokenHash: examPapers.tokenHash })
        .from(examPapers)
        .where(eq(examPapers.id, pid))
        .then((r) => r[0]),
  };
}
