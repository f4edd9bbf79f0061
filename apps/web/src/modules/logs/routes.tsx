import type { ScreenEntry } from '../../platform/routes';

/** People › operation log, /emplog (spec section 2), off with the 'operationLog' switch. */
export const operationLogScreen: ScreenEntry = {
  path: 'emplog',
  titleKey: 'menu.emplog',
  area: 'logs',
  icon: 'FileSearchOutlined',
  roles: ['manager'],
  feature: 'operationLog',
  group: 'people',
  page: () => import('./pages/OperationLogPage').then((m) => m.OperationLogPage),
};
