import { departmentsRepository, employees } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { approvalsRepository } from './approvals.repository.js';

type Spec = { kind: string; id?: number } | null;

/**
 * The names the approvers of these specs carry (a role's, a group's, an employee's, a department's), read at once: a
 * seat's `why` is its kind and that name ('' for the host, managers, HSE and the administrator, or a name since removed).
 */
export async function seatNames(ctx: AuthedContext, seats: { spec: Spec }[]) {
  const specs = seats.map((s) => s.spec).filter((s): s is { kind: string; id: number } => !!s && typeof s.id === 'number');
  const idsOf = (...kinds: string[]) => [...new Set(specs.filter((s) => kinds.includes(s.kind)).map((s) => s.id))];
  const [roleNames, empNames, depts] = await Promise.all([
    approvalsRepository(ctx.tenant).roleNames(idsOf('role', 'roleGroup')),
    idsOf('employee').length ? employees.namesOf(ctx, idsOf('employee')) : new Map<number, string>(),
    idsOf('department').length ? departmentsRepository(ctx.tenant).all() : Promise.resolve([]),
  ]);
  const deptName = new Map(depts.map((d) => [d.id, d.name]));
  const nameOf = (s: Spec): string => {
    if (!s || typeof s.id !== 'number') return '';
    if (s.kind === 'role' || s.kind === 'roleGroup') return roleNames.get(s.id)?.name ?? '';
    if (s.kind === 'employee') return empNames.get(s.id) ?? '';
    if (s.kind === 'department') return deptName.get(s.id) ?? '';
    return '';
  };
  return { why: (seat: { spec: Spec }) => ({ kind: seat.spec?.kind ?? '', name: nameOf(seat.spec) }), nameOf };
}
