import { BarChartOutlined, ClockCircleOutlined, TableOutlined, TeamOutlined, UnorderedListOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { ScreenEntry } from '../../app/routes/types';
import type { ConsoleRole } from '../../platform/session';

/** The report center's screens, for the administrator's visitor section and the sub-company area alike. */
function reportCenter(role: ConsoleRole, index: string): ScreenEntry[] {
  return [
    {
      path: index,
      titleKey: 'menu.statistics',
      icon: <BarChartOutlined />,
      roles: [role],
      page: () => import('../reports/pages/StatisticsPage').then((m) => m.StatisticsPage),
    },
    {
      path: 'data',
      titleKey: 'menu.visitReport',
      icon: <TableOutlined />,
      roles: [role],
      page: () => import('../reports/pages/VisitReportPage').then((m) => m.VisitReportPage),
    },
    {
      path: 'vlist',
      titleKey: 'menu.vlist',
      icon: <UnorderedListOutlined />,
      roles: [role],
      page: () => import('./pages/VisitorListPage').then((m) => m.VisitorListPage),
    },
    {
      path: 'onsite',
      titleKey: 'menu.onSite',
      icon: <TeamOutlined />,
      roles: [role],
      page: () => import('../onsite/pages/OnSiteBoardPage').then((m) => m.OnSiteBoardPage),
    },
  ];
}

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
  children: reportCenter('manager', ''),
};

/**
 * The sub-company area's report center (spec section 2: /subcom opens on the visitors screen): the same screens, the
 * server limiting every call to the sub-company's own visitors.
 */
export const subcomVisitorScreens: readonly ScreenEntry[] = reportCenter('subcom', 'visitors');

/** People › overtime query (spec section 2): visitors still on site past their leave time or the off-duty time. */
export const overtimeScreen: ScreenEntry = {
  path: 'overtime',
  titleKey: 'menu.overtime',
  icon: <ClockCircleOutlined />,
  roles: ['manager'],
  group: 'people',
  page: () => import('./pages/OvertimePage').then((m) => m.OvertimePage),
};
