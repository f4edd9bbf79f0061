import { ADMIN_STYPE } from '@openvisit/contract';
import type { ScreenEntry } from '../../platform/routes';

/**
 * Settings › integrations › API keys (/integrations/keys): the company administrator's alone (its calls admit no
 * sub-administrator: a key would carry more than the sub-administrator's own grants).
 */
export const apiKeysScreen: ScreenEntry = {
  path: 'keys',
  titleKey: 'menu.apiKeys',
  area: 'integrations',
  icon: 'LockOutlined',
  roles: ['manager'],
  sTypes: [ADMIN_STYPE],
  page: () => import('./pages/ApiKeysPage').then((m) => m.ApiKeysPage),
};
