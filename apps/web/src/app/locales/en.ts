import { accountsEn } from '../../modules/accounts/locales/en';
import { apiKeysEn } from '../../modules/apiKeys/locales/en';
import { approvalsEn } from '../../modules/approvals/locales/en';
import { blacklistEn } from '../../modules/blacklist/locales/en';
import { devicesEn } from '../../modules/devices/locales/en';
import { faceSyncEn } from '../../modules/devices/locales/faceSync.en';
import { employeesEn } from '../../modules/employees/locales/en';
import { imEn } from '../../modules/im/locales/en';
import { interimCardsEn } from '../../modules/interimCards/locales/en';
import { invitationsEn } from '../../modules/invitations/locales/en';
import { logisticsEn } from '../../modules/logistics/locales/en';
import { logsEn } from '../../modules/logs/locales/en';
import { meetingsEn } from '../../modules/meetings/locales/en';
import { monitorEn } from '../../modules/monitor/locales/en';
import { notificationsEn } from '../../modules/notifications/locales/en';
import { onsiteEn } from '../../modules/onsite/locales/en';
import { passkeysEn } from '../../modules/passkeys/locales/en';
import { passRecordsEn } from '../../modules/passRecords/locales/en';
import { passRulesEn } from '../../modules/passRules/locales/en';
import { privacyEn } from '../../modules/privacy/locales/en';
import { questionnairesEn } from '../../modules/questionnaires/locales/en';
import { questionnaireVideosEn } from '../../modules/questionnaires/locales/en.videos';
import { registrationEn } from '../../modules/registration/locales/en';
import { reportsEn } from '../../modules/reports/locales/en';
import { reportTableEn } from '../../modules/reports/locales/tableEn';
import { residentsEn } from '../../modules/residents/locales/en';
import { suppliersEn } from '../../modules/residents/locales/en.suppliers';
import { rolesEn } from '../../modules/roles/locales/en';
import { settingsEn } from '../../modules/settings/locales/en';
import { ssoEn } from '../../modules/sso/locales/en';
import { subCompaniesEn } from '../../modules/subCompanies/locales/en';
import { superAccountsEn } from '../../modules/superAccounts/locales/en';
import { visitsEn } from '../../modules/visits/locales/en';
import { receptionEn } from '../../modules/visits/locales/en.reception';
import { webhooksEn } from '../../modules/webhooks/locales/en';
import { guideEn } from '../guide/locales/en';

/**
 * English is the source of every text of the console's screens (the first page's, the platform's and sign-in's, are
 * `startEn.ts`; app/texts.ts loads each part when needed); `zh.ts` must have exactly these keys (checked by tsc).
 * Status texts are NOT here: they come from the contract's catalogue (`statusInfo`), enum labels from
 * the contract's lookups (`label()`), so neither is written twice.
 */
export const en = {
  guide: guideEn,
  menu: {
    visitors: 'Visitors',
    statistics: 'Statistics',
    onSite: 'On site now',
    vlist: 'Visitor list',
    visitReport: 'Visitor report',
    overtime: 'Overtime query',
    people: 'People',
    emp: 'Company employees',
    empList: 'Company employees',
    blacklist: 'Blacklist',
    screeningReviews: 'Screening reviews',
    tempCard: 'Temporary cards',
    whitelist: 'Whitelist',
    visitlist: 'Resident visitors',
    supplier: 'Suppliers',
    supplierResident: 'Workers',
    supplierApprove: 'Worker approval',
    comlist: 'Supplier companies',
    supplierlist: 'Traffic statistics',
    rvPassRecord: 'Pass records',
    workers: 'Workers',
    roles: 'Roles',
    emplog: 'Operation log',
    privacy: 'Data retention',
    personData: 'Personal data requests',
    settings: 'System settings',
    custom: 'Custom settings',
    padset: 'Registration settings',
    vset: 'Visitor types',
    baseset: 'Basic settings',
    notice: 'Notice',
    account: 'Account settings',
    accountBase: 'Company information',
    accountSafe: 'Security',
    accountManagers: 'Staff accounts',
    accountComs: 'Multi-company mode',
    subcoms: 'Multi-enterprise',
    accountDetails: 'Account details',
    verificationAccounts: 'Verification accounts',
    home: 'Home',
    password: 'Change password',
    receptionToday: "Today's visitors",
    receptionWalkIn: 'Register a walk-in',
    receptionKiosk: 'Visitor kiosk',
    invite: 'Invite visitors',
    inviteList: 'My invitations',
    subEmp: 'Our employees',
    accountSub: 'Managers',
    subInviteList: 'Invitations',
    approve: 'Approval',
    workApps: 'Work apps',
    integrations: 'Integrations',
    webhooks: 'Webhooks',
    webhook: 'Webhook endpoint',
    webhookEvents: 'Event catalogue',
    apiKeys: 'API keys',
    sso: 'Single sign-on',
    approvals: 'My approvals',
    template: 'Invitation templates',
    empTemplate: 'My template',
    meeting: 'Meeting',
    inviteBatch: 'Batch invite',
    invitePower: 'Invitation permission',
    passRecords: 'Pass records',
    vehicleRecords: 'Vehicle records',
    monitor: 'Device monitor',
    related: 'Related companies',
    key: 'Smart access control',
    keyGroups: 'Device groups',
    keyGroup: 'Device group',
    keyDevices: 'Devices',
    keyDevice: 'Device',
    keyRights: 'Access rights',
    tschedule: 'Traffic schedules',
    strategy: 'Pass strategies',
    question: 'Safety induction',
    questionSettings: 'Induction settings',
    questionBank: 'Question bank',
    questionItems: 'Questions',
    answerReport: 'Answer report',
    logistics: 'Logistics',
    logisticsCompanies: 'Carrier companies',
    logisticsData: 'Logistics data',
    logisticsSettings: 'Logistics settings',
    logisticsApprove: 'Logistics approval',
    logisticsDesk: "Today's trucks",
  },
  accounts: accountsEn,
  superAccounts: superAccountsEn,
  employees: employeesEn,
  visits: visitsEn,
  reports: reportsEn,
  onsite: onsiteEn,
  reportTable: reportTableEn,
  blacklist: blacklistEn,
  roles: rolesEn,
  logs: logsEn,
  privacy: privacyEn,
  passRecords: passRecordsEn,
  reception: receptionEn,
  invitations: invitationsEn,
  meetings: meetingsEn,
  registration: registrationEn,
  residents: residentsEn,
  suppliers: suppliersEn,
  approvals: approvalsEn,
  im: imEn,
  settings: settingsEn,
  notifications: notificationsEn,
  devices: devicesEn,
  faceSync: faceSyncEn,
  monitor: monitorEn,
  webhooks: webhooksEn,
  apiKeys: apiKeysEn,
  passkeys: passkeysEn,
  sso: ssoEn,
  passRules: passRulesEn,
  questionnaires: questionnairesEn,
  questionnaireVideos: questionnaireVideosEn,
  logistics: logisticsEn,
  interimCards: interimCardsEn,
  subCompanies: subCompaniesEn,
  shell: {
    openMenu: 'Open the menu',
  },
} as const;
