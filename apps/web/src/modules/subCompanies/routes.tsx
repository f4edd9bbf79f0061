import type { ScreenEntry } from '../../platform/routes';

/** System settings › multi-enterprise (spec section 2: setting/subcoms), off with the 'subCompanies' switch. */
export const subCompaniesScreen: ScreenEntry = {
  path: 'setting/subcoms',
  titleKey: 'menu.subcoms',
  area: 'sub-companies',
  icon: 'ShopOutlined',
  roles: ['manager'],
  feature: 'subCompanies',
  group: 'settings',
  page: () => import('./pages/SubCompaniesPage').then((m) => m.SubCompaniesPage),
};

/** The account sidebar's "multi-company mode" (spec section 2: coms), the switch behind `updateSASwitch`. */
export const multiCompanyModeScreen: ScreenEntry = {
  path: 'coms',
  titleKey: 'menu.accountComs',
  area: 'sub-companies',
  icon: 'ShopOutlined',
  roles: ['manager'],
  feature: 'subCompanies',
  page: () => import('./pages/MultiCompanyModePage').then((m) => m.MultiCompanyModePage),
};

/**
 * The sub-company portal's accountsub (spec section 2: /subcom/account, accountsub linked to the hidden subdetail): its
 * managers, through this module's calls (GetSubAccountManager, UpdateSubAccountManager).
 */
export const subCompanyManagersScreens: readonly ScreenEntry[] = [
  {
    path: 'accountsub',
    titleKey: 'menu.accountSub',
    area: 'sub-companies',
    icon: 'TeamOutlined',
    roles: ['subcom'],
    feature: 'subCompanies',
    page: () => import('./pages/SubCompanyManagersPage').then((m) => m.SubCompanyManagersPage),
  },
  {
    path: 'accountsub/subdetail/:empid',
    titleKey: 'menu.accountSub',
    area: 'sub-companies',
    roles: ['subcom'],
    feature: 'subCompanies',
    hideInMenu: true,
    page: () => import('./pages/SubCompanyManagersPage').then((m) => m.SubCompanyManagerDetailPage),
  },
];
