import type { In } from '@openvisit/contract';
import { departments, employees } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';

/* A department's members, a page of employees: above both services, so departments.service stays below employees. */

export async function members(ctx: AuthedContext, input: In<'getEmpDeptList'>) {
  const all = await departments.assertExists(ctx, input.deptid);
  const deptIds = input.includeChildren ? departments.descendantsOf(all, input.deptid) : [input.deptid];
  return employees.page(ctx, { deptIds, startIndex: input.startIndex, requestedCount: input.requestedCount });
}
