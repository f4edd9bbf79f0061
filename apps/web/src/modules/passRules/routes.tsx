import type { ScreenEntry } from '../../platform/routes';

/**
 * Strategic (spec section 2): traffic schedules with the holidays (/strategic/tschedule, the editor tsdetail hidden)
 * and pass strategies with each gate's pass ways (/strategic/strategy, the editor strategyd hidden); off with the
 * 'strategic' switch.
 */
export const strategicScreens: readonly ScreenEntry[] = [
  {
    path: 'strategic/tschedule',
    titleKey: 'menu.tschedule',
    area: 'pass-rules',
    icon: 'ClockCircleOutlined',
    roles: ['manager'],
    feature: 'strategic',
    group: 'custom',
    page: () => import('./pages/SchedulesPage').then((m) => m.SchedulesPage),
  },
  {
    path: 'strategic/tsdetail/:id?',
    titleKey: 'passRules.schedule.editTitle',
    area: 'pass-rules',
    roles: ['manager'],
    feature: 'strategic',
    group: 'custom',
    hideInMenu: true,
    page: () => import('./pages/ScheduleEditPage').then((m) => m.ScheduleEditPage),
  },
  {
    path: 'strategic/strategy',
    titleKey: 'menu.strategy',
    area: 'pass-rules',
    icon: 'SafetyOutlined',
    roles: ['manager'],
    feature: 'strategic',
    group: 'custom',
    page: () => import('./pages/StrategiesPage').then((m) => m.StrategiesPage),
  },
  {
    path: 'strategic/strategyd/:id?',
    titleKey: 'passRules.strategy.editTitle',
    area: 'pass-rules',
    roles: ['manager'],
    feature: 'strategic',
    group: 'custom',
    hideInMenu: true,
    page: () => import('./pages/StrategyEditPage').then((m) => m.StrategyEditPage),
  },
];
