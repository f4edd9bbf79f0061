import { Navigate } from 'react-router';
import type { ScreenEntry } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

/**
 * People › blacklist (/blacklist, off with the 'blacklist' switch) and whitelist (/whitelist): the paths of the
 * People navigation of spec section 2, one page parameterised by the list; beside the blacklist, the screening review
 * queue (/blacklist/reviews, issue 42), under the same switch.
 */
export const listScreens: readonly ScreenEntry[] = [
  {
    path: 'blacklist',
    titleKey: 'menu.blacklist',
    area: 'blacklist',
    icon: 'StopOutlined',
    roles: ['manager'],
    feature: 'blacklist',
    group: 'people',
    page: () => import('./pages/ListedPeoplePage').then((m) => m.BlacklistPage),
  },
  {
    path: 'blacklist/reviews',
    titleKey: 'menu.screeningReviews',
    area: 'blacklist',
    icon: 'SafetyOutlined',
    roles: ['manager'],
    feature: 'blacklist',
    group: 'people',
    page: () => import('./pages/ScreeningReviewsPage').then((m) => m.ScreeningReviewsPage),
  },
  {
    path: 'whitelist',
    titleKey: 'menu.whitelist',
    area: 'blacklist',
    icon: 'SafetyCertificateOutlined',
    roles: ['manager'],
    group: 'people',
    page: () => import('./pages/ListedPeoplePage').then((m) => m.WhitelistPage),
  },
];

function ToBlacklist() {
  return <Navigate replace to="/blacklist" />;
}

/** /emp/black, the blacklist's place in the route tree of spec section 2: the same screen, under its menu path. */
export const blacklistUnderEmp: ScreenEntry = {
  path: 'black',
  titleKey: 'menu.blacklist',
  area: 'blacklist',
  roles: ['manager'],
  feature: 'blacklist',
  hideInMenu: true,
  page: () => Promise.resolve(ToBlacklist),
};

/** The screening review queue in another role's area: HSE (security) decides who screening held, as administrators do. */
export function screeningReviewsScreen(role: ConsoleRole, path: string): ScreenEntry {
  return {
    path,
    titleKey: 'menu.screeningReviews',
    icon: 'SafetyOutlined',
    roles: [role],
    feature: 'blacklist',
    page: () => import('./pages/ScreeningReviewsPage').then((m) => m.ScreeningReviewsPage),
  };
}
