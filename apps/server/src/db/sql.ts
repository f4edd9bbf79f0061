/**
 * Small SQL helpers every repository and service shares. No tables and no database handle here, so services may import
 * it too (they catch the database's refusals).
 */

/**
 * An ILIKE pattern matching rows that contain `text`. `%` and `_` are ILIKE's wildcards and `\` its escape: typed by
 * a user they are searched for as themselves, so "50%" does not find "500".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** An ILIKE pattern matching `text` exactly but for case (its wildcards, typed by a user, searched for as themselves). */
export function exactPattern(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/**
 * The constraint a database refusal of this SQLSTATE names, or undefined when the error is another. Drizzle wraps the
 * driver's error (PGlite's or node-postgres', both carrying `code` and `constraint`) in `cause`, so the chain is walked.
 */
function refusedBy(err: unknown, sqlState: string): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code !== sqlState) continue;
    const name = (e as { constraint?: unknown }).constraint;
    // PostgreSQL names the constraint (or unique index) of every 23505 and 23503.
    return typeof name === 'string' ? name : '';
  }
  return undefined;
}

/** The unique constraint or index a write broke (SQLSTATE 23505: two writers raced past a check), else undefined. */
export function uniqueViolation(err: unknown): string | undefined {
  return refusedBy(err, '23505');
}

/** The foreign key a write broke (SQLSTATE 23503: a row still referenced, or a reference gone meanwhile), else undefined. */
export function foreignKeyViolation(err: unknown): string | undefined {
  return refusedBy(err, '23503');
}
