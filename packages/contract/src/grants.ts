import type { ModuleName } from './call.js';
import type { Label } from './lookups.js';

/**
 * The contract modules an administrator can grant a module-driven account (a sub-administrator, sType 5, or a
 * sub-company administrator of adminType other than 0): its menus are the screens of these modules and the server
 * refuses its calls of any other (610). Sign-in ('auth') and the kiosk are never granted; they are not consoles' modules.
 */
export const grantableModuleLabels = {
  visitors: { zh: '访客', en: 'Visitors' },
  reports: { zh: '报表', en: 'Reports' },
  invitations: { zh: '邀请', en: 'Invitations' },
  approvals: { zh: '审批', en: 'Approvals' },
  employees: { zh: '员工', en: 'Employees' },
  departments: { zh: '部门', en: 'Departments' },
  roles: { zh: '角色', en: 'Roles' },
  residents: { zh: '常驻访客与供应商', en: 'Resident visitors and suppliers' },
  blacklist: { zh: '黑名单', en: 'Blacklist' },
  'temp-cards': { zh: '临时卡', en: 'Temporary cards' },
  meetings: { zh: '会议', en: 'Meetings' },
  notifications: { zh: '通知', en: 'Notifications' },
  contacts: { zh: '通讯录同步', en: 'Directory sync' },
  registration: { zh: '登记设置', en: 'Registration settings' },
  settings: { zh: '基础设置', en: 'Basic settings' },
  devices: { zh: '门禁', en: 'Access control' },
  'pass-rules': { zh: '通行策略', en: 'Pass rules' },
  monitor: { zh: '设备监控', en: 'Device monitor' },
  questionnaires: { zh: '安全培训', en: 'Safety induction' },
  logistics: { zh: '物流', en: 'Logistics' },
  logs: { zh: '操作日志', en: 'Operation log' },
  accounts: { zh: '账号管理', en: 'Account management' },
  'sub-companies': { zh: '入驻企业', en: 'Sub-companies' },
} as const satisfies Partial<Record<ModuleName, Label>>;
export type GrantableModule = keyof typeof grantableModuleLabels;
export const GRANTABLE_MODULES = Object.keys(grantableModuleLabels) as GrantableModule[];
