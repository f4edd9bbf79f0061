import type { ScreenEntry } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

/** The account-settings sidebar of the admin area (spec section 2): base, safe, stage (staff / verification accounts). */
export const accountSettingsScreens: readonly ScreenEntry[] = [
  {
    path: '',
    titleKey: 'menu.accountBase',
    area: 'accounts',
    icon: 'IdcardOutlined',
    roles: ['manager'],
    page: () => import('./pages/BasePage').then((m) => m.BasePage),
  },
  {
    path: 'safe',
    titleKey: 'menu.accountSafe',
    area: 'own',
    icon: 'SafetyOutlined',
    roles: ['manager'],
    page: () => import('./pages/SafePage').then((m) => m.SafePage),
  },
  {
    path: 'stage',
    titleKey: 'menu.accountManagers',
    area: 'accounts',
    icon: 'TeamOutlined',
    roles: ['manager'],
    page: () => import('./pages/ManagersPage').then((m) => m.StagePage),
  },
  // An account's drawer as an address of its own (spec: stage linked to the hidden sdetail).
  {
    path: 'stage/sdetail/:id?',
    titleKey: 'menu.accountManagers',
    area: 'accounts',
    roles: ['manager'],
    hideInMenu: true,
    page: () => import('./pages/ManagersPage').then((m) => m.StagePage),
  },
  // The screen's address before it took the spec's name: bookmarks keep working.
  {
    path: 'managers',
    titleKey: 'menu.accountManagers',
    area: 'accounts',
    roles: ['manager'],
    hideInMenu: true,
    page: () => import('./pages/ManagersRedirect').then((m) => m.ManagersRedirect),
  },
];

/** The front desk's password screen (the reception area's table, app/routes/areas.tsx, places it last). */
export const receptionPasswordScreen: ScreenEntry = {
  path: 'password',
  titleKey: 'menu.password',
  icon: 'LockOutlined',
  roles: ['reception'],
  page: () => import('./pages/AreaPasswordPage').then((m) => m.AreaPasswordPage),
};

/** The employee portal's own password screen, emppwd (updateEmpPwd), after its invitation screens. */
export const employeePasswordScreen: ScreenEntry = {
  path: 'emppwd',
  titleKey: 'menu.password',
  icon: 'LockOutlined',
  roles: ['emporder'],
  page: () => import('./pages/AreaPasswordPage').then((m) => m.EmployeePasswordPage),
};

/** The screens every non-admin area has for now: its home and change-password. */
export function areaShellScreens(role: ConsoleRole): readonly ScreenEntry[] {
  return [
    {
      path: '',
      titleKey: 'menu.home',
      area: 'own',
      icon: 'HomeOutlined',
      roles: [role],
      page: () => import('./pages/AreaHomePage').then((m) => m.AreaHomePage),
    },
    {
      path: 'password',
      titleKey: 'menu.password',
      area: 'own',
      icon: 'LockOutlined',
      roles: [role],
      page: () => import('./pages/AreaPasswordPage').then((m) => m.AreaPasswordPage),
    },
  ];
}

/**
 * The account section of the HSE area (spec section 2: /hsehome/account — verification account, details): the
 * account's details (name, kind, company; the area home's page), the verification accounts HSE hands out (the staff
 * accounts screen, limited by the contract to server-company accounts) and change-password.
 */
export function hseAccountSection(role: ConsoleRole): ScreenEntry {
  return {
    path: 'account',
    titleKey: 'menu.account',
    icon: 'SettingOutlined',
    roles: [role],
    children: [
      {
        path: '',
        titleKey: 'menu.accountDetails',
        icon: 'IdcardOutlined',
        roles: [role],
        page: () => import('./pages/AreaHomePage').then((m) => m.AccountDetailsPage),
      },
      {
        path: 'stage',
        titleKey: 'menu.verificationAccounts',
        icon: 'TeamOutlined',
        roles: [role],
        page: () => import('./pages/ManagersPage').then((m) => m.ManagersPage),
      },
      {
        path: 'password',
        titleKey: 'menu.password',
        area: 'own',
        icon: 'LockOutlined',
        roles: [role],
        page: () => import('./pages/AreaPasswordPage').then((m) => m.AreaPasswordPage),
      },
    ],
  };
}

/**
 * The sub-company portal's account section (spec section 2: /subcom/account with accountsub and pwd): its details and
 * its password: the account's own ('own', whatever its grants). accountsub (its managers, GetSubAccountManager) joins once that call exists.
 */
export const subCompanyAccountSection: ScreenEntry = {
  path: 'account',
  titleKey: 'menu.account',
  icon: 'SettingOutlined',
  roles: ['subcom'],
  children: [
    {
      path: '',
      titleKey: 'menu.accountDetails',
      area: 'own',
      icon: 'IdcardOutlined',
      roles: ['subcom'],
      page: () => import('./pages/SubCompanyAccountPage').then((m) => m.SubCompanyAccountPage),
    },
    {
      path: 'pwd',
      titleKey: 'menu.password',
      area: 'own',
      icon: 'LockOutlined',
      roles: ['subcom'],
      page: () => import('./pages/AreaPasswordPage').then((m) => m.AreaPasswordPage),
    },
  ],
};
