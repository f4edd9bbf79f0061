import type { Area } from './call.js';
import type { Label } from './lookups.js';

/**
 * The console areas an administrator can grant a module-driven account (a sub-administrator, sType 5, or a
 * sub-company administrator of adminType other than 0): its menus are the screens of these modules and the server
 * refuses its calls of any other (610). Sign-in ('auth') and the kiosk are never granted; they are not consoles' modules.
 */
export const grantAreaLabels = {
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
  privacy: { zh: '个人信息保护', en: 'Privacy' },
  accounts: { zh: '账号管理', en: 'Account management' },
  'sub-companies': { zh: '入驻企业', en: 'Sub-companies' },
  integrations: { zh: '集成', en: 'Integrations' },
} as const satisfies Partial<Record<Area, Label>>;
export type GrantArea = keyof typeof grantAreaLabels;
export const GRANT_AREAS = Object.keys(grantAreaLabels) as GrantArea[];

/**
 * Calls every signed-in console account needs whatever its grants, the one list of them (the server's check and the
 * console's `canCall` both read `grantNeeded`): besides the 'auth' module (sign-out, who am I, password check), its own
 * company record and password (a sub-company's through updateSubAccountPwd too), and the registration look-ups every console screen's filters and forms read (gates,
 * visitor types, registration fields), which answer nothing a granted screen could not already show; and `htmlUnescape`, a
 * text's decoding that reads nothing of the company's.
 */
export const UNGRANTED_CALLS: ReadonlySet<string> = new Set([
  'GetUserInfo',
  'updatePassword',
  'updateSubAccountPwd',
  'getGate',
  'getVisitorType',
  'GetExtendVisitor',
  'htmlUnescape',
]);

/** The area a module-driven account must have been granted to make this call or download; null: every account may. */
export function grantNeeded(def: { name: string; area: Area }): Area | null {
  if (def.area === 'auth' || UNGRANTED_CALLS.has(def.name)) return null;
  return def.area;
}

/**
 * Whether an account may make a call by its grants: `grants` null is an account that is not module-driven (its role
 * alone decides); a list is a sub-administrator's or a sub-company's (adminType other than 0) granted areas.
 */
export function grantAdmits(grants: readonly string[] | null | undefined, def: { name: string; area: Area }): boolean {
  if (grants == null) return true;
  const needed = grantNeeded(def);
  return needed === null || grants.includes(needed);
}
