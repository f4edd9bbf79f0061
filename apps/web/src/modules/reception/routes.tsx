import { LockOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import type { ScreenEntry } from '../../app/routes/types';

/** The front desk (reception) area's screens (spec section 2, reference 3.6): today's visitors, register a walk-in, change password. */
export const receptionScreens: readonly ScreenEntry[] = [
  {
    path: '',
    titleKey: 'menu.receptionToday',
    icon: <TeamOutlined />,
    roles: ['reception'],
    page: () => import('./pages/TodayPage').then((m) => m.TodayPage),
  },
  {
    path: 'walkin',
    titleKey: 'menu.receptionWalkIn',
    icon: <UserAddOutlined />,
    roles: ['reception'],
    page: () => import('./pages/WalkInPage').then((m) => m.WalkInPage),
  },
  {
    path: 'password',
    titleKey: 'menu.password',
    icon: <LockOutlined />,
    roles: ['reception'],
    page: () => import('../accounts/pages/AreaPasswordPage').then((m) => m.AreaPasswordPage),
  },
];
