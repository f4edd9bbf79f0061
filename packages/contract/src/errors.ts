/**
 * The status-code catalogue: every non-zero `status` an answer may carry.
 * Codes and meanings follow the console spec (section 8) first and the original backend's
 * table (reference part B) where the spec is silent; where the two disagreed (57–70, 604–607)
 * the console's meaning wins because that is what users see.
 */
type Entry = readonly [code: number, zh: string, en: string];

const entries = {
  SUCCESS: [0, '成功', 'Success'],
  INVALID_USER: [1, '无效的用户', 'Invalid user'],
  INVALID_PASSWORD: [2, '无效的密码', 'Invalid password'],
  ALREADY_EXISTS: [3, '用户已存在', 'Already exists'],
  EMAIL_TAKEN: [4, '邮箱已被占用', 'This email address is already in use'],
  USER_UNAVAILABLE: [5, '用户不可用', 'User unavailable'],
  USER_NOT_UPDATED: [6, '用户未更新', 'User not updated'],
  INVALID_VERIFY_CODE: [7, '无效的验证码', 'Invalid verification code'],
  NOT_UNIQUE: [11, '不唯一', 'Not unique'],
  FORBIDDEN_ACTION: [13, '禁止', 'Forbidden'],
  ALREADY_DELETED: [15, '已经删除', 'Already deleted'],
  UPLOAD_FAILED: [21, '上传失败', 'Upload failed'],
  SMS_SEND_FAILED: [22, '发送短信失败', 'Failed to send the SMS'],
  PHONE_NOT_UNIQUE: [24, '手机号不唯一', 'Phone number is not unique'],
  TOKEN_INVALID: [27, '无效的token', 'Invalid token'],
  TOKEN_MISSING: [28, '无效的token', 'No token'],
  TOKEN_EXPIRED: [29, 'token已过期', 'Token expired'],
  DUPLICATE_PROJECT: [33, '项目名称重复', 'Duplicate project name'],
  INVALID_LINK: [39, '无效的链接', 'Invalid link'],
  EMAIL_SEND_FAILED: [40, '发送邮件失败', 'Failed to send the email'],
  EMAIL_NOTICE_OFF: [41, '邮件通知已关闭', 'Email notification is switched off'],
  ACCOUNT_EXPIRED: [42, '账号已过期', 'Account expired'],
  SMS_QUOTA_EXCEEDED: [43, '短信使用已超过限额，请先购买短信', 'SMS quota exceeded, please buy SMS first'],
  SYNC_COUNT_EXCEEDED: [44, '同步次数超过限制', 'Sync count exceeded'],
  CONFIG_UPDATE_FAILED: [45, '修改配置失败', 'Failed to update the configuration'],
  COMPANY_NAME_TAKEN: [46, '公司名称已存在', 'Company name already exists'],
  UPDATE_EMPLOYEE_FAILED: [49, '更新员工失败', 'Failed to update the employee'],
  ADD_EMPLOYEE_FAILED: [50, '添加员工失败', 'Failed to add the employee'],
  DINGTALK_VERIFY_FAILED: [51, '钉钉验证失败，请输入正确信息', 'DingTalk verification failed, please check the settings'],
  MESSAGE_ALREADY_SENT: [52, '信息已发送', 'Message already sent'],
  SMS_SWITCH_OFF: [53, '短信开关未打开，请在通知页面开启', 'SMS is switched off; turn it on in the notification settings'],
  EMPLOYEE_NOT_EXIST: [55, '没有找到该员工', 'Employee does not exist'],
  NO_INVITE_TEMPLATE: [56, '邀请函暂无模板，请联系管理员设置邀请函模板', 'No invitation template; ask the administrator to set one up'],
  NO_RECORDS: [57, '无记录', 'No records'],
  UPDATE_NOT_ALLOWED: [58, '当前状态不允许更新', 'The current status does not allow this update'],
  TEMPLATE_NOT_FOUND: [59, '未发现模板', 'Template not found'],
  ACCOUNT_DISABLED: [60, '帐户已禁用', 'Account disabled'],
  ADD_PERSON_FAILED: [61, '添加人员失败', 'Failed to add the person'],
  MEETING_STARTED: [62, '会议已经开始', 'The meeting has started'],
  MEETING_ENDED: [63, '会议已结束', 'The meeting has ended'],
  TOO_EARLY: [64, '您来早了', 'You are early for your appointment'],
  LATE: [65, '您迟到了', 'You are late for your appointment'],
  BLACKLISTED: [66, '该访客无法登记，请联系前台', 'This visitor cannot be registered; please contact reception'],
  ACCOUNT_LOCKED: [67, '账号已锁定', 'Account locked after too many failed sign-ins; try again later'],
  VISIT_REASON_MISSING: [68, '拜访事由不存在', 'Visit reason does not exist'],
  EXAM_REQUIRED: [69, '请先完成考试', 'Please take the exam'],
  DEVICE_NAME_EXISTS: [70, '设备名称已存在', 'Device name already exists'],
  DEVICE_ID_EXISTS: [71, '设备标识已存在', 'Device identifier already exists'],
  DEVICE_EXT_ID_EXISTS: [72, '扩展标识已存在', 'Extension identifier already exists'],
  DEVICE_GROUP_EXISTS: [73, '设备组名已存在', 'Device group name already exists'],
  ADD_FAILED: [74, '添加失败', 'Add failed'],
  WRONG_CREDENTIALS: [75, '用户名或密码错误', 'Invalid username or password'],
  VISITOR_TYPE_EXISTS: [78, '访客类型已存在', 'Visitor type already exists'],
  MEETING_IN_PROGRESS: [92, '会议进行中，不能取消', 'The meeting is in progress and cannot be cancelled'],
  SUB_ACCOUNT_INVALID: [94, '入驻企业不存在', 'Sub-company does not exist'],
  TOO_MANY_BOOKINGS: [100, '当天预约同个公司次数超过15次', 'More than 15 bookings with the same company today'],
  GATE_LIMIT: [101, '门岗数量超过上限', 'Gate limit exceeded'],
  GATE_DELETED: [102, '该门岗已删除', 'This gate has been deleted'],
  GATE_DISABLED: [103, '该门岗已停用或不在有效期内', 'This gate is disabled or outside its validity period'],
  VISITOR_TYPE_NOT_EXIST: [104, '访客类型不存在', 'Visitor type does not exist'],
  INVALID_MEETING: [105, '无效的会议', 'Invalid meeting'],
  MEETING_TIME_REQUIRED: [106, '开始时间和结束时间不能为空', 'Start time and end time are required'],
  CANNOT_EXCEED_NOW: [107, '不能超过当前时间', 'Cannot exceed the current time'],
  MEETING_NAME_TAKEN: [108, '会议名称当天不能重复', 'The meeting name must be unique on the day'],
  NO_REPEATED_CANCEL: [109, '不允许重复取消', 'No repeated cancellations allowed'],
  INVALID_OPERATION: [110, '无效操作', 'Invalid operation'],
  DEADLINE_EXCEEDED: [111, '已超过截止时间', 'Deadline exceeded'],
  SAME_PHONE_APPOINTMENT: [112, '不允许同一手机号重复预约', 'Appointments with the same mobile number are not allowed'],
  SCHEDULE_MEETING_FAILED: [113, '预约会议失败', 'Failed to schedule the meeting'],
  APPOINTMENT_NOT_FOUND: [114, '邀约不存在', 'Appointment not found'],
  MEETING_ROOM_RESERVED: [115, '该时间会议室已被预约', 'The meeting room is already reserved at that time'],
  INVITE_FEATURE_OFF: [116, '邀请功能被关闭，请联系管理员', 'Invitations are switched off; contact the administrator'],
  CAPTCHA_INVALID: [119, '验证码无效', 'Invalid verification code'],
  DEPARTMENT_EXISTS: [123, '该部门已存在', 'Department already exists'],
  DEPARTMENT_NUMBER_EXISTS: [124, '部门编号重复', 'Duplicate department number'],
  GATE_NOT_FOUND: [125, '门岗不存在', 'Gate not found'],
  ACCOUNT_NOT_ACTIVATED: [135, '请激活账号', 'Please activate your account first; check your email'],
  SMS_CODE_EXPIRED: [144, '验证码已过期', 'Verification code expired'],
  SMS_CODE_WRONG: [145, '验证码错误', 'Wrong verification code'],
  WRONG_CODE: [201, '验证码错误', 'Wrong code'],
  DATE_REPEATED: [223, '该日期不能重复操作', 'This date cannot be repeated'],
  WORK_NUMBER_NOT_UNIQUE: [241, '工号不唯一', 'Work number is not unique'],
  ROLE_IN_USE: [257, '该角色正在使用', 'The role is in use'],
  LOGIN_TRIES_LEFT: [302, '密码错误，再错误几次后账号将被锁定', 'Invalid username or password; the account will be locked after a few more failures'],
  BAD_PARAMS: [400, '参数错误', 'Bad parameters'],
  SERVER_ERROR: [500, '系统运行异常', 'Server error'],
  BAD_SIGN: [501, '鉴权失败，签名错误', 'Signature check failed'],
  BAD_BUSINESS_PARAMS: [505, '业务参数错误', 'Invalid business parameters'],
  NO_SUCH_RECORD: [602, '没有这样的记录', 'No such record'],
  INVALID_RECORD: [603, '无效的记录', 'Invalid record'],
  ILLEGAL_ARGUMENT: [604, '非法参数', 'Illegal argument'],
  INVALID_USERID: [609, '无效userid', 'Invalid userid'],
  NO_PERMISSION: [610, '没有权限请求该数据', 'You are not allowed to request this data'],
  ACCOUNT_ALREADY_ACTIVATED: [613, '账号已激活', 'Account already activated'],
  ONLY_ZIP: [619, '只能上传zip压缩文件', 'Only zip archives are accepted'],
  FILE_TYPE_ERROR: [620, '文件类型错误', 'File type error'],
  IMPORT_DEPARTMENT_FAILED: [670, '导入部门失败', 'Department import failed'],
  IMPORT_EMPLOYEE_FAILED: [671, '导入员工失败', 'Employee import failed'],
  NO_DEPARTMENT: [672, '员工没有部门', 'The employee has no department'],
  NO_LEADER: [673, '没有主管', 'No manager'],
  INVALID_OPENID: [701, '无效openid', 'Invalid openid'],
  SIGNATURE_ERROR: [704, '签名错误', 'Signature error'],
  INVALID_APP_CODE: [705, '无效appCode', 'Invalid appCode'],
  TIMESTAMP_EXPIRED: [706, '时间戳已过期', 'Timestamp expired'],
  READER_NUMBER_EXISTS: [731, '读头编号已存在', 'Reader number already exists'],
  DUPLICATE_ADMIN_ACCOUNT: [1013, '管理员账号重复', 'Duplicate administrator account'],
  DEVICE_NOT_ALLOWED: [1111, '设备码不存在，或者不允许该类型人员进出', 'Device not found or not allowed for this person'],
  QRCODE_FORMAT_ERROR: [1112, '非法的二维码或二维码被修改过', 'Invalid or tampered QR code'],
  PERSON_EXPIRED: [1113, '人员已过期', 'Person expired'],
  PASS_LIMIT_EXCEEDED: [1114, '超过允许的进出次数限制', 'Entry limit exceeded'],
  OUTSIDE_VALIDITY: [1115, '不在有效期内', 'Not within the validity period'],
  NO_APPOINTMENT_DATE: [1116, '没有预约日期', 'No appointment date'],
  INVALID_VISITOR: [1117, '无效的访客', 'Invalid visitor'],
  INVALID_EMPLOYEE: [1119, '无效的员工', 'Invalid employee'],
  QRCODE_NOT_ALLOWED: [1120, '该类型访客不允许二维码通行', 'QR access is not allowed for this visitor type'],
  VISITOR_UNAUTHORIZED: [1121, '访客未授权或已拒绝', 'Visitor unauthorized or refused'],
  OUTSIDE_PASS_TIME: [1124, '不在访客通行时间内', "Not within the visitor's pass time"],
  NOT_SIGNED_IN: [1125, '没有签到不允许进门', 'Not allowed in without signing in'],
  VISIT_FINISHED: [1126, '已结束拜访，只允许出', 'Visit finished; exit only'],
  QRCODE_EXPIRED: [1128, '二维码已过期', 'QR code has expired, please refresh'],
  EMPLOYEE_UNAUTHORIZED: [1129, '员工未授权', 'Employee not authorized'],
  DEVICE_DISABLED: [1130, '设备已停用', 'Device is disabled'],
  ALREADY_QUEUED: [1301, '已在排队', 'Already in line'],
  SYSTEM_ERROR: [2000, '系统错误', 'System error'],
  IP_LOCKED: [2001, 'ip被锁定', 'IP locked'],
  PDF_FAILED: [2323, '创建手写签名错误', 'Failed to create the signature PDF'],
} as const satisfies Record<string, Entry>;

