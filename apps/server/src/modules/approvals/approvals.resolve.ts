import type { ApproverSpec } from '@openvisit/contract';
import { departments, departmentsRepository, employees, employeesRepository } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { approvalsRepository } from './approvals.repository.js';

/** Why somebody else is asked: the person is on leave, has a visit proxy running, or is away with neither (their superior). */
export type StandInWhy = 'leave' | 'proxy' | 'superior';
export interface StandIn {
  forId: number;
  forName: string;
  byId: number;
  byName: string;
  why: StandInWhy;
}

/** A seat as it will be asked: the people who may fill it, or HSE / the administrator, and the stand-ins applied. */
export interface SeatPlan {
  spec: ApproverSpec;
  empIds: number[];
  hse: boolean;
  admin: boolean;
  standIns: StandIn[];
  /** Nobody could be found ('noHost', 'noManager', 'noDeptManager', 'noMembers', 'disabled', 'noStandIn'): the administrator's. */
  unresolved: string | null;
}

interface Person {
  id: number;
  name: string;
  status: number;
  superiorNo: string;
  empNo: string;
  subCompanyId: number | null;
}

const personOf = (r: Omit<Person, 'subCompanyId'> & { subAccountId: number | null }): Person => ({
  id: r.id,
  name: r.name,
  status: r.status,
  superiorNo: r.superiorNo,
  empNo: r.empNo,
  subCompanyId: r.subAccountId,
});

/**
 * The company's people as one request's resolution reads them, on one day: each look-up once. Everything a policy's
 * approvers name (the host, their superior and department manager, roles, role groups, departments) and who is away.
 */
export class Directory {
  private readonly people = new Map<number, Person | null>();
  private readonly away = new Map<number, { standInId: number | null; why: StandInWhy } | null>();
  private deptRows?: Promise<Awaited<ReturnType<ReturnType<typeof departmentsRepository>['all']>>>;

  constructor(
    private readonly ctx: AuthedContext,
    readonly day: string,
  ) {}

  private get repo() {
    return approvalsRepository(this.ctx.tenant);
  }

  async load(ids: number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.people.has(id));
    if (!missing.length) return;
    const rows = await employeesRepository(this.ctx.tenant).byIds(missing);
    for (const id of missing) this.people.set(id, null);
    for (const r of rows) this.people.set(r.id, personOf(r));
  }

  async person(id: number): Promise<Person | null> {
    await this.load([id]);
    return this.people.get(id) ?? null;
  }

  name(id: number): string {
    return this.people.get(id)?.name ?? '';
  }

  async superiorOf(id: number): Promise<Person | null> {
    const p = await this.person(id);
    const no = p?.superiorNo.trim();
    if (!p || !no || no === p.empNo) return null;
    const row = await employeesRepository(this.ctx.tenant).byEmpNo(no);
    if (!row) return null;
    this.people.set(row.id, personOf(row));
    return this.people.get(row.id) ?? null;
  }

  departments() {
    this.deptRows ??= departmentsRepository(this.ctx.tenant).all();
    return this.deptRows;
  }

  /** A person's departments and every one above them. */
  async deptChainOf(empId: number): Promise<number[]> {
    const own = (await employees.departmentIdsOf(this.ctx, [empId])).get(empId) ?? [];
    const rows = await this.departments();
    const parent = new Map(rows.map((d) => [d.id, d.parentId]));
    const out = new Set<number>();
    for (const d of own) for (let cur = d; cur && !out.has(cur); cur = parent.get(cur) ?? 0) out.add(cur);
    return [...out];
  }

  /** The manager of the person's (first) department, or of the nearest one above it with a manager other than them. */
  async deptManagerOf(empId: number): Promise<number | null> {
    const own = ((await employees.departmentIdsOf(this.ctx, [empId])).get(empId) ?? []).sort((a, b) => a - b);
    const rows = await this.departments();
    const byId = new Map(rows.map((d) => [d.id, d]));
    const seen = new Set<number>();
    for (let cur = own[0] ?? 0; cur && !seen.has(cur); cur = byId.get(cur)?.parentId ?? 0) {
      seen.add(cur);
      const m = byId.get(cur)?.managerEmpId;
      if (m && m !== empId) return m;
    }
    return null;
  }

  async departmentMembers(deptId: number): Promise<number[]> {
    const rows = await this.departments();
    if (!rows.some((d) => d.id === deptId)) return [];
    return this.repo.departmentMembers(departments.descendantsOf(rows, deptId));
  }

  async roleMembers(roleIds: number[]): Promise<number[]> {
    return this.repo.roleMembers(roleIds);
  }

  async groupMembers(groupId: number): Promise<number[]> {
    return this.repo.roleMembers(await this.repo.rolesInGroup(groupId));
  }

  /** Reads at once who of these people is away on the day (a role's members would otherwise cost two reads each). */
  async loadAway(ids: number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.away.has(id));
    if (!missing.length) return;
    const [leaves, proxies] = await Promise.all([this.repo.leavesOn(missing, this.day), this.repo.proxiesOn(missing, this.day)]);
    for (const id of missing) {
      const leave = leaves.find((l) => l.empId === id);
      const proxy = proxies.find((p) => p.empId === id);
      if (leave)
        this.away.set(id, { standInId: leave.standInId ?? proxy?.proxyId ?? null, why: leave.standInId ? 'leave' : proxy ? 'proxy' : 'leave' });
      else if (proxy) this.away.set(id, { standInId: proxy.proxyId, why: 'proxy' });
      else this.away.set(id, null);
    }
  }

  /** Whether the person is away on the day, and who they named (their leave's stand-in, else their running proxy). */
  async awayOf(id: number): Promise<{ standInId: number | null; why: StandInWhy } | null> {
    await this.loadAway([id]);
    return this.away.get(id) ?? null;
  }

  /**
   * Who is asked in this person's place: themselves when present; else their stand-in (leave, proxy) or superior,
   * followed while they are away too. Null when the chain ends nowhere, at a disabled person or back where it was.
   */
  async present(id: number): Promise<{ empId: number; standIn: StandIn | null } | null> {
    const seen = new Set<number>();
    let cur = id;
    let why: StandInWhy | null = null;
    for (;;) {
      const p = await this.person(cur);
      if (p?.status !== 0) return null;
      const away = await this.awayOf(cur);
      if (!away) {
        if (cur === id || !why) return { empId: cur, standIn: null };
        return { empId: cur, standIn: { forId: id, forName: this.name(id), byId: cur, byName: p.name, why } };
      }
      seen.add(cur);
      const next = away.standInId ?? (await this.superiorOf(cur))?.id ?? null;
      why ??= away.standInId ? away.why : 'superior';
      if (next === null || seen.has(next)) return null;
      cur = next;
    }
  }

  /** The stand-in chain from a person over a date range: the ids it visits, and whether it comes back (a cycle). */
  async chainCycles(id: number): Promise<boolean> {
    const seen = new Set<number>();
    let cur: number | null = id;
    while (cur !== null) {
      if (seen.has(cur)) return true;
      seen.add(cur);
      const away = await this.awayOf(cur);
      if (!away) return false;
      cur = away.standInId;
    }
    return false;
  }
}

