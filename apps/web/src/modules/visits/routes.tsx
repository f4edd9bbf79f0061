import { BarChartOutlined, ClockCircleOutlined, TeamOutlined, UnorderedListOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { ScreenEntry } from '../../app/routes/types';

/**
 * Visitors (spec section 2: /visitor with '' statistics, data, vlist; root / goes to /visitor): the statistics are
 * the section's index, so /visitor and the administrator's home open them.
 */
export const visitorSection: ScreenEntry = {
  path: 'visitor',
  titleKey: 'menu.visitors',
  icon: <UserSwitchOutlined />,
  roles: ['manager'],
  group: 'visitors',
  children: [
    {
      path: '',
      titleKey: 'menu.statistics',
      icon: <BarChartOutlined />,
      roles: ['manager'],
      page: () => import('../reports/pages/StatisticsPage').then((m) => m.StatisticsPage),
    },
    {
      path: 'vlist',
      titleKey: 'menu.vlist',
      icon: <UnorderedListOutlined />,
      roles: ['manager'],
      page: () => import('./pages/VisitorListPage').then((m) => m.VisitorListPage),
    },
    {
      path: 'onsite',
      titleKey: 'menu.onSite',
      icon: <TeamOutlined />,
      roles: ['manager'],
      page: () => import('../onsite/pages/OnSiteBoardPage').then((m) => m.OnSiteBoardPage),
    },
  ],
};

/** People › overtime query (spec section 2): visitors still on site past their leave time or the off-duty time. */
export const overtimeScreen: ScreenEntry = {
  path: 'overtime',
  titleKey: 'menu.overtime',
  icon: <ClockCircleOutlined />,
  roles: ['manager'],
  group: 'people',
  page: () => import('./pages/OvertimePage').then((m) => m.OvertimePage),
};
