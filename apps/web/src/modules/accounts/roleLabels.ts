import { EXECUTIVE_ROLE_LABEL, Role } from '@openvisit/contract';
import { useConfig } from '../../platform/config';
import { useLabel, useLang } from '../../platform/i18n';

/* Role 0's name under the spec's HSE-administrator-change flag; only the account screens name roles (kept out of the
 * platform so the sign-in page does not load it). */
/** A staff role's name: the lookup's, except role 0 under the HSE-administrator-change flag (Executive). */
export function useRoleLabel(): (role: number) => string {
  const label = useLabel();
  const lang = useLang();
  const executive = useConfig().data?.hseAdminChange === true;
  return (role) => (executive && role === Role.HSE ? EXECUTIVE_ROLE_LABEL[lang] : label('role', role));
}
