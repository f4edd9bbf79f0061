import type { In } from '@openvisit/contract';
import * as departments from '../../core/people/departments.service.js';
import * as employees from '../../core/people/employees.service.js';
import type { AuthedContext } from '../../platform/calls.js';

/* A department's members, a page of employees: above both services, so departments.service stays below employees. */

export async function members(ctx: AuthedContext, input: In<'getEmpDeptList'>) {
  const all = await departments.assertExists(ctx, input.deptid);
  const deptIds = input.includeChildren ? departments.descendantsOf(all, input.deptid) : [input.deptid];
  return employees.page(ctx, { deptIds, startIndex: input.startIndex, requestedCount: input.requestedCount });
}
