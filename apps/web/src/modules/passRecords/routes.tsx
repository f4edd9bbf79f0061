import type { ScreenEntry } from '../../platform/routes';

/** Access control › pass records (/key/record) and vehicle records (/key/vrecord), spec section 2. */
export const passRecordScreens: readonly ScreenEntry[] = [
  {
    path: 'key/record',
    titleKey: 'menu.passRecords',
    icon: 'AuditOutlined',
    roles: ['manager'],
    feature: 'accessControl',
    group: 'settings',
    page: () => import('./pages/PassRecordsPage').then((m) => m.PassRecordsPage),
  },
  {
    path: 'key/vrecord',
    titleKey: 'menu.vehicleRecords',
    icon: 'TableOutlined',
    roles: ['manager'],
    feature: 'accessControl',
    group: 'settings',
    page: () => import('./pages/VehicleRecordsPage').then((m) => m.VehicleRecordsPage),
  },
];
