import type { ScreenEntry } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

/** The statistics charts; `path` is '' where they are the section's index (the administrator's visitor section). */
export function statisticsScreen(role: ConsoleRole, path: string): ScreenEntry {
  return {
    path,
    titleKey: 'menu.statistics',
    area: 'reports',
    icon: 'BarChartOutlined',
    roles: [role],
    page: () => import('./pages/StatisticsPage').then((m) => m.StatisticsPage),
  };
}

/** The visitor report (grouped table and its export). */
export function visitReportScreen(role: ConsoleRole): ScreenEntry {
  return {
    path: 'data',
    titleKey: 'menu.visitReport',
    area: 'reports',
    icon: 'TableOutlined',
    roles: [role],
    page: () => import('./pages/VisitReportPage').then((m) => m.VisitReportPage),
  };
}
