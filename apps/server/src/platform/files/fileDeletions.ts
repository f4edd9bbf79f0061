import { and, asc, eq, inArray } from 'drizzle-orm';
import { fileDeletions } from '../../db/schema/index.js';
import { type DbOrScope, dbFrom } from '../identity/tenancy.js';
import type { FileStore } from './files.js';

/**
 * Files removed after the rows that named them: `queueFileDeletions` in the transaction that blanks the rows, then
 * `drainFileDeletions` after its commit. A process killed between the two leaves the list, which the next drain
 * finishes: no file outlives the rows that forgot it, and no row names a file already gone.
 */
export async function queueFileDeletions(on: DbOrScope, companyId: number, keys: readonly string[]): Promise<void> {
  const real = [...new Set(keys.filter((k) => k !== ''))];
  if (real.length)
    await dbFrom(on)
      .insert(fileDeletions)
      .values(real.map((key) => ({ companyId, key })));
}

/** Removes the queued files of a company (or of every company), a batch at a time; answers how many were removed. */
export async function drainFileDeletions(on: DbOrScope, files: FileStore, companyId?: number): Promise<number> {
  const db = dbFrom(on);
  let removed = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(fileDeletions)
      .where(companyId === undefined ? undefined : eq(fileDeletions.companyId, companyId))
      .orderBy(asc(fileDeletions.id))
      .limit(200);
    for (const f of batch) await files.remove(f.key);
    if (batch.length)
      await db.delete(fileDeletions).where(
        and(
          inArray(
            fileDeletions.id,
            batch.map((f) => f.id),
          ),
        ),
      );
    removed += batch.length;
    if (batch.length < 200) return removed;
  }
}
