import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { approvalSeats } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/** The deadline sweep runs once for the installation: steps past their deadline, each carrying its company. */
export function approvalsSystemRepository(scope: SystemScope) {
  const db = dbOf(scope);
  return {
    dueSteps: (now: Date, limit: number) =>
      db
        .selectDistinct({ companyId: approvalSeats.companyId, requestId: approvalSeats.requestId, step: approvalSeats.step })
        .from(approvalSeats)
        .where(and(eq(approvalSeats.status, 0), isNotNull(approvalSeats.dueAt), lte(approvalSeats.dueAt, now)))
        .limit(limit),
  };
}