export type StatusName = keyof typeof entries;
type CodeOf<K extends StatusName> = (typeof entries)[K][0];

/** `Status.EMAIL_TAKEN === 4` — use these names, never bare numbers. */
export const Status = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, v[0]])) as {
  readonly [K in StatusName]: CodeOf<K>;
};
export type StatusCode = (typeof Status)[StatusName];

export interface StatusInfo {
  code: number;
  name: StatusName;
  zh: string;
  en: string;
}

export const statusCatalogue: readonly StatusInfo[] = Object.entries(entries).map(([name, [code, zh, en]]) => ({
  code,
  name: name as StatusName,
  zh,
  en,
}));

const byCode = new Map(statusCatalogue.map((s) => [s.code, s]));

export function statusInfo(code: number): StatusInfo | undefined {
  return byCode.get(code);
}

/** Codes the console passes silently, and those that pass but still show their message (spec section 8). */
export const SILENT_STATUSES: readonly number[] = [Status.SUCCESS, Status.BLACKLISTED];
export const PASS_WITH_MESSAGE_STATUSES: readonly number[] = [Status.CAPTCHA_INVALID, Status.ALREADY_QUEUED, 1311];
export const SESSION_END_STATUSES: readonly number[] = [Status.TOKEN_INVALID, Status.TOKEN_MISSING, Status.TOKEN_EXPIRED];
