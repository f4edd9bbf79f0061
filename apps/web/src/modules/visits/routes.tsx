import type { ScreenEntry } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

/** The visitor list (search, details, export): one screen of the report center (app/routes/reportCenter.tsx). */
export function visitorListScreen(role: ConsoleRole): ScreenEntry {
  return {
    path: 'vlist',
    titleKey: 'menu.vlist',
    module: 'visitors',
    icon: 'UnorderedListOutlined',
    roles: [role],
    page: () => import('./pages/VisitorListPage').then((m) => m.VisitorListPage),
  };
}

/** People › overtime query (spec section 2): visitors still on site past their leave time or the off-duty time. */
export const overtimeScreen: ScreenEntry = {
  path: 'overtime',
  titleKey: 'menu.overtime',
  module: 'visitors',
  icon: 'ClockCircleOutlined',
  roles: ['manager'],
  group: 'people',
  page: () => import('./pages/OvertimePage').then((m) => m.OvertimePage),
};
