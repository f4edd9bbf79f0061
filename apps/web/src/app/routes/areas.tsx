import { ADMIN_STYPE, Role } from '@openvisit/contract';
import {
  accountSettingsScreens,
  areaShellScreens,
  employeePasswordScreen,
  hseAccountSection,
  receptionPasswordScreen,
  subCompanyAccountSection,
} from '../../modules/accounts/routes';
import { apiKeysScreen } from '../../modules/apiKeys/routes';
import { approvalQueueScreen, approvalSettingsScreen, ownPoliciesScreen } from '../../modules/approvals/routes';
import { blacklistUnderEmp, listScreens, screeningReviewsScreen } from '../../modules/blacklist/routes';
import { accessControlSection } from '../../modules/devices/routes';
import { employeeSection, invitePermissionScreen, subEmployeesScreen } from '../../modules/employees/routes';
import { workAppsScreen } from '../../modules/im/routes';
import { tempCardDeskScreen, tempCardPortalScreen, tempCardScreen } from '../../modules/interimCards/routes';
import { employeePortalScreens, subCompanyInvitationScreens, templateSettingsScreens } from '../../modules/invitations/routes';
import { logisticsDeskScreen, logisticsScreens, logisticsSection } from '../../modules/logistics/routes';
import { operationLogScreen } from '../../modules/logs/routes';
import { employeeMeetingScreens, meetingScreens } from '../../modules/meetings/routes';
import { monitorScreen } from '../../modules/monitor/routes';
import { noticeScreens } from '../../modules/notifications/routes';
import { passRecordScreens } from '../../modules/passRecords/routes';
import { strategicScreens } from '../../modules/passRules/routes';
import { personDataScreen, privacyScreen } from '../../modules/privacy/routes';
import { questionSection } from '../../modules/questionnaires/routes';
import { trainingVideoScreen } from '../../modules/questionnaires/routes.videos';
import { registrationScreens } from '../../modules/registration/routes';
import { residentScreen, supplierSection, workersScreen } from '../../modules/residents/routes';
import { rolesScreen } from '../../modules/roles/routes';
import { basicSettingsScreens } from '../../modules/settings/routes';
import { ssoScreen } from '../../modules/sso/routes';
import { multiCompanyModeScreen, subCompaniesScreen, subCompanyManagersScreens } from '../../modules/subCompanies/routes';
import { superHomeScreen } from '../../modules/superAccounts/routes';
import { overtimeScreen, receptionScreens } from '../../modules/visits/routes';
import { integrationsSection } from '../../modules/webhooks/routes';
import type { ConsoleRole } from '../../platform/session';
import { subcomVisitorScreens, visitorSection } from './reportCenter';
import type { AreaDef } from './types';

const AdminLayout = () => import('../layouts/AdminLayout').then((m) => m.AdminLayout);
const AreaLayout = () => import('../layouts/AreaLayout').then((m) => m.AreaLayout);

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
    // People › company employees: the employees module's list, then the blacklist's and the roles' screens under /emp.
    employeeSection(blacklistUnderEmp, rolesScreen),
    residentScreen,
    supplierSection,
    ...listScreens,
    tempCardScreen,
    overtimeScreen,
    operationLogScreen,
    ...noticeScreens,
    ...registrationScreens,
    ...basicSettingsScreens,
    // The /key section: the devices module's screens, then the pass records'.
    { ...accessControlSection, children: [...(accessControlSection.children ?? []), ...passRecordScreens] },
    approvalSettingsScreen,
    ...templateSettingsScreens,
    invitePermissionScreen,
    ...meetingScreens,
    monitorScreen,
    ...strategicScreens,
    questionSection([{ ...trainingVideoScreen, path: 'detail' }]),
    logisticsSection,
    subCompaniesScreen,
    {
      path: 'setting/account',
      titleKey: 'menu.account',
      icon: 'SettingOutlined',
      roles: ['manager'],
      group: 'settings',
      children: [...accountSettingsScreens, multiCompanyModeScreen],
    },
    workAppsScreen,
    // Settings › integrations: the webhooks module's screens, then the API keys' and single sign-on's.
    { ...integrationsSection, children: [...(integrationsSection.children ?? []), apiKeysScreen, ssoScreen] },
    privacyScreen,
    personDataScreen,
  ],
};

// The sub-company's account section: its details, its managers (accountsub, the sub-companies module's), its password.
const [subcomDetails, ...subcomAccountRest] = subCompanyAccountSection.children ?? [];
const subcomAccount = {
  ...subCompanyAccountSection,
  children: [...(subcomDetails ? [subcomDetails] : []), ...subCompanyManagersScreens, ...subcomAccountRest],
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
    // No shell home (its index would stop the redirect) and the portal's own password screen, emppwd (updateEmpPwd).
    routes: [
      ...employeePortalScreens,
      employeePasswordScreen,
      ...employeeMeetingScreens,
      approvalQueueScreen('emporder', 'approve'),
      tempCardPortalScreen,
    ],
    passwordPath: 'emppwd',
  },
  // A sub-company administrator opens on its report center (spec: /subcom/visitors), then its employees (subemp), its
  // invitations (invitelist, invite, template), its own approval policies (approve) and its account (details, pwd).
  // Grant areas: reports/visitors, employees, invitations, approvals, accounts (named at each entry).
  {
    role: 'subcom',
    base: '/subcom',
    titleKey: 'enums.consoleRole.subcom',
    layout: AreaLayout,
    routes: [...subcomVisitorScreens, subEmployeesScreen, ...subCompanyInvitationScreens, ownPoliciesScreen, subcomAccount],
    passwordPath: 'account/pwd',
  },
  // Logistics managers (sType 3) and specialists (12) open on the carrier companies (spec: /logic/logicSupplierCom).
  {
    role: 'logic',
    base: '/logic',
    sType: Role.LOGISTICS,
    titleKey: 'enums.consoleRole.logic',
    layout: AreaLayout,
    routes: [...logisticsScreens('logic'), ...areaShellScreens('logic').filter((s) => s.path !== '')],
  },
  {
    role: 'hse',
    base: '/hsehome',
    sType: Role.HSE,
    titleKey: 'enums.consoleRole.hse',
    layout: AreaLayout,
    // Spec section 2: HSE opens on its workers (hseemplist); its account section holds details, verification accounts, password.
    routes: [
      workersScreen('hse', 'hseemplist'),
      approvalQueueScreen('hse', 'hseapprovelist'),
      screeningReviewsScreen('hse', 'hsereviews'),
      hseAccountSection('hse'),
    ],
    passwordPath: 'account/password',
  },
  {
    role: 'servercom',
    base: '/servercom',
    sType: Role.SERVER_COMPANY,
    titleKey: 'enums.consoleRole.servercom',
    layout: AreaLayout,
    // A server company opens on its workers (spec section 2: the server screen).
    routes: [workersScreen('servercom', 'server'), ...areaShellScreens('servercom')],
  },
  {
    role: 'reception',
    base: '/reception',
    sType: Role.GATE,
    titleKey: 'enums.consoleRole.reception',
    layout: AreaLayout,
    routes: receptionScreens([logisticsDeskScreen, tempCardDeskScreen], receptionPasswordScreen),
  },
  // The super account's home is its companies' figures; its password screen is the shell's.
  { ...shellArea('super', '/super'), routes: [superHomeScreen, ...areaShellScreens('super').filter((s) => s.path !== '')] },
];

export function areaOfRole(role: ConsoleRole): AreaDef {
  const area = AREAS.find((a) => a.role === role);
  if (!area) throw new Error(`no area for role ${role}`);
  return area;
}
