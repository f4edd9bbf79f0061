import type { PublicEntry, ScreenEntry } from '../../platform/routes';

/** Settings › data retention (issue 41): how long visitors' data is kept, and the sweeps. */
export const privacyScreen: ScreenEntry = {
  path: 'setting/privacy',
  titleKey: 'menu.privacy',
  area: 'privacy',
  icon: 'SafetyOutlined',
  roles: ['manager'],
  group: 'settings',
  page: () => import('./pages/PrivacyPage').then((m) => m.PrivacyPage),
};

/** Settings › personal data requests (issue 41): a person's data found, downloaded for them, erased. */
export const personDataScreen: ScreenEntry = {
  path: 'setting/person-data',
  titleKey: 'menu.personData',
  area: 'privacy',
  icon: 'FileSearchOutlined',
  roles: ['manager'],
  group: 'settings',
  page: () => import('./pages/PersonDataPage').then((m) => m.PersonDataPage),
};

/** The visitor's own privacy page (a link from invitations, badges, the kiosk and mails): no sign-in, a code instead. */
export const myDataScreens: readonly PublicEntry[] = [
  { path: '/my-data', titleKey: 'privacy.mine.title', page: () => import('./pages/MyDataPage').then((m) => m.MyDataPage) },
];
