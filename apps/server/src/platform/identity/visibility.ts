import { type AnyColumn, and, eq, inArray, type SQL } from 'drizzle-orm';
import type { TenantScope } from './tenancy.js';

/**
 * The rows of a table the caller may see within its company, as repositories add the company line: a table names the
 * columns that carry the sub-company, the owning employee, the supplier (labour) company and the gate, and the
 * restrictions that apply to the caller follow (the scope's `visibility`, a server company's `supplierId`, a desk's
 * `gateIds`, empty for every gate). A table without such a column is not restricted on it.
 */
export function visibleRows(
  scope: TenantScope,
  columns: { subCompany?: AnyColumn; employee?: AnyColumn; supplier?: AnyColumn; gate?: AnyColumn },
): SQL | undefined {
  const { subCompany, employee } = scope.visibility;
  return and(
    subCompany !== null && columns.subCompany ? eq(columns.subCompany, subCompany) : undefined,
    employee !== null && columns.employee ? eq(columns.employee, employee) : undefined,
    scope.supplierId !== null && columns.supplier ? eq(columns.supplier, scope.supplierId) : undefined,
    scope.gateIds.length > 0 && columns.gate ? inArray(columns.gate, [...scope.gateIds]) : undefined,
  );
}

/** The same rule on a row already read (`visibleRows` for one row): a field the row lacks is not restricted on. */
export function canSee(scope: TenantScope, row: { subCompany?: number | null; employee?: number | null }): boolean {
  const { subCompany, employee } = scope.visibility;
  if (subCompany !== null && row.subCompany !== undefined && row.subCompany !== subCompany) return false;
  return employee === null || row.employee === undefined || row.employee === employee;
}