async function people(dir: Directory, ids: number[], unresolvedIfNone: string): Promise<Omit<SeatPlan, 'spec'>> {
  await Promise.all([dir.load(ids), dir.loadAway(ids)]);
  const empIds: number[] = [];
  const standIns: StandIn[] = [];
  for (const id of ids) {
    const found = await dir.present(id);
    if (!found) continue;
    if (!empIds.includes(found.empId)) empIds.push(found.empId);
    if (found.standIn) standIns.push(found.standIn);
  }
  if (empIds.length) return { empIds, hse: false, admin: false, standIns, unresolved: null };
  return { empIds: [], hse: false, admin: true, standIns: [], unresolved: ids.length ? 'noStandIn' : unresolvedIfNone };
}

/** Who fills one seat for a request with this host, on the directory's day; nobody found: the administrator, and why. */
export async function resolveSeat(dir: Directory, spec: ApproverSpec, hostId: number | null): Promise<SeatPlan> {
  const seat = async (ids: number[], none: string) => ({ spec, ...(await people(dir, ids, none)) });
  switch (spec.kind) {
    case 'host':
      return seat(hostId ? [hostId] : [], 'noHost');
    case 'hostManager': {
      if (!hostId) return seat([], 'noHost');
      const m = await dir.superiorOf(hostId);
      return seat(m ? [m.id] : [], 'noManager');
    }
    case 'deptManager': {
      if (!hostId) return seat([], 'noHost');
      const m = await dir.deptManagerOf(hostId);
      return seat(m ? [m] : [], 'noDeptManager');
    }
    case 'employee': {
      const p = await dir.person(spec.id);
      if (p?.status !== 0) return { spec, empIds: [], hse: false, admin: true, standIns: [], unresolved: 'disabled' };
      return seat([spec.id], 'disabled');
    }
    case 'role':
      return seat(await dir.roleMembers([spec.id]), 'noMembers');
    case 'roleGroup':
      return seat(await dir.groupMembers(spec.id), 'noMembers');
    case 'department':
      return seat(await dir.departmentMembers(spec.id), 'noMembers');
    case 'hse':
      return { spec, empIds: [], hse: true, admin: false, standIns: [], unresolved: null };
    case 'admin':
      return { spec, empIds: [], hse: false, admin: true, standIns: [], unresolved: null };
  }
}
