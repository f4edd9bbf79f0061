import {
  type ApprovalPolicy,
  type ApproverSpec,
  ESCALATION_TARGETS,
  OWN_POLICY_UNAVAILABLE,
  type PolicyCondition,
  type PolicyConditionField,
  type PolicyDraft,
  type PolicyStep,
  policyDraft,
  policyProblems,
  Status,
} from '@openvisit/contract';
import { ApiError } from '../../../platform/apiError';

/** Problems by their dotted path (`steps.1.quorum.count`), each a code: a policyProblems message or a zod issue code. */
export type Problems = ReadonlyMap<string, string>;

export const CONDITION_FIELDS: readonly PolicyConditionField[] = [
  'kind',
  'visitType',
  'gate',
  'subCompany',
  'hostDepartment',
  'time',
  'stay',
  'companions',
  'onSite',
  'idType',
  'watchlist',
  'custom',
];

export const APPROVER_KINDS: readonly ApproverSpec['kind'][] = [
  'host',
  'hostManager',
  'deptManager',
  'role',
  'roleGroup',
  'employee',
  'department',
  'hse',
  'admin',
];

/** What a policy's editor offers: a sub-company's own policies leave out what it cannot see (OWN_POLICY_UNAVAILABLE). */
export const offered = {
  conditions: (own: boolean) => CONDITION_FIELDS.filter((f) => !own || !OWN_POLICY_UNAVAILABLE.conditions.includes(f)),
  approvers: (own: boolean) => APPROVER_KINDS.filter((k) => !own || !OWN_POLICY_UNAVAILABLE.approvers.includes(k)),
  escalations: (own: boolean) => ESCALATION_TARGETS.filter((to) => !own || to !== 'role'),
};

/** The kinds that name one role, group, employee or department by id. */
export type IdApproverKind = Extract<ApproverSpec, { id: number }>['kind'];
export const hasId = (k: ApproverSpec['kind']): k is IdApproverKind => k === 'role' || k === 'roleGroup' || k === 'employee' || k === 'department';

export function emptyDraft(): PolicyDraft {
  return { name: '', enabled: true, mode: 'steps', conditions: [], steps: [newStep()], material: ['time', 'gate', 'visitType', 'companions'] };
}

export function draftOf(p: ApprovalPolicy): PolicyDraft {
  return { name: p.name, enabled: p.enabled, mode: p.mode, conditions: p.conditions, steps: p.steps, material: p.material };
}

export function newStep(): PolicyStep {
  return {
    name: '',
    parallel: false,
    approvers: [{ kind: 'host' }],
    quorum: { mode: 'any', count: 1 },
    reasonToApprove: false,
    fields: [],
    deadline: null,
  };
}

/** A fresh condition of a field, its values still to choose. */
export function newCondition(field: PolicyConditionField, not = false): PolicyCondition {
  switch (field) {
    case 'time':
      return { field, not, is: 'outsideHours' };
    case 'stay':
      return { field, not, atLeastHours: 8 };
    case 'companions':
      return { field, not, atLeast: 1 };
    case 'onSite':
      return { field, not, atLeast: 200 };
    case 'watchlist':
      return { field, not };
    case 'custom':
      return { field, not, name: '', in: [] };
    case 'kind':
      return { field, not, in: [] };
    case 'idType':
      return { field, not, in: [] };
    default:
      return { field, not, in: [] };
  }
}

/** What the server would refuse in the draft as written: the schema's own checks, then the policy's (policyProblems). */
export function problemsOf(draft: PolicyDraft, isDefault: boolean, own = false): Problems {
  const out = new Map<string, string>();
  const parsed = policyDraft.safeParse(draft);
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      const key = i.path.join('.');
      if (!out.has(key))
        out.set(
          key,
          i.code === 'too_small' && (i as { origin?: string }).origin === 'array' ? 'chooseOne' : i.message === 'required' ? 'required' : i.code,
        );
    }
  }
  for (const p of policyProblems(draft, isDefault, own)) {
    const key = p.path.join('.');
    if (!out.has(key)) out.set(key, p.message);
  }
  return out;
}

/** The field errors of a refused save (400 with dotted paths; a taken name), or null for any other failure. */
export function serverProblems(err: unknown): Problems | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === Status.ALREADY_EXISTS) return new Map([['name', 'nameTaken']]);
  if (err.status !== Status.BAD_PARAMS || err.isTransport) return null;
  const out = new Map<string, string>();
  for (const e of err.fieldErrors) if (!out.has(e.field)) out.set(e.field, e.rule);
  return out.size ? out : null;
}

/** The problems at a path or below it (a section's own and its fields'). */
export function problemsUnder(problems: Problems, prefix: string): string[] {
  return [...problems].filter(([k]) => k === prefix || k.startsWith(`${prefix}.`)).map(([, v]) => v);
}
