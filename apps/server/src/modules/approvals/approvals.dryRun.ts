import type { In, Out, RequestFacts } from '@openvisit/contract';
import { visitById } from '../../core/visits/visits.public.js';
import { dayOf } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { notFound } from '../../platform/http/errors.js';
import { canSee } from '../../platform/identity/visibility.js';
import { candidates } from './approvals.engine.js';
import { factsOfVisit, kindOfVisit, viewOf } from './approvals.facts.js';
import { seatNames } from './approvals.labels.js';
import { asksHeadCount, type Candidate, firstMatch, stagesOf } from './approvals.match.js';
import { approvalsRepository } from './approvals.repository.js';
import { Directory, resolveSeat } from './approvals.resolve.js';

async function factsOf(ctx: AuthedContext, input: In<'dryRunApproval'>): Promise<RequestFacts> {
  if (input.facts) return input.facts;
  const v = input.vid ? await visitById(ctx, input.vid) : undefined;
  if (!v || !canSee(ctx.tenant, { subCompany: v.subAccountId })) throw notFound('visit');
  const last = await approvalsRepository(ctx.tenant).latestRequestOf(v.id);
  const kind = (last?.facts as Partial<RequestFacts> | undefined)?.kind ?? kindOfVisit(v);
  return factsOfVisit(v, kind);
}

/** The policies with the draft in the place it would take: in place of the policy it edits, else before the default. */
function withDraft(all: Candidate[], input: In<'dryRunApproval'>, sub: number | null): Candidate[] {
  if (!input.draft) return all;
  const edited = all.find((p) => input.pid !== null && p.pid === input.pid);
  const draft: Candidate = {
    pid: edited?.pid ?? null,
    name: input.draft.name,
    subCompanyId: edited?.subCompanyId ?? sub,
    isDefault: edited?.isDefault ?? false,
    enabled: true,
    draft: input.draft,
  };
  if (edited) return all.map((p) => (p === edited ? draft : p));
  const at = all.findIndex((p) => p.isDefault && p.subCompanyId === null);
  return at === -1 ? [...all, draft] : [...all.slice(0, at), draft, ...all.slice(at)];
}

/** Which policy a request would follow and who each step would ask, without writing anything. */
export async function dryRun(ctx: AuthedContext, input: In<'dryRunApproval'>): Promise<Out<'dryRunApproval'>> {
  const facts = await factsOf(ctx, input);
  const at = input.at !== null ? new Date(input.at) : new Date();
  const dir = new Directory(ctx, dayOf(at));
  const sub = ctx.tenant.visibility.subCompany;
  const list = withDraft(await candidates(ctx), input, sub !== null && sub > 0 ? sub : null);
  const view = await viewOf(ctx, facts, dir, asksHeadCount(list));
  const { policy, skipped } = firstMatch(list, view);
  if (!policy) return { facts, policy: null, skipped, steps: [] };
  const stages = stagesOf(policy.draft.steps);
  const steps = [];
  for (const [i, step] of policy.draft.steps.entries()) {
    const seats = [];
    for (const spec of step.approvers) seats.push(await resolveSeat(dir, spec, facts.hostId));
    const names = await seatNames(ctx, seats);
    await dir.load(seats.flatMap((s) => s.empIds));
    steps.push({
      name: step.name,
      stage: stages[i] ?? 0,
      quorum: step.quorum,
      deadline: step.deadline,
      dueAt: step.deadline ? at.getTime() + step.deadline.minutes * 60_000 : null,
      seats: seats.map((s) => ({
        spec: s.spec,
        label: names.nameOf(s.spec),
        people: s.empIds.map((id) => {
          const stand = s.standIns.find((x) => x.byId === id);
          return { empId: id, name: dir.name(id), standsInFor: stand ? { empId: stand.forId, name: stand.forName, why: stand.why } : null };
        }),
        hse: s.hse,
        admin: s.admin,
        unresolved: s.unresolved,
      })),
    });
  }
  return {
    facts,
    policy: { pid: policy.pid, name: policy.name, mode: policy.draft.mode, draft: policy.pid === null && !!input.draft && !policy.isDefault },
    skipped,
    steps,
  };
}
