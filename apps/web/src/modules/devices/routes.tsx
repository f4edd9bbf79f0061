import type { ScreenEntry } from '../../platform/routes';

/**
 * Custom settings › smart access control (spec section 2: key with group, detail/:egid?, list, listd/:eid?): a section
 * whose index (/key) opens its first screen, the device groups.
 */
export const accessControlSection: ScreenEntry = {
  path: 'key',
  titleKey: 'menu.key',
  icon: 'ApiOutlined',
  roles: ['manager'],
  feature: 'accessControl',
  group: 'custom',
  children: [
    {
      path: 'group',
      titleKey: 'menu.keyGroups',
      area: 'devices',
      icon: 'ClusterOutlined',
      roles: ['manager'],
      feature: 'accessControl',
      page: () => import('./pages/GroupsPage').then((m) => m.GroupsPage),
    },
    {
      path: 'detail/:egid?',
      titleKey: 'menu.keyGroup',
      area: 'devices',
      roles: ['manager'],
      feature: 'accessControl',
      hideInMenu: true,
      page: () => import('./pages/GroupFormPage').then((m) => m.GroupFormPage),
    },
    {
      path: 'list',
      titleKey: 'menu.keyDevices',
      area: 'devices',
      icon: 'ApiOutlined',
      roles: ['manager'],
      feature: 'accessControl',
      page: () => import('./pages/DevicesPage').then((m) => m.DevicesPage),
    },
    {
      path: 'listd/:eid?',
      titleKey: 'menu.keyDevice',
      area: 'devices',
      roles: ['manager'],
      feature: 'accessControl',
      hideInMenu: true,
      page: () => import('./pages/DeviceFormPage').then((m) => m.DeviceFormPage),
    },
    {
      path: 'rights',
      titleKey: 'menu.keyRights',
      area: 'devices',
      icon: 'SafetyCertificateOutlined',
      roles: ['manager'],
      feature: 'accessControl',
      page: () => import('./pages/RightsPage').then((m) => m.RightsPage),
    },
  ],
};
