import { ClockCircleOutlined, TableOutlined, UnorderedListOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { ScreenEntry } from '../../app/routes/types';

/**
 * Visitors (spec section 2: /visitor with '' statistics, data, vlist; root / goes to /visitor). The statistics and
 * report screens join `children` with the report-center issue; the list is the section's screen for now.
 */
export const visitorSection: ScreenEntry = {
  path: 'visitor',
  titleKey: 'menu.visitors',
  icon: <UserSwitchOutlined />,
  roles: ['manager'],
  group: 'visitors',
  children: [
    {
      path: 'data',
      titleKey: 'menu.visitReport',
      icon: <TableOutlined />,
      roles: ['manager'],
      page: () => import('../reports/pages/VisitReportPage').then((m) => m.VisitReportPage),
    },
    {
      path: 'vlist',
      titleKey: 'menu.vlist',
      icon: <UnorderedListOutlined />,
      roles: ['manager'],
      page: () => import('./pages/VisitorListPage').then((m) => m.VisitorListPage),
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
