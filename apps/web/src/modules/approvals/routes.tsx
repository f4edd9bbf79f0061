import type { PublicEntry, ScreenEntry } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

/** Settings › approval (spec "approve"): the approval policies, approvers' leave and the company's approval records; off with the 'approval' switch. */
export const approvalSettingsScreen: ScreenEntry = {
  path: 'setting/approve',
  titleKey: 'menu.approve',
  area: 'approvals',
  icon: 'AuditOutlined',
  roles: ['manager'],
  feature: 'approval',
  group: 'custom',
  page: () => import('./pages/ApprovalSettingsPage').then((m) => m.ApprovalSettingsPage),
};

/** A sub-company's own policies, tried first for its employees' visitors (its area: /subcom/approve). */
export const ownPoliciesScreen: ScreenEntry = {
  path: 'approve',
  titleKey: 'menu.approve',
  area: 'approvals',
  icon: 'AuditOutlined',
  roles: ['subcom'],
  feature: 'approval',
  page: () => import('./pages/OwnPoliciesPage').then((m) => m.OwnPoliciesPage),
};

/** An approver's queue in their own area: the employee portal's "approve", HSE's "hseapprovelist". */
export function approvalQueueScreen(role: ConsoleRole, path: string): ScreenEntry {
  return {
    path,
    titleKey: 'menu.approvals',
    icon: 'AuditOutlined',
    roles: [role],
    feature: 'approval',
    page: () => import('./pages/ApprovalQueuePage').then((m) => m.ApprovalQueuePage),
  };
}

/** The approval mail's link (public: the signed token is the key; approve or refuse without signing in). */
export const approvalLinkScreens: readonly PublicEntry[] = [
  { path: '/approval/:token', titleKey: 'approvals.link.title', page: () => import('./pages/ApprovalLinkPage').then((m) => m.ApprovalLinkPage) },
];
