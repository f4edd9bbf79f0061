import type { EMPLOYEE_IMPORT_FIELDS } from '@openvisit/contract';
import { employeesRepository, pathResolver } from '../../core/people/people.public.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';

/** A valid import row, as the import would write it. */
export interface ImportCandidate {
  row: number;
  name: string;
  phone: string;
  empNo: string;
  email: string;
  position: string;
  /** Department paths such as "HQ/Sales". */
  departments: string[];
  existingId?: number;
}

type Change = { field: (typeof EMPLOYEE_IMPORT_FIELDS)[number]; before: string; after: string };

/**
 * What the rows matching an existing employee would change (issue 35: "Updated" said neither who nor what): the
 * employee as they are now and each field before and after, as `applyImport` writes them (empty work number, email or
 * position cells keep the old value; departments are only added). Rows changing nothing are left out; at most `max` rows,
 * read in chunks until that many are found.
 */
export async function describeUpdates(scope: TenantScope, matched: ImportCandidate[], max: number) {
  const repo = employeesRepository(scope);
  const paths = await pathResolver(scope);
  const updates: { row: number; empid: number; empName: string; empNo: string; phone: string; changes: Change[] }[] = [];
  for (let i = 0; i < matched.length && updates.length < max; i += 500) {
    const chunk = matched.slice(i, i + 500);
    const ids = chunk.map((c) => c.existingId as number);
    const facts = new Map((await repo.importFacts(ids)).map((f) => [f.id, f]));
    const depts = await repo.departmentsOf(ids);
    for (const c of chunk) {
      const now = facts.get(c.existingId as number);
      if (!now || updates.length >= max) continue;
      const changes: Change[] = [];
      const compare = (field: Change['field'], before: string, after: string, keepsWhenEmpty = false) => {
        if (before !== after && !(keepsWhenEmpty && !after)) changes.push({ field, before, after });
      };
      compare('employee_name', now.name, c.name);
      compare('phone', now.phone, c.phone);
      compare('empNo', now.empNo, c.empNo, true);
      compare('email', now.email, c.email, true);
      compare('empPosition', now.position, c.position, true);
      const current = depts.get(now.id) ?? [];
      const linked = new Set(current.map((d) => d.deptid));
      const added: string[] = [];
      for (const path of c.departments) {
        const id = await paths.resolve(path, false);
        if (!id || !linked.has(id)) added.push(path);
      }
      const names = current.map((d) => d.deptName);
      if (added.length) changes.push({ field: 'departments', before: names.join('; '), after: [...names, ...added].join('; ') });
      if (changes.length) updates.push({ row: c.row, empid: now.id, empName: now.name, empNo: now.empNo, phone: now.phone, changes });
    }
  }
  return updates;
}
