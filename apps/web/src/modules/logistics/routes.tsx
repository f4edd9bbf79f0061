import { Role } from '@openvisit/contract';
import type { PublicEntry, ScreenEntry } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

/**
 * The logistics screens (spec section 2): carrier companies (logicSupplierCom), data (''), settings, the approval
 * queue. The admin's `logistics` section and the logistics area (`/logic`, manager sType 3 and specialist 12) share them.
 */
export function logisticsScreens(role: ConsoleRole): ScreenEntry[] {
  const roles = [role];
  return [
    {
      path: 'logicSupplierCom',
      titleKey: 'menu.logisticsCompanies',
      area: 'logistics',
      icon: 'ShopOutlined',
      roles,
      feature: 'logistics',
      page: () => import('./pages/CompaniesPage').then((m) => m.CompaniesPage),
    },
    {
      path: '',
      titleKey: 'menu.logisticsData',
      area: 'logistics',
      icon: 'TableOutlined',
      roles,
      feature: 'logistics',
      page: () => import('./pages/DataPage').then((m) => m.DataPage),
    },
    {
      path: 'setting',
      titleKey: 'menu.logisticsSettings',
      area: 'logistics',
      icon: 'SettingOutlined',
      roles,
      feature: 'logistics',
      page: () => import('./pages/SettingsPage').then((m) => m.SettingsPage),
    },
    {
      path: 'approve',
      titleKey: 'menu.logisticsApprove',
      area: 'logistics',
      icon: 'AuditOutlined',
      roles,
      feature: 'logistics',
      page: () => import('./pages/ApprovePage').then((m) => m.ApprovePage),
    },
  ];
}

/** The admin area's logistics section (a sidebar of the four screens). */
export const logisticsSection: ScreenEntry = {
  path: 'logistics',
  titleKey: 'menu.logistics',
  icon: 'CarOutlined',
  roles: ['manager'],
  feature: 'logistics',
  children: logisticsScreens('manager'),
};

/** The front desk's trucks of the day (reception and sub-administrator desks). */
export const logisticsDeskScreen: ScreenEntry = {
  path: 'logistics',
  titleKey: 'menu.logisticsDesk',
  icon: 'CarOutlined',
  roles: ['reception'],
  sTypes: [Role.GATE, Role.SUBADMIN],
  feature: 'logistics',
  page: () => import('./pages/DeskPage').then((m) => m.DeskPage),
};

/** The carrier's public booking page (the link's token is the key). */
export const logisticsPublicScreens: readonly PublicEntry[] = [
  {
    path: '/logistics-booking',
    wide: true,
    titleKey: 'logistics.public.title',
    page: () => import('./pages/BookingPage').then((m) => m.BookingPage),
  },
];
