import { accountsZh } from '../../modules/accounts/locales/zh';
import { apiKeysZh } from '../../modules/apiKeys/locales/zh';
import { approvalsZh } from '../../modules/approvals/locales/zh';
import { blacklistZh } from '../../modules/blacklist/locales/zh';
import { faceSyncZh } from '../../modules/devices/locales/faceSync.zh';
import { devicesZh } from '../../modules/devices/locales/zh';
import { employeesZh } from '../../modules/employees/locales/zh';
import { imZh } from '../../modules/im/locales/zh';
import { interimCardsZh } from '../../modules/interimCards/locales/zh';
import { invitationsZh } from '../../modules/invitations/locales/zh';
import { logisticsZh } from '../../modules/logistics/locales/zh';
import { logsZh } from '../../modules/logs/locales/zh';
import { meetingsZh } from '../../modules/meetings/locales/zh';
import { monitorZh } from '../../modules/monitor/locales/zh';
import { notificationsZh } from '../../modules/notifications/locales/zh';
import { onsiteZh } from '../../modules/onsite/locales/zh';
import { passkeysZh } from '../../modules/passkeys/locales/zh';
import { passRecordsZh } from '../../modules/passRecords/locales/zh';
import { passRulesZh } from '../../modules/passRules/locales/zh';
import { privacyZh } from '../../modules/privacy/locales/zh';
import { questionnairesZh } from '../../modules/questionnaires/locales/zh';
import { questionnaireVideosZh } from '../../modules/questionnaires/locales/zh.videos';
import { registrationZh } from '../../modules/registration/locales/zh';
import { reportTableZh } from '../../modules/reports/locales/tableZh';
import { reportsZh } from '../../modules/reports/locales/zh';
import { residentsZh } from '../../modules/residents/locales/zh';
import { suppliersZh } from '../../modules/residents/locales/zh.suppliers';
import { rolesZh } from '../../modules/roles/locales/zh';
import { settingsZh } from '../../modules/settings/locales/zh';
import { ssoZh } from '../../modules/sso/locales/zh';
import { subCompaniesZh } from '../../modules/subCompanies/locales/zh';
import { superAccountsZh } from '../../modules/superAccounts/locales/zh';
import { visitsZh } from '../../modules/visits/locales/zh';
import { receptionZh } from '../../modules/visits/locales/zh.reception';
import { webhooksZh } from '../../modules/webhooks/locales/zh';
import type { DeepStrings } from '../../platform/locales/types';
import { guideZh } from '../guide/locales/zh';
import type { en } from './en';

/** Every key of `en`, in Chinese: a missing or extra key fails the type check. */
export type Translation = DeepStrings<typeof en>;

export const zh: Translation = {
  guide: guideZh,
  menu: {
    visitors: '访客管理',
    statistics: '统计图表',
    onSite: '当前在场',
    vlist: '访客列表',
    visitReport: '访客报表',
    overtime: '超时查询',
    people: '人员管理',
    emp: '企业员工',
    empList: '企业员工',
    blacklist: '黑名单',
    screeningReviews: '筛查复核',
    tempCard: '临时卡',
    whitelist: '白名单',
    visitlist: '常驻访客',
    supplier: '供应商',
    supplierResident: '供应商人员',
    supplierApprove: '人员审批',
    comlist: '供应商公司',
    supplierlist: '通行统计',
    rvPassRecord: '通行记录',
    workers: '供应商人员',
    roles: '角色',
    emplog: '操作日志',
    privacy: '数据保留期限',
    personData: '个人数据请求',
    settings: '系统设置',
    custom: '自定义设置',
    padset: '前台登记设置',
    vset: '访客类型',
    baseset: '基本设置',
    notice: '通知',
    account: '账号设置',
    accountBase: '企业信息',
    accountSafe: '安全设置',
    accountManagers: '工作人员账号',
    accountComs: '多企业模式',
    subcoms: '多企业',
    accountDetails: '账号详情',
    verificationAccounts: '验证账号',
    home: '首页',
    password: '修改密码',
    receptionToday: '今日访客',
    receptionWalkIn: '登记访客',
    receptionKiosk: '访客机',
    invite: '邀请访客',
    inviteList: '我的邀请',
    subEmp: '本公司员工',
    accountSub: '管理员',
    subInviteList: '邀请列表',
    approve: '访客审批',
    workApps: '办公应用',
    integrations: '集成',
    webhooks: 'Webhook',
    webhook: 'Webhook 地址',
    webhookEvents: '事件目录',
    apiKeys: 'API 密钥',
    sso: '单点登录',
    approvals: '我的审批',
    template: '邀请函模板',
    empTemplate: '我的模板',
    meeting: '会议',
    inviteBatch: '批量邀请',
    invitePower: '邀请权限',
    passRecords: '通行记录',
    vehicleRecords: '车辆通行记录',
    monitor: '设备监控',
    related: '关联企业',
    key: '智能门禁',
    keyGroups: '门禁组',
    keyGroup: '门禁组',
    keyDevices: '门禁设备',
    keyDevice: '门禁设备',
    keyRights: '门禁权限',
    tschedule: '通行时刻表',
    strategy: '通行策略',
    question: '安全培训',
    questionSettings: '培训设置',
    questionBank: '题库设置',
    questionItems: '题目',
    answerReport: '答题记录',
    logistics: '物流管理',
    logisticsCompanies: '承运公司',
    logisticsData: '物流数据',
    logisticsSettings: '物流设置',
    logisticsApprove: '物流审批',
    logisticsDesk: '今日车辆',
  },
  accounts: accountsZh,
  superAccounts: superAccountsZh,
  employees: employeesZh,
  visits: visitsZh,
  reports: reportsZh,
  onsite: onsiteZh,
  reportTable: reportTableZh,
  blacklist: blacklistZh,
  roles: rolesZh,
  logs: logsZh,
  privacy: privacyZh,
  passRecords: passRecordsZh,
  reception: receptionZh,
  invitations: invitationsZh,
  meetings: meetingsZh,
  registration: registrationZh,
  residents: residentsZh,
  suppliers: suppliersZh,
  approvals: approvalsZh,
  im: imZh,
  settings: settingsZh,
  notifications: notificationsZh,
  devices: devicesZh,
  faceSync: faceSyncZh,
  monitor: monitorZh,
  webhooks: webhooksZh,
  apiKeys: apiKeysZh,
  passkeys: passkeysZh,
  sso: ssoZh,
  passRules: passRulesZh,
  questionnaires: questionnairesZh,
  questionnaireVideos: questionnaireVideosZh,
  logistics: logisticsZh,
  interimCards: interimCardsZh,
  subCompanies: subCompaniesZh,
  shell: {
    openMenu: '打开菜单',
  },
};
