import type { ScreenEntry } from '../../platform/routes';

/** People › resident visitors (/visitlist, spec section 2): residents, their projects and their visits, in tabs. */
export const residentScreen: ScreenEntry = {
  path: 'visitlist',
  titleKey: 'menu.visitlist',
  area: 'residents',
  icon: 'TeamOutlined',
  roles: ['manager'],
  group: 'people',
  page: () => import('./pages/ResidentsPage').then((m) => m.ResidentsPage),
};

/**
 * The admin's supplier section (spec section 2): every supplier's workers (resident), supplier companies (comlist),
 * the workers waiting for approval (approvelist, hidden from the menu: reached from the workers), traffic statistics
 * (supplierlist), pass records.
 */
export const supplierSection: ScreenEntry = {
  path: 'supplier',
  titleKey: 'menu.supplier',
  icon: 'TeamOutlined',
  roles: ['manager'],
  feature: 'supplier',
  group: 'people',
  children: [
    {
      path: 'resident',
      titleKey: 'menu.supplierResident',
      area: 'residents',
      roles: ['manager'],
      page: () => import('./pages/WorkersPage').then((m) => m.SupplierResidentsPage),
    },
    {
      path: 'comlist',
      titleKey: 'menu.comlist',
      area: 'residents',
      roles: ['manager'],
      page: () => import('./pages/SupplierCompaniesPage').then((m) => m.SupplierCompaniesPage),
    },
    {
      path: 'approvelist',
      titleKey: 'menu.supplierApprove',
      area: 'residents',
      roles: ['manager'],
      hideInMenu: true,
      page: () => import('./pages/WorkerApprovalPage').then((m) => m.WorkerApprovalPage),
    },
    {
      path: 'supplierlist',
      titleKey: 'menu.supplierlist',
      area: 'residents',
      roles: ['manager'],
      page: () => import('./pages/TrafficPage').then((m) => m.TrafficPage),
    },
    {
      path: 'passRecord',
      titleKey: 'menu.rvPassRecord',
      area: 'residents',
      roles: ['manager'],
      page: () => import('./pages/RvPassRecordPage').then((m) => m.RvPassRecordPage),
    },
  ],
};

/** A server company's workers (/servercom/server) and, for HSE, every supplier's (/hsehome/hseemplist). */
export function workersScreen(role: 'servercom' | 'hse', path: string): ScreenEntry {
  return {
    path,
    titleKey: 'menu.workers',
    icon: 'TeamOutlined',
    roles: [role],
    page: () => import('./pages/WorkersPage').then((m) => m.WorkersPage),
  };
}
