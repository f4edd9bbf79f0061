import { SettingOutlined } from '@ant-design/icons';
import { ADMIN_STYPE, Role } from '@openvisit/contract';
import { accountSettingsScreens, areaShellScreens } from '../../modules/accounts/routes';
import { listScreens } from '../../modules/blacklist/routes';
import { employeeSection } from '../../modules/employees/routes';
import { employeePortalScreens } from '../../modules/invitations/routes';
import { operationLogScreen } from '../../modules/logs/routes';
import { noticeScreens } from '../../modules/notifications/routes';
import { receptionScreens } from '../../modules/reception/routes';
import { registrationScreens } from '../../modules/registration/routes';
import { residentScreen } from '../../modules/residents/routes';
import { basicSettingsScreens } from '../../modules/settings/routes';
import { overtimeScreen, visitorSection } from '../../modules/visits/routes';
import type { ConsoleRole } from '../../platform/session';
import { AdminLayout } from '../layouts/AdminLayout';
import { AreaLayout } from '../layouts/AreaLayout';
import type { AreaDef } from './types';

/**
 * The admin (head-office) area. Only screens that exist are listed, in top-navigation order: report,
 * notice and the other sections join this table (first, for reports) as their issues land.
 */
export const adminArea: AreaDef = {
  role: 'manager',
  base: '/',
  sType: ADMIN_STYPE,
  titleKey: 'enums.consoleRole.manager',
  layout: AdminLayout,
  routes: [
    visitorSection,
    employeeSection,
    residentScreen,
    ...listScreens,
    overtimeScreen,
    operationLogScreen,
    ...noticeScreens,
    ...registrationScreens,
    ...basicSettingsScreens,
    {
      path: 'setting/account',
      titleKey: 'menu.account',
      icon: <SettingOutlined />,
      roles: ['manager'],
      group: 'settings',
      children: accountSettingsScreens,
    },
  ],
};

function shellArea(role: ConsoleRole, base: string, sType?: number): AreaDef {
  return { role, base, sType, titleKey: `enums.consoleRole.${role}`, layout: AreaLayout, routes: areaShellScreens(role) };
}

/** One table per area; post-login redirects and guards are derived from these. */
export const AREAS: readonly AreaDef[] = [
  adminArea,
  // The employee portal opens on the single invite (spec section 2: /emporder redirects to sigleorder).
  {
    role: 'emporder',
    base: '/emporder',
    titleKey: 'enums.consoleRole.emporder',
    layout: AreaLayout,
    routes: [...employeePortalScreens, ...areaShellScreens('emporder')],
  },
  shellArea('subcom', '/subcom'),
  shellArea('logic', '/logic', Role.LOGISTICS),
  shellArea('hse', '/hsehome', Role.HSE),
  shellArea('servercom', '/servercom', Role.SERVER_COMPANY),
  { role: 'reception', base: '/reception', sType: Role.GATE, titleKey: 'enums.consoleRole.reception', layout: AreaLayout, routes: receptionScreens },
  shellArea('super', '/super'),
];

export function areaOfRole(role: ConsoleRole): AreaDef {
  const area = AREAS.find((a) => a.role === role);
  if (!area) throw new Error(`no area for role ${role}`);
  return area;
}
