import type { PublicEntry, ScreenEntry } from '../../platform/routes';

/** The visitor's invitation page (public: the link's token is the key). */
export const invitationScreens: readonly PublicEntry[] = [
  { path: '/invite', titleKey: 'invitations.page.title', page: () => import('./pages/InvitationPage').then((m) => m.InvitationPage) },
];

/**
 * The employee portal's screens (spec section 2: /emporder opens on the single invite, "sigleorder"; dot is the batch
 * invite, orderlist the invite list, emppwd the password).
 */
export const employeePortalScreens: readonly ScreenEntry[] = [
  {
    path: 'sigleorder',
    titleKey: 'menu.invite',
    icon: 'SendOutlined',
    roles: ['emporder'],
    page: () => import('./pages/InvitePage').then((m) => m.InvitePage),
  },
  {
    path: 'dot',
    titleKey: 'menu.inviteBatch',
    icon: 'UsergroupAddOutlined',
    roles: ['emporder'],
    page: () => import('./pages/BatchInvitePage').then((m) => m.BatchInvitePage),
  },
  {
    path: 'orderlist',
    titleKey: 'menu.inviteList',
    icon: 'UnorderedListOutlined',
    roles: ['emporder'],
    page: () => import('./pages/InviteListPage').then((m) => m.InviteListPage),
  },
  {
    path: 'emptemplate',
    titleKey: 'menu.empTemplate',
    icon: 'FileTextOutlined',
    roles: ['emporder'],
    page: () => import('./pages/EmpTemplatePage').then((m) => m.EmpTemplatePage),
  },
];

/**
 * The company's invitation templates, a screen of its own for now (custom settings; the basic-settings page will hold
 * `TemplatesSection`).
 */
export const templateSettingsScreens: readonly ScreenEntry[] = [
  {
    path: 'setting/template',
    titleKey: 'menu.template',
    area: 'invitations',
    icon: 'FileTextOutlined',
    roles: ['manager'],
    feature: 'basicSet',
    group: 'custom',
    page: () => import('./pages/TemplatesPage').then((m) => m.TemplatesPage),
  },
];

/**
 * The sub-company portal's invitations (spec section 2: /subcom/invitelist), its invite on behalf of its employees and
 * its own templates (qcv_appointment_satemplate). Contract module: invitations (each entry).
 */
export const subCompanyInvitationScreens: readonly ScreenEntry[] = [
  {
    path: 'invitelist',
    titleKey: 'menu.subInviteList',
    area: 'invitations',
    icon: 'UnorderedListOutlined',
    roles: ['subcom'],
    page: () => import('./pages/InviteListPage').then((m) => m.InviteListPage),
  },
  {
    path: 'invite',
    titleKey: 'menu.invite',
    area: 'invitations',
    icon: 'SendOutlined',
    roles: ['subcom'],
    page: () => import('./pages/InvitePage').then((m) => m.SubCompanyInvitePage),
  },
  {
    path: 'template',
    titleKey: 'menu.template',
    area: 'invitations',
    icon: 'FileTextOutlined',
    roles: ['subcom'],
    page: () => import('./pages/TemplatesPage').then((m) => m.SubCompanyTemplatesPage),
  },
];
