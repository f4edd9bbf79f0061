import { TeamOutlined } from '@ant-design/icons';
import type { ScreenEntry } from '../../app/routes/types';

/**
 * People › company employees (spec section 2): /emp, whose index goes to its first screen
 * (/emp/emplist). The blacklist and roles screens join `children` when they exist.
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
  ],
};
