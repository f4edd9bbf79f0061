import type { ScreenEntry } from '../../platform/routes';

/**
 * People › company employees (spec section 2): /emp, whose index goes to its first screen
 * (/emp/emplist). Its other children of the spec are not in its menu, so the section has no sidebar:
 * black (/emp/black → /blacklist, the blacklist's People menu path) and rolist (roles), handed in by the admin area's
 * table (app/routes/areas.tsx), which composes the modules' screens.
 */
export const employeeSection = (...others: ScreenEntry[]): ScreenEntry => ({
  path: 'emp',
  titleKey: 'menu.emp',
  icon: 'TeamOutlined',
  roles: ['manager'],
  group: 'people',
  children: [
    {
      path: 'emplist',
      titleKey: 'menu.empList',
      area: 'employees',
      icon: 'TeamOutlined',
      roles: ['manager'],
      page: () => import('./pages/EmployeesPage').then((m) => m.EmployeesPage),
    },
    ...others,
  ],
});

/** Custom settings › who may invite visitors (spec section 6); its own route until the basic-settings page holds it. */
export const invitePermissionScreen: ScreenEntry = {
  path: 'setting/invitepower',
  titleKey: 'menu.invitePower',
  area: 'employees',
  icon: 'SendOutlined',
  roles: ['manager'],
  feature: 'basicSet',
  group: 'custom',
  page: () => import('./pages/InvitePowerPage').then((m) => m.InvitePowerPage),
};

/** The sub-company portal's employees (spec section 2: /subcom/subemp). Contract module: employees. */
export const subEmployeesScreen: ScreenEntry = {
  path: 'subemp',
  titleKey: 'menu.subEmp',
  area: 'employees',
  icon: 'TeamOutlined',
  roles: ['subcom'],
  page: () => import('./pages/SubEmployeesPage').then((m) => m.SubEmployeesPage),
};
