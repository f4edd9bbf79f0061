/**
 * Enumerations shared by server and console, each value with its zh and en label.
 * Numbers follow the original product where it defined them (spec section 3 and 4, reference 2.2).
 */
import { avatarTypeLabels, brandPositionLabels, brandTypeLabels, cardSizeLabels, cardTypeLabels, printTypeLabels } from './badgeLookups.js';
import { type Label, lookup } from './lookupKit.js';

export * from './badgeLookups.js';
export type { Label };

/** Session roles (`AuthToken.accountRole` of the original). SUPER is ours: the original kept super accounts apart. */
export const Role = {
  HSE: 0,
  SERVER_COMPANY: 1,
  GATE: 2,
  LOGISTICS: 3,
  MACHINE: 4,
  SUBADMIN: 5,
  ADMIN: 6,
  EMPLOYEE: 7,
  VISITOR: 8,
  SUPPLIER: 9,
  SUB_COMPANY: 10,
  LOGISTICS_SPECIALIST: 12,
  SUPER: 20,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const roleLabels = lookup({
  0: { zh: 'HSE', en: 'HSE' },
  1: { zh: '服务公司', en: 'Server company' },
  2: { zh: '前台', en: 'Reception' },
  3: { zh: '物流管理员', en: 'Logistics manager' },
  4: { zh: '访客机', en: 'Visitor machine' },
  5: { zh: '子管理员', en: 'Sub-administrator' },
  6: { zh: '管理员', en: 'Administrator' },
  7: { zh: '员工', en: 'Employee' },
  8: { zh: '访客', en: 'Visitor' },
  9: { zh: '常驻访客', en: 'Resident visitor' },
  10: { zh: '入驻企业', en: 'Sub-company' },
  12: { zh: '物流专员', en: 'Logistics specialist' },
  20: { zh: '总部管理员', en: 'Headquarters administrator' },
});

/** Role 0's label under the HSE-administrator-change flag (spec section 3: "0 = HSE, or Executive when the flag is set"). */
export const EXECUTIVE_ROLE_LABEL = { zh: '行政', en: 'Executive' } as const;

/** Staff account kinds (`sType` of qcv_security_staff); each maps to the session role of the same number. */
export const STAFF_TYPES = [0, 1, 2, 3, 4, 5, 12] as const;
export type StaffType = (typeof STAFF_TYPES)[number];
/**
 * The staff kinds a role may see and manage (GetManagerByUser, AddManager, UpdateManager, DeleteManager) when it may
 * not manage every kind: HSE only server-company accounts (its verification accounts), a sub-administrator none of
 * its own kind. The server enforces it; the console offers only these.
 */
export const MANAGED_STAFF_TYPES: Partial<Record<number, readonly StaffType[]>> = {
  [Role.HSE]: [Role.SERVER_COMPANY],
  [Role.SUBADMIN]: [0, 1, 2, 3, 4, 12],
};
/**
 * Staff kinds that are machines' accounts, not a person's: the front desk's PC (2) and the visitor machines and door
 * readers (4). The administrator sets and rotates their password; a forced change at first sign-in applies only to
 * people's accounts, since the original desk and tablet apps have no screen to make it.
 */
export const MACHINE_STAFF_TYPES: readonly StaffType[] = [Role.GATE, Role.MACHINE];
export const isMachineAccount = (sType: number): boolean => (MACHINE_STAFF_TYPES as readonly number[]).includes(sType);
/** sType of a company administrator in the login result. */
export const ADMIN_STYPE = -1;

export const logRoleLabels = lookup({
  0: { zh: '管理员', en: 'Manager' },
  1: { zh: 'HSE', en: 'HSE' },
  2: { zh: '员工', en: 'Employee' },
  3: { zh: '前台', en: 'Reception' },
  4: { zh: '访客机', en: 'Visitor machine' },
  5: { zh: '子管理员', en: 'Sub-administrator' },
  6: { zh: '入驻企业', en: 'Sub-company' },
  7: { zh: '服务公司', en: 'Server company' },
  8: { zh: '物流', en: 'Logistics' },
  9: { zh: '总部管理员', en: 'Headquarters administrator' },
  10: { zh: '访客', en: 'Visitor' },
});
export const LogRole = {
  MANAGER: 0,
  HSE: 1,
  EMPLOYEE: 2,
  RECEPTION: 3,
  MACHINE: 4,
  SUBADMIN: 5,
  SUB_COMPANY: 6,
  SERVER_COMPANY: 7,
  LOGISTICS: 8,
  SUPER: 9,
  VISITOR: 10,
} as const;
export type LogRole = (typeof LogRole)[keyof typeof LogRole];

export const logEndLabels = lookup({
  0: { zh: 'PC端', en: 'PC' },
  1: { zh: '移动端', en: 'Mobile' },
});
export const LogEnd = { PC: 0, MOBILE: 1 } as const;
export type LogEnd = (typeof LogEnd)[keyof typeof LogEnd];

export const logModuleLabels = lookup({
  0: { zh: '登录', en: 'Login' },
  1: { zh: '员工', en: 'Employee' },
  2: { zh: '账号', en: 'Account' },
  3: { zh: '供应商', en: 'Supplier' },
  4: { zh: '入驻企业', en: 'Sub-company' },
  5: { zh: '门禁', en: 'Access control' },
  6: { zh: '黑名单', en: 'Blacklist' },
  7: { zh: '访客', en: 'Visitor' },
  8: { zh: '消息', en: 'Message' },
  9: { zh: '安全培训', en: 'Safety induction' },
  10: { zh: '物流', en: 'Logistics' },
  11: { zh: '临时卡', en: 'Temporary card' },
  12: { zh: '集成', en: 'Integrations' },
  20: { zh: '其他', en: 'Other' },
});
export const LogModule = {
  LOGIN: 0,
  EMPLOYEE: 1,
  ACCOUNT: 2,
  SUPPLIER: 3,
  SUB_COMPANY: 4,
  ACCESS_CONTROL: 5,
  BLACKLIST: 6,
  VISITOR: 7,
  MESSAGE: 8,
  QUESTIONNAIRE: 9,
  LOGISTICS: 10,
  TEMP_CARD: 11,
  INTEGRATION: 12,
  OTHER: 20,
} as const;
export type LogModule = (typeof LogModule)[keyof typeof LogModule];

/** Operation-log events (`optEvent`), stored as these keys and shown with their labels. */
export const logEventLabels = lookup({
  login: { zh: '登录', en: 'Sign in' },
  logout: { zh: '退出', en: 'Sign out' },
  add: { zh: '增加', en: 'Add' },
  update: { zh: '修改', en: 'Update' },
  delete: { zh: '删除', en: 'Delete' },
  import: { zh: '导入', en: 'Import' },
  export: { zh: '导出', en: 'Export' },
  password: { zh: '修改密码', en: 'Change password' },
  reset: { zh: '重置密码', en: 'Reset password' },
  register: { zh: '注册', en: 'Register' },
  activate: { zh: '激活', en: 'Activate' },
  lock: { zh: '锁定', en: 'Lock' },
  alert: { zh: '告警', en: 'Alert' },
  view: { zh: '查看', en: 'View' },
});
export type LogEvent = keyof typeof logEventLabels;

export const personTypeLabels = lookup({
  1: { zh: '员工', en: 'Employee' },
  2: { zh: '访客', en: 'Visitor' },
  3: { zh: '访客', en: 'Visitor' },
  [-1]: { zh: '未知', en: 'Unknown' },
});

export const passDirectionLabels = lookup({
  1: { zh: '进', en: 'Enter' },
  2: { zh: '出', en: 'Exit' },
});

/** How a person passed a door. */
export const passWayLabels = lookup({
  qr: { zh: '二维码', en: 'QR code' },
  face: { zh: '人脸', en: 'Face' },
  card: { zh: '门禁卡', en: 'Card' },
});

export const deviceTypeLabels = lookup({
  1: { zh: 'iPad', en: 'iPad' },
  2: { zh: '访客机', en: 'Visitor machine' },
  3: { zh: '人脸识别设备', en: 'Face-recognition device' },
  4: { zh: '门禁设备', en: 'Door device' },
});

export const secretValueLabels = lookup({
  p: { zh: '是', en: 'Yes' },
  n: { zh: '否', en: 'No' },
});

export const faceFlagLabels = lookup({
  0: { zh: '否', en: 'No' },
  1: { zh: '是', en: 'Yes' },
});

export const versionLabels = lookup({
  0: { zh: '免费版', en: 'Free' },
  1: { zh: '商务版', en: 'Business' },
  2: { zh: '商务版', en: 'Business' },
  3: { zh: '工厂版', en: 'Factory' },
});

export const floorLevelLabels = lookup({
  low: { zh: '低', en: 'Low' },
  medium: { zh: '中', en: 'Medium' },
  high: { zh: '高', en: 'High' },
});

export const InvitationTemplate = { INTERVIEW: 0, BUSINESS: 1 } as const;
export const invitationTemplateLabels = lookup({
  0: { zh: '面试', en: 'Interview' },
  1: { zh: '商务', en: 'Business' },
});

/** Visitor statuses (spec section 4); the transitions are the visitor module's state machine. */
export const visitorStatusLabels = lookup({
  sent: { zh: '已发送', en: 'Sent' },
  signedIn: { zh: '已签到', en: 'Signed in' },
  viewed: { zh: '已查看', en: 'Viewed' },
  accepted: { zh: '已接受', en: 'Accepted' },
  refused: { zh: '已拒绝', en: 'Refused' },
  signedOut: { zh: '已签出', en: 'Signed out' },
  unauthorized: { zh: '未授权', en: 'Unauthorized' },
  authorized: { zh: '已授权', en: 'Authorized' },
  reserved: { zh: '已预约', en: 'Booked' },
  expired: { zh: '已过期', en: 'Expired' },
  ended: { zh: '已结束', en: 'Ended' },
});
export type VisitorStatus = keyof typeof visitorStatusLabels;

/** Meeting statuses: derived from the meeting's times and its explicit start, end and cancellation. */
export const MeetingStatus = { NOT_STARTED: 0, IN_PROGRESS: 1, ENDED: 2, CANCELLED: 3 } as const;
export type MeetingStatus = (typeof MeetingStatus)[keyof typeof MeetingStatus];
export const meetingStatusLabels = lookup({
  0: { zh: '未开始', en: 'Not started' },
  1: { zh: '进行中', en: 'In progress' },
  2: { zh: '已结束', en: 'Ended' },
  3: { zh: '已取消', en: 'Cancelled' },
});

export const approvalStatusLabels = lookup({
  pending: { zh: '待审批', en: 'Pending' },
  approved: { zh: '已审批', en: 'Approved' },
  agreed: { zh: '已同意', en: 'Agreed' },
  refused: { zh: '已拒绝', en: 'Refused' },
  returned: { zh: '已退回', en: 'Returned' },
  notHandled: { zh: '未处理', en: 'Not handled' },
});
export type ApprovalStatus = keyof typeof approvalStatusLabels;

/** Logistics booking statuses (`pstatus`, spec section 4): waiting, approved, refused, ended. */
export const LogisticsStatus = { WAITING: 0, APPROVED: 1, REFUSED: 2, ENDED: 3 } as const;
export type LogisticsStatus = (typeof LogisticsStatus)[keyof typeof LogisticsStatus];
export const logisticsApprovalLabels = lookup({
  0: { zh: '待审批', en: 'Waiting for approval' },
  1: { zh: '已通过', en: 'Approved' },
  2: { zh: '已拒绝', en: 'Refused' },
  3: { zh: '已结束', en: 'Ended' },
});

export const tempCardStatusLabels = lookup({
  0: { zh: '已提交', en: 'Submitted' },
  1: { zh: '未归还', en: 'Not returned' },
  2: { zh: '已归还', en: 'Returned' },
  3: { zh: '已拒绝', en: 'Refused' },
});

export const recordResultLabels = lookup({
  success: { zh: '成功', en: 'Success' },
  failure: { zh: '失败', en: 'Error' },
  unknown: { zh: '未知错误', en: 'Unknown error' },
  /** A failure with a catalogued reason: the door's rules said no, nothing went wrong (passOutcome). */
  refused: { zh: '拒绝通行', en: 'Refused' },
});
/** 1/true/'success' is success, 0/false/'failure' is an error, anything else unknown. */
export function recordResult(v: unknown): keyof typeof recordResultLabels {
  if (v === 1 || v === true || v === '1' || v === 'success') return 'success';
  if (v === 0 || v === false || v === '0' || v === 'failure') return 'failure';
  return 'unknown';
}

export const faceStatusLabels = lookup({
  0: { zh: '正常', en: 'Normal' },
  1: { zh: '照片错误', en: 'Photo error' },
  2: { zh: '未检测到人脸', en: 'No face detected' },
  3: { zh: '检测到多张人脸', en: 'Multiple faces detected' },
  4: { zh: '照片过大', en: 'Photo too big' },
  5: { zh: '工号重复', en: 'Duplicate work number' },
  [-9]: { zh: '照片未同步', en: 'Photo not synced' },
});
/** Other codes show "photo error" plus the code. */
export function faceStatusLabel(code: number, lang: keyof Label): string {
  const known = (faceStatusLabels as Record<number, Label>)[code];
  return known ? known[lang] : `${faceStatusLabels[1][lang]} (${code})`;
}

export const deviceOnlineLabels = lookup({
  online: { zh: '在线', en: 'Online' },
  offline: { zh: '离线', en: 'Offline' },
});

export const switchLabels = lookup({
  on: { zh: '开启', en: 'On' },
  off: { zh: '关闭', en: 'Off' },
  forbidden: { zh: '禁用', en: 'Forbidden' },
});

export const certificateTypeLabels = lookup({
  idCard: { zh: '身份证', en: 'ID card' },
  drivingLicence: { zh: '驾驶证', en: 'Driving licence' },
  passport: { zh: '护照', en: 'Passport' },
  officerCard: { zh: '军官证', en: 'Officer card' },
  workCard: { zh: '工作证', en: 'Work card' },
  other: { zh: '其他', en: 'Other' },
});

export const accountStatusLabels = lookup({
  0: { zh: '正常', en: 'Enabled' },
  1: { zh: '已禁用', en: 'Disabled' },
});

/** A company account: waiting for activation, active, or disabled by the operator. */
export const companyStatusLabels = lookup({
  0: { zh: '未激活', en: 'Not activated' },
  1: { zh: '正常', en: 'Active' },
  2: { zh: '已停用', en: 'Disabled' },
});

/** Employee states (spec section 3). */
export const employeeStatusLabels = lookup({
  0: { zh: '启用', en: 'Enabled' },
  1: { zh: '禁用', en: 'Forbidden' },
  2: { zh: '停用', en: 'Stopped' },
});

/**
 * How an employee is told about their visitors: a bit set (`defaultNotify`), any combination of channels.
 * Which channels actually send depends on the company's notification settings.
 */
/** The original's bits (1–32), and ours for the work apps (issue 40): Feishu 64, WeCom 128. */
export const NotifyChannel = { EMAIL: 1, SMS: 2, WECHAT: 4, DINGTALK: 8, RTX: 16, VOICE: 32, FEISHU: 64, WECOM: 128 } as const;
export const NOTIFY_CHANNEL_MAX = 255;
export const notifyChannelLabels = lookup({
  1: { zh: '邮件', en: 'Email' },
  2: { zh: '短信', en: 'SMS' },
  4: { zh: '微信', en: 'WeChat' },
  8: { zh: '钉钉', en: 'DingTalk' },
  16: { zh: '腾讯通', en: 'RTX' },
  32: { zh: '语音电话', en: 'Voice call' },
  64: { zh: '飞书', en: 'Feishu' },
  128: { zh: '企业微信', en: 'WeCom' },
});

/** The channels a message goes by (the delivery record's `channel`), and the employee's notify bit of each. */
export const MESSAGE_CHANNELS = ['email', 'sms', 'wechat', 'dingtalk', 'rtx', 'voice', 'feishu', 'wecom'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const CHANNEL_NOTIFY_BIT: Readonly<Record<MessageChannel, number>> = {
  email: NotifyChannel.EMAIL,
  sms: NotifyChannel.SMS,
  wechat: NotifyChannel.WECHAT,
  dingtalk: NotifyChannel.DINGTALK,
  rtx: NotifyChannel.RTX,
  voice: NotifyChannel.VOICE,
  feishu: NotifyChannel.FEISHU,
  wecom: NotifyChannel.WECOM,
};
export const messageChannelLabels = lookup({
  email: { zh: '邮件', en: 'Email' },
  sms: { zh: '短信', en: 'SMS' },
  wechat: { zh: '微信', en: 'WeChat' },
  dingtalk: { zh: '钉钉', en: 'DingTalk' },
  rtx: { zh: '腾讯通', en: 'RTX' },
  voice: { zh: '语音电话', en: 'Voice call' },
  feishu: { zh: '飞书', en: 'Feishu' },
  wecom: { zh: '企业微信', en: 'WeCom' },
});

/** A message's delivery state: queued (waiting or being retried), sent, failed (with the reason), kept (no mail server). */
export const MESSAGE_STATES = ['queued', 'sent', 'failed', 'kept'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const messageStateLabels = lookup({
  queued: { zh: '待发送', en: 'Queued' },
  sent: { zh: '已发送', en: 'Sent' },
  failed: { zh: '发送失败', en: 'Failed' },
  kept: { zh: '未发送（未配置邮件服务器）', en: 'Kept (no mail server)' },
});

/** How the company's mail leaves: the installation's mail server, its own SMTP server, or its Exchange's SMTP endpoint. */
export const EmailType = { INSTALLATION: 0, SMTP: 1, EXCHANGE: 2 } as const;
export type EmailType = (typeof EmailType)[keyof typeof EmailType];
export const emailTypeLabels = lookup({
  0: { zh: '系统邮件服务器', en: "This installation's mail server" },
  1: { zh: 'SMTP 服务器', en: 'SMTP server' },
  2: { zh: 'Exchange（经其 SMTP 接口）', en: 'Exchange (through its SMTP endpoint)' },
});

/** Kinds of registration-form field ('button' is the original's name for a choice). */
export const inputTypeLabels = lookup({
  text: { zh: '文本', en: 'Text' },
  date: { zh: '日期', en: 'Date' },
  button: { zh: '选项', en: 'Choice' },
  standard: { zh: '标准字段', en: 'Standard' },
});

/** Every lookup, for the console's generic label helper and the docs page. */
export const lookups = {
  role: roleLabels,
  logRole: logRoleLabels,
  logEnd: logEndLabels,
  logModule: logModuleLabels,
  logEvent: logEventLabels,
  personType: personTypeLabels,
  passDirection: passDirectionLabels,
  passWay: passWayLabels,
  deviceType: deviceTypeLabels,
  secretValue: secretValueLabels,
  faceFlag: faceFlagLabels,
  notifyChannel: notifyChannelLabels,
  version: versionLabels,
  floorLevel: floorLevelLabels,
  invitationTemplate: invitationTemplateLabels,
  visitorStatus: visitorStatusLabels,
  meetingStatus: meetingStatusLabels,
  approvalStatus: approvalStatusLabels,
  logisticsApproval: logisticsApprovalLabels,
  tempCardStatus: tempCardStatusLabels,
  recordResult: recordResultLabels,
  faceStatus: faceStatusLabels,
  deviceOnline: deviceOnlineLabels,
  switch: switchLabels,
  certificateType: certificateTypeLabels,
  accountStatus: accountStatusLabels,
  companyStatus: companyStatusLabels,
  employeeStatus: employeeStatusLabels,
  cardType: cardTypeLabels,
  cardSize: cardSizeLabels,
  printType: printTypeLabels,
  brandType: brandTypeLabels,
  brandPosition: brandPositionLabels,
  avatarType: avatarTypeLabels,
  inputType: inputTypeLabels,
  messageChannel: messageChannelLabels,
  messageState: messageStateLabels,
  emailType: emailTypeLabels,
} as const;
export type LookupName = keyof typeof lookups;
