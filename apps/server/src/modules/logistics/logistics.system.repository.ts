import { eq, sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.js';
import { companies, logisticsBookings, logisticsLinks, logisticsUploads } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** An upload the photo sweep took off the list (its file is removed next). */
export interface UploadRow {
  key: string;
  company_id: number;
  uploaded_at: Date | string;
}

const u = logisticsUploads;
const b = logisticsBookings;

/**
 * The public booking page carries no session: its link id says which company it books with, so it is read across
 * companies. The photo sweep runs once for the installation, each upload carrying its company.
 */
export function logisticsSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    linkById: (id: number) =>
      db
        .select({ id: logisticsLinks.id, companyId: logisticsLinks.companyId, secret: logisticsLinks.secret, company: companies.name })
        .from(logisticsLinks)
        .innerJoin(companies, eq(companies.id, logisticsLinks.companyId))
        .where(eq(logisticsLinks.id, id))
        .limit(1)
        .then((r) => r[0]),
    /**
     * Uploads older than `before` that no booking of their own company names, taken off the list by the DELETE that
     * finds them (SKIP LOCKED: two processes never take the same one).
     */
    claimOrphanUploads: (before: Date, limit: number) =>
      selectRows<UploadRow>(
        db,
        sql`DELETE FROM ${u} WHERE ${u.key} IN (
          SELECT o.key FROM ${u} o
          WHERE o.uploaded_at < ${before.toISOString()}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM ${b} k WHERE k.company_id = o.company_id AND k.photo_info @> jsonb_build_array(o.key))
          ORDER BY o.uploaded_at LIMIT ${limit} FOR UPDATE OF o SKIP LOCKED)
        RETURNING ${u.key}, ${u.companyId}, ${u.uploadedAt}`,
      ),
    /** Puts back uploads whose files could not be removed, for the next sweep. */
    restoreUploads: (rows: readonly UploadRow[]) =>
      db
        .insert(u)
        .values(rows.map((r) => ({ key: r.key, companyId: r.company_id, uploadedAt: new Date(r.uploaded_at) })))
        .onConflictDoNothing(),
  };
}
