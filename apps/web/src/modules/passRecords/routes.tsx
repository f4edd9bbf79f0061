import type { ScreenEntry } from '../../platform/routes';

/** Access control › pass records (/key/record) and vehicle records (/key/vrecord), spec section 2: children of the /key section. */
export const passRecordScreens: readonly ScreenEntry[] = [
  {
    path: 'record',
    titleKey: 'menu.passRecords',
    area: 'devices',
    icon: 'AuditOutlined',
    roles: ['manager'],
    feature: 'accessControl',
    page: () => import('./pages/PassRecordsPage').then((m) => m.PassRecordsPage),
  },
  {
    path: 'vrecord',
    titleKey: 'menu.vehicleRecords',
    area: 'devices',
    icon: 'TableOutlined',
    roles: ['manager'],
    feature: 'accessControl',
    page: () => import('./pages/VehicleRecordsPage').then((m) => m.VehicleRecordsPage),
  },
];
