import { type ApproverSpec, getSubAccountEmpList, labelIn, type PolicyCondition, type PolicyStep } from '@openvisit/contract';
import { useTranslation } from 'react-i18next';
import { deptPathLabel, useDepartments } from '../../../core/people/public';
import { useGates, useVisitorTypes } from '../../../core/sites/public';
import { canCall } from '../../../platform/access';
import { useFeature } from '../../../platform/config';
import { currentLang } from '../../../platform/i18n';
import { useRoleTree } from '../../roles/public';
import { useEmployeeList, useOwnEmployees, useSubCompanies } from '../api';

export interface Option {
  value: number;
  label: string;
}

/**
 * The company's gates, visitor types, sub-companies, departments, roles, role groups and employees, as picker options and
 * names. `own`: a sub-company's own policies, which name only its own employees (OWN_POLICY_UNAVAILABLE: nothing else is asked).
 */
export function usePolicyLookups(own = false) {
  const { t } = useTranslation();
  const lang = currentLang();
  const gates = useGates();
  const types = useVisitorTypes();
  // Asked only where the sub-companies section is on (the call is refused otherwise).
  const subsOn = useFeature('subCompanies') === true;
  const subs = useSubCompanies(!own && subsOn);
  const depts = useDepartments(!own);
  const roles = useRoleTree(!own);
  const companyEmps = useEmployeeList(!own);
  const ownEmps = useOwnEmployees(own && canCall(getSubAccountEmpList));
  const emps = own ? ownEmps : companyEmps;
  const tree = depts.data ?? [];
  const options = {
    gate: (gates.data ?? []).map((g) => ({ value: g.gid, label: g.gname })),
    visitType: (types.data ?? []).map((v) => ({ value: v.tid, label: labelIn(v.vType, lang) })),
    subCompany: [{ value: 0, label: t('approvals.cond.headOffice') }, ...(subs.data ?? []).map((s) => ({ value: s.id, label: s.companyName }))],
    role: (roles.data ?? []).flatMap((g) => g.children.map((r) => ({ value: r.rid, label: `${g.rgName} / ${r.rgName}` }))),
    roleGroup: (roles.data ?? []).map((g) => ({ value: g.rid, label: g.rgName })),
    employee: (emps.data ?? []).map((e) => ({ value: e.empid, label: [e.empName, e.deptNames.join(' / '), e.empNo].filter(Boolean).join(' · ') })),
  } satisfies Record<string, Option[]>;
  const empName = new Map((emps.data ?? []).map((e) => [e.empid, e.empName]));
  const nameIn = (list: Option[], id: number) => list.find((o) => o.value === id)?.label ?? `#${id}`;
  const name = (kind: keyof typeof options | 'department', id: number): string => {
    if (kind === 'department') return deptPathLabel(tree, id) ?? `#${id}`;
    if (kind === 'employee') return empName.get(id) ?? `#${id}`;
    return nameIn(options[kind], id);
  };
  return { own, options, departments: tree, name, loading: gates.isPending || types.isPending || (!own && roles.isPending) };
}
export type PolicyLookups = ReturnType<typeof usePolicyLookups>;

/** Sentences for conditions, approvers and steps, in the language shown. */
export function usePolicyText(lookups: PolicyLookups) {
  const { t } = useTranslation();
  const sep = t('common.listSeparator');
  const approver = (a: ApproverSpec): string =>
    'id' in a ? `${t(`approvals.approver.${a.kind}`)}: ${lookups.name(a.kind, a.id)}` : t(`approvals.approver.${a.kind}`);

  const values = (c: PolicyCondition): string => {
    switch (c.field) {
      case 'kind':
        return c.in.map((k) => t(`approvals.kind.${k}`)).join(sep);
      case 'visitType':
      case 'gate':
      case 'subCompany':
        return c.in.map((id) => lookups.name(c.field, id)).join(sep);
      case 'hostDepartment':
        return c.in.map((id) => lookups.name('department', id)).join(sep);
      case 'time':
        return t(`approvals.cond.time.${c.is}`);
      case 'stay':
        return t('approvals.cond.hoursAtLeast', { count: c.atLeastHours });
      case 'companions':
      case 'onSite':
        return t('approvals.cond.atLeast', { count: c.atLeast });
      case 'idType':
        return c.in.join(sep);
      case 'watchlist':
        return '';
      case 'custom':
        return c.in.length ? `${c.name} = ${c.in.join(sep)}` : t('approvals.cond.filled', { name: c.name });
    }
  };
  const condition = (c: PolicyCondition): string => {
    const v = values(c);
    const text = v ? `${t(`approvals.cond.field.${c.field}`)}: ${v}` : t(`approvals.cond.field.${c.field}`);
    return c.not ? t('approvals.cond.not', { text }) : text;
  };
  const quorum = (q: PolicyStep['quorum'], seats: number): string =>
    q.mode === 'count' ? t('approvals.quorum.countOf', { count: q.count, seats }) : t(`approvals.quorum.${q.mode}`);
  /** One line for the list: "1. Host → 2. Security + HSE (2 of 3)": parallel steps joined with "+". */
  const steps = (list: readonly PolicyStep[]): string =>
    list
      .map((s, i) => {
        const who = s.approvers.map(approver).join(sep);
        const body = `${s.name || who}${s.approvers.length > 1 ? ` (${quorum(s.quorum, s.approvers.length)})` : ''}`;
        return i > 0 && s.parallel ? ` + ${body}` : `${i > 0 ? ' → ' : ''}${body}`;
      })
      .join('');
  return { approver, condition, quorum, steps };
}
