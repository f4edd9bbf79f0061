import { ADMIN_STYPE } from '@openvisit/contract';
import type { ScreenEntry } from '../../platform/routes';

/**
 * Settings › integrations › single sign-on (/integrations/sso): the company administrator's alone (a provider vouches
 * for every account, the administrator's own included).
 */
export const ssoScreen: ScreenEntry = {
  path: 'sso',
  titleKey: 'menu.sso',
  area: 'integrations',
  icon: 'SafetyCertificateOutlined',
  roles: ['manager'],
  sTypes: [ADMIN_STYPE],
  page: () => import('./pages/SsoPage').then((m) => m.SsoPage),
};
