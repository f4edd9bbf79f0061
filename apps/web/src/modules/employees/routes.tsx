import { TeamOutlined } from '@ant-design/icons';
import type { ScreenEntry } from '../../app/routes/types';
import { blacklistUnderEmp } from '../blacklist/routes';
import { rolesScreen } from '../roles/routes';

/**
 * People › company employees (spec section 2): /emp, whose index goes to its first screen
 * (/emp/emplist). Its other children of the spec are not in its menu, so the section has no sidebar:
 * black (/emp/black → /blacklist, the blacklist's People menu path) and rolist (roles).
 */
export const employeeSection: ScreenEntry = {
  path: 'emp',
  titleKey: 'menu.emp',
  icon: <TeamOutlined />,
  roles: ['manager'],
  group: 'people',
  children: [
    {
      path: 'emplist',
      titleKey: 'menu.empList',
      icon: <TeamOutlined />,
      roles: ['manager'],
      page: () => import('./pages/EmployeesPage').then((m) => m.EmployeesPage),
    },
    blacklistUnderEmp,
    rolesScreen,
  ],
};
