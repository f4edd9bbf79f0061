import type { PolicyCondition, PolicyDraft, RequestKind } from '@openvisit/contract';

/** A request as the conditions read it: its facts with what the server looked up (departments, hours, holidays, watchlist). */
export interface FactsView {
  kind: RequestKind;
  tid: number | null;
  gid: number | null;
  /** The host's sub-company; 0 the head office. */
  subCompanyId: number;
  /** The host's departments and every department above them. */
  hostDeptIds: number[];
  stayHours: number;
  companions: number;
  /** People on site now, the whole company's. */
  onSite: number;
  idType: string;
  watchlist: boolean;
  outsideHours: boolean;
  weekend: boolean;
  holiday: boolean;
  fields: Record<string, string>;
}

export interface Candidate {
  pid: number | null;
  name: string;
  subCompanyId: number | null;
  isDefault: boolean;
  enabled: boolean;
  draft: PolicyDraft;
}

const has = <T>(list: readonly T[], v: T | null) => v !== null && list.includes(v);

function holdsPlain(c: PolicyCondition, f: FactsView): boolean {
  switch (c.field) {
    case 'kind':
      return c.in.includes(f.kind);
    case 'visitType':
      return has(c.in, f.tid);
    case 'gate':
      return has(c.in, f.gid);
    case 'subCompany':
      return c.in.includes(f.subCompanyId);
    case 'hostDepartment':
      return f.hostDeptIds.some((d) => c.in.includes(d));
    case 'time':
      return c.is === 'outsideHours' ? f.outsideHours : c.is === 'weekend' ? f.weekend : f.holiday;
    case 'stay':
      return f.stayHours >= c.atLeastHours;
    case 'companions':
      return f.companions >= c.atLeast;
    case 'onSite':
      return f.onSite >= c.atLeast;
    case 'idType':
      return c.in.includes(f.idType);
    case 'watchlist':
      return f.watchlist;
    case 'custom': {
      const key = Object.keys(f.fields).find((k) => k.toLowerCase() === c.name.toLowerCase());
      const value = key ? (f.fields[key] ?? '').trim() : '';
      return c.in.length ? c.in.some((v) => v.toLowerCase() === value.toLowerCase()) : value !== '';
    }
  }
}

export function conditionHolds(c: PolicyCondition, f: FactsView): boolean {
  return holdsPlain(c, f) !== c.not;
}

/** Whether a switched-on policy reads the head count (counted only then). */
export const asksHeadCount = (list: readonly Candidate[]): boolean =>
  list.some((p) => p.enabled && p.draft.conditions.some((c) => c.field === 'onSite'));

/** A policy that can take a request: switched on, and with steps when it runs steps (an area without levels never could). */
function usable(p: Candidate): boolean {
  return p.enabled && !(p.draft.mode === 'steps' && p.draft.steps.length === 0);
}

/**
 * The first policy whose conditions all hold: the host's sub-company's own policies first, then the company's, each in
 * order, the default last. Also which were passed over and the first condition (its index) that failed each.
 */
export function firstMatch(
  candidates: Candidate[],
  f: FactsView,
): { policy: Candidate | undefined; skipped: { pid: number | null; name: string; failed: number }[] } {
  const own = candidates.filter((p) => p.subCompanyId !== null && p.subCompanyId === f.subCompanyId);
  const company = candidates.filter((p) => p.subCompanyId === null);
  const ordered = [...own, ...company.filter((p) => !p.isDefault), ...company.filter((p) => p.isDefault)];
  const skipped: { pid: number | null; name: string; failed: number }[] = [];
  for (const p of ordered) {
    if (!usable(p)) continue;
    const failed = p.draft.conditions.findIndex((c) => !conditionHolds(c, f));
    if (failed === -1) return { policy: p, skipped };
    skipped.push({ pid: p.pid, name: p.name, failed });
  }
  return { policy: undefined, skipped };
}

/** The stage of each step: a parallel step shares the stage of the one before it. */
export function stagesOf(steps: readonly { parallel: boolean }[]): number[] {
  let stage = -1;
  return steps.map((s, i) => {
    if (i === 0 || !s.parallel) stage += 1;
    return stage;
  });
}

/**
 * Where a step stands from its seats' outcomes (each seat: approved, refused or still waiting): `any` the first
 * decision decides; `all` every seat must approve; `count` k approvals, refused once k can no longer be reached.
 */
export function stepOutcome(
  quorum: { mode: 'any' | 'all' | 'count'; count: number },
  seats: readonly ('approved' | 'refused' | 'waiting')[],
): 'approved' | 'refused' | 'waiting' {
  const yes = seats.filter((s) => s === 'approved').length;
  const no = seats.filter((s) => s === 'refused').length;
  const needed = quorum.mode === 'any' ? 1 : quorum.mode === 'all' ? seats.length : Math.min(quorum.count, seats.length);
  if (quorum.mode === 'any') return yes > 0 ? 'approved' : no > 0 ? 'refused' : 'waiting';
  if (yes >= needed) return 'approved';
  if (seats.length - no < needed) return 'refused';
  return 'waiting';
}
