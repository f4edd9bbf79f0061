import type { Lang } from './calls/auth.js';

/**
 * The "details" of operation-log rows written by the server, as keys with zh and en templates. A service names a key
 * and its parameters (`logDesc('cardsSynced', { issued: 3, cleared: 0, refused: 1 })`); the log keeps the key and the
 * parameters and also the English rendering in `optDesc` (older readers and the API's free-text field), and the
 * console renders the key in its own language. `{{name}}` placeholders take the parameters as given: numbers, dates,
 * names, card numbers and ids, never words that would need translating (those get keys of their own).
 *
 * A key, once used, stays: old rows keep naming it. Change its wording freely, but not its parameters.
 */
export const logDescriptions = {
  // webhooks
  webhookOn: { en: 'switched on', zh: '已启用' },
  webhookOff: { en: 'switched off', zh: '已停用' },
  webhookSecretRotated: { en: 'new signing secret', zh: '已更换签名密钥' },
  webhookResent: { en: 'event {{event}} sent again', zh: '重发事件 {{event}}' },
  webhookReplayed: { en: '{{count}} events of {{from}} – {{to}} sent again', zh: '重发 {{from}} – {{to}} 的 {{count}} 个事件' },
  // passkeys: an administrator's reset of another account's
  twoStepReset: {
    en: 'two-step sign-in reset: {{passkeys}} passkey(s) removed, sessions ended',
    zh: '已重置两步验证：移除 {{passkeys}} 个通行密钥，已退出所有登录',
  },
  // super accounts: a read-only look into one of their companies
  superReadOnlyEntered: { en: 'read-only view by the super account {{account}}', zh: '总部账号 {{account}} 只读查看' },
  superReadOnlyLeft: { en: 'read-only view by the super account {{account}} ended', zh: '总部账号 {{account}} 结束只读查看' },
  // employees: attributes
  cardSet: { en: 'card {{cardNo}}', zh: '卡号 {{cardNo}}' },
  cardCleared: { en: 'card cleared', zh: '卡号已清除' },
  cardsSynced: {
    en: 'cards: {{issued}} issued, {{cleared}} cleared, {{refused}} refused',
    zh: '卡号：发放 {{issued}} 张，清除 {{cleared}} 张，拒绝 {{refused}} 条',
  },
  visitTypesSet: { en: 'visit types: {{types}}', zh: '来访类型：{{types}}' },
  notifySet: { en: 'notify {{notify}}', zh: '通知方式代码 {{notify}}' },
  subCompanySet: { en: 'sub-company {{subaccountId}}', zh: '分公司 {{subaccountId}}' },
  accessGranted: { en: 'access granted {{from}} – {{to}}', zh: '门禁授权 {{from}} – {{to}}' },
  accessWithdrawn: { en: 'access withdrawn', zh: '门禁权限已收回' },
  inviteAllowed: { en: 'may invite visitors', zh: '允许邀请访客' },
  inviteForbidden: { en: 'may not invite visitors', zh: '禁止邀请访客' },
  // employees: visit proxies
  visitProxyOn: { en: 'visit proxy {{proxy}} {{start}}..{{end}} on', zh: '来访代理 {{proxy}}，{{start}} 至 {{end}}，开启' },
  visitProxyOff: { en: 'visit proxy {{proxy}} {{start}}..{{end}} off', zh: '来访代理 {{proxy}}，{{start}} 至 {{end}}，关闭' },
  // employees: face photos
  facePhotoSaved: { en: 'face photo {{width}}×{{height}}', zh: '人脸照片 {{width}}×{{height}}' },
  facePhotoRemoved: { en: 'face photo removed', zh: '人脸照片已删除' },
  listedPhotoSaved: { en: 'photo {{width}}×{{height}}', zh: '照片 {{width}}×{{height}}' },
  listedPhotoRemoved: { en: 'photo removed', zh: '照片已删除' },
  faceZipSaved: { en: 'face zip: {{saved}} saved, {{failed}} not', zh: '人脸照片压缩包：保存 {{saved}} 张，未保存 {{failed}} 张' },
  facesQueued: { en: '{{queued}} face photos queued for devices', zh: '{{queued}} 张人脸照片已排队下发到设备' },
  // imports
  employeesImported: {
    en: '{{created}} added, {{updated}} updated, {{errors}} errors',
    zh: '新增 {{created}} 人，更新 {{updated}} 人，{{errors}} 处错误',
  },
  departmentsImported: {
    en: 'departments: {{created}} added, {{updated}} updated, {{errors}} errors',
    zh: '部门：新增 {{created}} 个，更新 {{updated}} 个，{{errors}} 处错误',
  },
  // departments
  department: { en: 'department', zh: '部门' },
  departmentMembersMoved: {
    en: 'department; {{members}} employees moved to {{moveTo}}',
    zh: '部门；{{members}} 名员工已移至部门 {{moveTo}}',
  },
  departmentMembersAdded: { en: 'add {{count}} employees', zh: '加入 {{count}} 名员工' },
  departmentMembersRemoved: { en: 'remove {{count}} employees', zh: '移出 {{count}} 名员工' },
  // roles
  role: { en: 'role', zh: '角色' },
  roleGroup: { en: 'role group', zh: '角色组' },
  roleGranted: { en: 'granted to {{count}} employees', zh: '授予 {{count}} 名员工' },
  roleRevoked: { en: 'taken from {{count}} employees', zh: '从 {{count}} 名员工收回' },
  // SCIM provisioning (the employee or role is the row's object)
  scimProvisioned: { en: 'by the identity provider (SCIM)', zh: '由身份提供方同步（SCIM）' },
  scimDeprovisioned: { en: 'stopped: removed by the identity provider (SCIM)', zh: '已停用：身份提供方已移除（SCIM）' },
  scimGroupMembers: { en: 'SCIM group: {{count}} members', zh: 'SCIM 组：{{count}} 名成员' },
  // registration settings (the setting is the row's object)
  switchedOn: { en: 'switched on', zh: '已开启' },
  switchedOff: { en: 'switched off', zh: '已关闭' },
  pictureSaved: { en: 'picture {{width}}×{{height}}', zh: '图片 {{width}}×{{height}}' },
  pictureRemoved: { en: 'picture removed', zh: '图片已删除' },
  carouselSet: { en: '{{count}} pictures', zh: '{{count}} 张图片' },
  themeColour: { en: 'colour {{colour}}', zh: '颜色 {{colour}}' },
  themeColourDefault: { en: 'default colour', zh: '默认颜色' },
  textSet: { en: '{{length}} characters', zh: '{{length}} 个字符' },
  // accounts: closing (updateUnSubscribe) and its export
  accountClosing: { en: 'account closing: data deleted on {{day}}', zh: '注销账号：{{day}} 删除数据' },
  accountClosingCancelled: { en: 'account closing cancelled', zh: '已取消注销账号' },
  accountDataExported: { en: 'export of all data', zh: '导出全部数据' },
  textCleared: { en: 'cleared', zh: '已清空' },
  cardStyleOrdinary: { en: 'ordinary badge, paper {{size}}', zh: '普通样式胸卡，纸张 {{size}}' },
  cardStyleCustomized: { en: 'customized badge, paper {{size}}', zh: '自定义样式胸卡，纸张 {{size}}' },
  reordered: { en: 'new order of {{count}}', zh: '重新排序 {{count}} 项' },
  visitorTypeFields: { en: '{{shown}} fields shown, {{required}} required', zh: '显示 {{shown}} 个字段，必填 {{required}} 个' },
  // blacklist and whitelist
  blacklist: { en: 'blacklist', zh: '黑名单' },
  whitelist: { en: 'whitelist', zh: '白名单' },
  blacklistSearched: { en: 'blacklist, search "{{search}}"', zh: '黑名单，搜索“{{search}}”' },
  whitelistSearched: { en: 'whitelist, search "{{search}}"', zh: '白名单，搜索“{{search}}”' },
  screeningOn: { en: 'screening on', zh: '黑名单筛查已开启' },
  screeningOff: { en: 'screening off', zh: '黑名单筛查已关闭' },
  screeningNarrow: { en: 'names screened narrowly: the same written name only', zh: '姓名筛查改为严格模式：仅匹配相同写法' },
  screeningStandard: {
    en: 'names screened in the standard mode: also the same pinyin and close spellings',
    zh: '姓名筛查改为标准模式：同音与相近拼写也提示',
  },
  // directory sync settings (the channel is the row's object); auto-sync is only ever on with its channel
  directoryOff: { en: 'notification off, auto-sync off', zh: '通知关闭，自动同步关闭' },
  directoryOn: { en: 'notification on, auto-sync off', zh: '通知开启，自动同步关闭' },
  directoryOnAuto: { en: 'notification on, auto-sync on', zh: '通知开启，自动同步开启' },
  appDirectoryOff: { en: 'directory sync off', zh: '通讯录同步关闭' },
  appDirectoryOn: { en: 'directory sync on, auto-sync off', zh: '通讯录同步开启，自动同步关闭' },
  appDirectoryOnAuto: { en: 'directory sync on, auto-sync on', zh: '通讯录同步开启，自动同步开启' },
  directoryOffSecretChanged: { en: 'notification off, auto-sync off, secret changed', zh: '通知关闭，自动同步关闭，密钥已更换' },
  directoryOnSecretChanged: { en: 'notification on, auto-sync off, secret changed', zh: '通知开启，自动同步关闭，密钥已更换' },
  imAppSaved: { en: 'app saved', zh: '应用已保存' },
  imAppSavedSecret: { en: 'app saved, credentials changed', zh: '应用已保存，凭据已更换' },
  directoryOnAutoSecretChanged: { en: 'notification on, auto-sync on, secret changed', zh: '通知开启，自动同步开启，密钥已更换' },
  directoryOffServer: { en: 'notification off, auto-sync off, server {{ip}}:{{port}}', zh: '通知关闭，自动同步关闭，服务器 {{ip}}:{{port}}' },
  directoryOnServer: { en: 'notification on, auto-sync off, server {{ip}}:{{port}}', zh: '通知开启，自动同步关闭，服务器 {{ip}}:{{port}}' },
  directoryOnAutoServer: { en: 'notification on, auto-sync on, server {{ip}}:{{port}}', zh: '通知开启，自动同步开启，服务器 {{ip}}:{{port}}' },
  // directory sync runs
  directorySynced: {
    en: '{{created}} added, {{updated}} updated, {{unchanged}} unchanged, {{failed}} failed, {{vanished}} no longer listed',
    zh: '新增 {{created}}，更新 {{updated}}，未变 {{unchanged}}，失败 {{failed}}，{{vanished}} 条已不在通讯录中',
  },
  // the daily automatic sync: the three steps in one row (one literal each: a concatenation would lose the placeholders' types)
  directoryAutoSynced: {
    en: 'departments: {{deptCreated}} added, {{deptUpdated}} updated, {{deptUnchanged}} unchanged, {{deptFailed}} failed, {{deptVanished}} no longer listed; employees: {{empCreated}} added, {{empUpdated}} updated, {{empUnchanged}} unchanged, {{empFailed}} failed, {{empVanished}} no longer listed; relations: {{relCreated}} added, {{relUpdated}} updated, {{relUnchanged}} unchanged, {{relFailed}} failed, {{relVanished}} no longer listed',
    zh: '部门：新增 {{deptCreated}}，更新 {{deptUpdated}}，未变 {{deptUnchanged}}，失败 {{deptFailed}}，{{deptVanished}} 条已不在通讯录中；员工：新增 {{empCreated}}，更新 {{empUpdated}}，未变 {{empUnchanged}}，失败 {{empFailed}}，{{empVanished}} 条已不在通讯录中；部门成员：新增 {{relCreated}}，更新 {{relUpdated}}，未变 {{relUnchanged}}，失败 {{relFailed}}，{{relVanished}} 条已不在通讯录中',
  },
  // basic settings (the setting is the row's object; switches use switchedOn / switchedOff)
  extendTimeSet: { en: 'check-in from {{before}} min before to {{after}} min after', zh: '可提前 {{before}} 分钟、推迟 {{after}} 分钟签到' },
  leaveExpirySet: { en: 'signed out {{hours}} h after sign-in', zh: '签到 {{hours}} 小时后自动签出' },
  leaveExpiryOff: { en: 'no automatic sign-out', zh: '不自动签出' },
  dutyTimeSet: { en: 'working hours {{up}}–{{off}}', zh: '工作时间 {{up}}–{{off}}' },
  dutyTimeCleared: { en: 'working hours cleared', zh: '工作时间已清除' },
  qrcodeConfSet: { en: 'QR pass: {{count}} uses, {{hours}} h', zh: '二维码：可用 {{count}} 次，{{hours}} 小时' },
  cryptoperiodSet: { en: 'QR codes refresh every {{minutes}} min', zh: '二维码每 {{minutes}} 分钟更新' },
  offlineAfterSet: { en: 'alert after {{minutes}} min offline', zh: '离线 {{minutes}} 分钟后告警' },
  bookingAppReset: { en: 'app code {{appCode}}, new secret', zh: '应用编码 {{appCode}}，已更换密钥' },
  linkReset: { en: 'new link', zh: '已更换链接' },
  // notification settings (the channel is the row's object)
  emailNoticeOff: { en: 'email notices off', zh: '邮件通知关闭' },
  emailViaInstallation: { en: "email notices through this installation's mail server", zh: '邮件通知经系统邮件服务器发送' },
  emailViaServer: { en: 'email notices through {{host}}:{{port}}', zh: '邮件通知经 {{host}}:{{port}} 发送' },
  emailViaServerPasswordChanged: {
    en: 'email notices through {{host}}:{{port}}, password changed',
    zh: '邮件通知经 {{host}}:{{port}} 发送，密码已更换',
  },
  channelOn: { en: 'switched on', zh: '已开启' },
  channelOff: { en: 'switched off', zh: '已关闭' },
  channelOnSecretChanged: { en: 'switched on, secret changed', zh: '已开启，密钥已更换' },
  channelOffSecretChanged: { en: 'switched off, secret changed', zh: '已关闭，密钥已更换' },
  smsOnQuota: { en: 'switched on, {{quota}} messages left', zh: '已开启，剩余 {{quota}} 条' },
  smsOffQuota: { en: 'switched off, {{quota}} messages left', zh: '已关闭，剩余 {{quota}} 条' },
  // visits
  walkInRegistered: { en: 'walk-in, host {{host}}', zh: '现场登记，被访人 {{host}}' },
  walkInAwaiting: { en: 'walk-in, host {{host}}, waiting for approval', zh: '现场登记，被访人 {{host}}，待审批' },
  visitCheckedIn: { en: 'checked in, host {{host}}', zh: '签到，被访人 {{host}}' },
  visitSignedOut: { en: 'signed out', zh: '签出' },
  visitsSignedOut: { en: '{{signedOut}} signed out, {{skipped}} skipped', zh: '签出 {{signedOut}} 人，跳过 {{skipped}} 人' },
  visitViewed: { en: 'invitation viewed', zh: '邀请已查看' },
  visitAccepted: { en: 'invitation accepted', zh: '邀请已接受' },
  visitDeclined: { en: 'invitation declined', zh: '邀请已拒绝' },
  visitAwaiting: { en: 'waiting for approval', zh: '等待审批' },
  visitApproved: { en: 'approved', zh: '已批准' },
  visitRejected: { en: 'refused', zh: '已拒绝' },
  processArea: { en: 'approval area, {{levels}} levels', zh: '审批区域，{{levels}} 级' },
  processSwitchOn: { en: 'approval switched on', zh: '开启访客审批' },
  processSwitchOff: { en: 'approval switched off', zh: '关闭访客审批' },
  processApproved: { en: 'level {{level}} of {{levels}} approved', zh: '第 {{level}}/{{levels}} 级审批通过' },
  processRefused: { en: 'refused at level {{level}} of {{levels}}: {{remark}}', zh: '第 {{level}}/{{levels}} 级拒绝：{{remark}}' },
  processReturned: { en: 'returned at level {{level}} of {{levels}}: {{remark}}', zh: '第 {{level}}/{{levels}} 级退回：{{remark}}' },
  processResubmitted: { en: 'submitted for approval again', zh: '重新提交审批' },
  visitExpired: { en: 'expired', zh: '已过期' },
  visitCancelled: { en: 'called off', zh: '已取消' },
  visitSigned: { en: 'signature added, agreement PDF built', zh: '已签名，生成协议 PDF' },
  visitorsInvited: { en: '{{count}} invited for {{day}}, host {{host}}', zh: '邀请 {{count}} 人，{{day}} 来访，被访人 {{host}}' },
  visitorsBatchInvited: {
    en: 'batch invite: {{invited}} invited, host {{host}}, {{refused}} rows refused',
    zh: '批量邀请：邀请 {{invited}} 人，被访人 {{host}}，{{refused}} 行未通过',
  },
  invitationResent: { en: 'invitation sent again with a new link', zh: '邀请已重新发送（新链接）' },
  invitationRenewed: { en: 'invited again after visit {{previous}} ended', zh: '访问 {{previous}} 结束后重新邀请' },
  companionsSet: { en: '{{count}} companions', zh: '随行人员 {{count}} 人' },
  faceConsentVersionAdded: {
    en: 'face recognition consent ({{lang}}): version {{version}} published',
    zh: '人脸识别同意书（{{lang}}）：发布第 {{version}} 版',
  },
  faceConsentVersionDeleted: {
    en: 'face recognition consent ({{lang}}): version {{version}} deleted',
    zh: '人脸识别同意书（{{lang}}）：删除第 {{version}} 版',
  },
  privacyNoticeVersionAdded: {
    en: 'privacy notice ({{lang}}): version {{version}} published',
    zh: '隐私声明（{{lang}}）：发布第 {{version}} 版',
  },
  privacyNoticeVersionDeleted: {
    en: 'privacy notice ({{lang}}): version {{version}} deleted',
    zh: '隐私声明（{{lang}}）：删除第 {{version}} 版',
  },
  protocolVersionDeleted: {
    en: 'safety terms ({{lang}}): version {{version}} deleted',
    zh: '安全协议（{{lang}}）：删除第 {{version}} 版',
  },
  visitPhotoUploaded: { en: 'face photo {{width}}×{{height}} from the invitation page', zh: '邀请函页面上传人脸照片 {{width}}×{{height}}' },
  visitCardIssued: { en: 'access card {{cardNo}} handed out', zh: '发放门禁卡 {{cardNo}}' },
  visitCardReturned: { en: 'access card {{cardNo}} taken back', zh: '收回门禁卡 {{cardNo}}' },
  blacklistHit: { en: 'blacklisted visitor stopped at the desk', zh: '黑名单访客在前台被拦截' },
  screeningHeld: { en: 'held for screening review: a possible watchlist match', zh: '疑似名单匹配，待人工复核' },
  screeningAllowed: { en: 'allowed in after screening review {{remark}}', zh: '名单复核后放行 {{remark}}' },
  screeningRefused: { en: 'refused after screening review: {{remark}}', zh: '名单复核后拒绝：{{remark}}' },
  // meetings (the meeting's subject is the row's object)
  meetingAdded: {
    en: 'meeting {{start}} – {{end}}, organiser {{host}}, {{count}} invited',
    zh: '会议 {{start}} 至 {{end}}，组织者 {{host}}，邀请 {{count}} 人',
  },
  meetingUpdated: { en: 'meeting {{start}} – {{end}}', zh: '会议 {{start}} 至 {{end}}' },
  meetingCancelled: { en: 'meeting cancelled; invitations called off: {{cancelled}}', zh: '会议已取消，{{cancelled}} 份邀请已取消' },
  meetingStarted: { en: 'meeting started', zh: '会议已开始' },
  meetingEnded: { en: 'meeting ended', zh: '会议已结束' },
  meetingVisitorsAdded: { en: '{{count}} more invited to the meeting', zh: '追加邀请 {{count}} 人参会' },
  // resident visitors (the project or person is the row's object)
  residentProject: { en: 'resident project', zh: '常驻访客项目' },
  residentVisitor: { en: 'resident visitor, project {{project}}', zh: '常驻访客，项目 {{project}}' },
  residentVisitorReapproval: {
    en: 'resident visitor, project {{project}}, waiting for approval again',
    zh: '常驻访客，项目 {{project}}，重新待审批',
  },
  residentVisitorsDeleted: { en: '{{count}} resident visitors', zh: '{{count}} 名常驻访客' },
  residentsApproved: { en: '{{count}} resident visitors approved', zh: '批准 {{count}} 名常驻访客' },
  residentsRefused: { en: '{{count}} resident visitors refused', zh: '拒绝 {{count}} 名常驻访客' },
  // supplier companies and their workers' files, faces and passes (the company, worker or file is the row's object)
  supplierCompany: { en: 'supplier company', zh: '供应商公司' },
  supplierCompanyRenamed: {
    en: 'supplier company, its {{workers}} workers follow the new name',
    zh: '供应商公司，其 {{workers}} 名人员随新名称更新',
  },
  residentLabourFileStored: {
    en: 'labour file {{name}} ({{size}} bytes), worker {{worker}}',
    zh: '劳务文件 {{name}}（{{size}} 字节），人员 {{worker}}',
  },
  residentFileStored: { en: 'file {{name}} ({{size}} bytes), worker {{worker}}', zh: '文件 {{name}}（{{size}} 字节），人员 {{worker}}' },
  residentCertificateStored: {
    en: 'certificate {{name}} valid until {{expiresOn}}, worker {{worker}}',
    zh: '证书 {{name}}，有效期至 {{expiresOn}}，人员 {{worker}}',
  },
  residentFileDeleted: { en: 'file {{name}} of worker {{worker}} deleted', zh: '删除人员 {{worker}} 的文件 {{name}}' },
  residentFaceSaved: { en: 'worker face photo {{width}}×{{height}}', zh: '人员人脸照片 {{width}}×{{height}}' },
  residentFaceZipSaved: { en: 'worker face zip: {{saved}} saved, {{failed}} not', zh: '人员人脸照片压缩包：保存 {{saved}} 张，未保存 {{failed}} 张' },
  residentSignedIn: { en: 'resident signed in, project {{project}}', zh: '常驻访客签到，项目 {{project}}' },
  // invitation templates (the row's object is the template id); one key per type and scope, as the words need translating
  templateInterviewDefault: { en: 'interview invitation template, default', zh: '面试邀请函模板，默认' },
  templateInterviewGate: { en: 'interview invitation template, gate {{gate}}', zh: '面试邀请函模板，门岗 {{gate}}' },
  templateInterviewOwn: { en: 'own interview invitation template', zh: '个人面试邀请函模板' },
  templateBusinessDefault: { en: 'business invitation template, default', zh: '商务邀请函模板，默认' },
  templateBusinessGate: { en: 'business invitation template, gate {{gate}}', zh: '商务邀请函模板，门岗 {{gate}}' },
  templateBusinessOwn: { en: 'own business invitation template', zh: '个人商务邀请函模板' },
  // access control: device groups and devices (the group's or device's name is the row's object)
  deviceGroupSaved: { en: 'device group: {{devices}} devices, {{gates}} gates', zh: '门禁组：{{devices}} 台设备，{{gates}} 个门岗' },
  deviceGroupDeleted: { en: 'device group deleted, {{devices}} devices left it', zh: '删除门禁组，{{devices}} 台设备移出' },
  deviceAdded: { en: 'device {{code}} added, secret issued', zh: '添加设备 {{code}}，已生成密钥' },
  deviceSaved: { en: 'device {{code}}, {{groups}} groups', zh: '设备 {{code}}，{{groups}} 个门禁组' },
  deviceDeleted: { en: 'device {{code}} deleted, its secret revoked', zh: '删除设备 {{code}}，密钥已作废' },
  deviceEnabled: { en: 'device {{code}} enabled', zh: '启用设备 {{code}}' },
  deviceDisabled: { en: 'device {{code}} disabled', zh: '停用设备 {{code}}' },
  employeeGroupsSet: { en: '{{groups}} device groups granted', zh: '授权 {{groups}} 个门禁组' },
  residentGroupsSet: { en: 'resident visitors: {{groups}} device groups granted', zh: '驻场访客：授权 {{groups}} 个门禁组' },
  visitorTypeGroupsSet: { en: 'visitor type: {{groups}} device groups granted', zh: '访客类型：授权 {{groups}} 个门禁组' },
  deviceSecretRotated: { en: 'device {{code}}: new secret issued, the old one revoked', zh: '设备 {{code}}：已生成新密钥，旧密钥作废' },
  faceCredentialsRetried: {
    en: 'device {{code}}: {{count}} failed credentials sent again',
    zh: '设备 {{code}}：{{count}} 条下发失败的凭证重新下发',
  },
  deviceReadBack: {
    en: 'device {{code}}: read back, {{repaired}} differences repaired, {{failed}} not',
    zh: '设备 {{code}}：已回读，修复 {{repaired}} 处差异，{{failed}} 处未修复',
  },
  // safety induction (the questionnaire's title or the question's text is the row's object)
  questionnairesDeleted: { en: '{{count}} questionnaires deleted with their questions', zh: '删除 {{count}} 份问卷及其题目' },
  questionnaireVersion: { en: 'version {{version}}', zh: '版本 {{version}}' },
  questionsDeleted: { en: '{{count}} questions deleted, version {{version}}', zh: '删除 {{count}} 道题目，版本 {{version}}' },
  questionsImported: {
    en: '{{created}} questions added, {{errors}} errors, version {{version}}',
    zh: '新增 {{created}} 道题目，{{errors}} 处错误，版本 {{version}}',
  },
  // temporary cards (the card holder's name is the row's object)
  tempCardApplied: { en: 'temporary card applied for', zh: '申请临时卡' },
  tempCardLent: { en: 'temporary card {{cardNo}} lent', zh: '发放临时卡 {{cardNo}}' },
  tempCardRefused: { en: 'temporary card refused: {{reason}}', zh: '拒绝临时卡：{{reason}}' },
  tempCardReturned: { en: 'temporary card {{cardNo}} returned', zh: '归还临时卡 {{cardNo}}' },
  tempCards: { en: 'temporary cards', zh: '临时卡' },
  // sub-companies (the sub-company's name is the row's object)
  subCompanyArchived: { en: 'archived with its records kept', zh: '已归档，记录保留' },
  subCompaniesDeleted: { en: '{{deleted}} deleted, {{archived}} archived', zh: '删除 {{deleted}} 个，归档 {{archived}} 个' },
  subCompanyResetLink: { en: 'password link mailed to {{email}}', zh: '密码设置链接已发送至 {{email}}' },
  subCompanyManagers: { en: '{{count}} managers', zh: '{{count}} 名管理员' },
  subCompanyLogos: { en: '{{saved}} logos saved of {{files}} files', zh: '{{files}} 个文件中保存了 {{saved}} 个标志' },
  subCompanyTemplate: { en: 'template {{name}}', zh: '模板 {{name}}' },
  // no longer written (the state was an English word); rows now name the setting `subAccount` with switchedOn / switchedOff
  multiCompanyMode: { en: 'multi-company mode {{state}}', zh: '多企业模式 {{state}}' },
  // sign-in
  lockedAfterFailures: { en: 'locked after {{failures}} failed sign-ins', zh: '登录失败 {{failures}} 次后锁定' },
  // An erasure names no one: the person is what it removed. The entries it blanked are listed in its details (auditChain.ts).
  retentionSet: { en: 'company rules set', zh: '设置公司规则' },
  retentionTypeSet: { en: 'rules of visitor type {{tid}} set', zh: '设置访客类型 {{tid}} 的规则' },
  retentionSwept: { en: 'retention sweep: data of {{visits}} visits removed', zh: '保留期限清理：删除 {{visits}} 次来访的数据' },
  // A whole ID number read (revealIdNumber: the person is the row's object, the record its id) or exported (the export's entry says so).
  idNumberOfVisit: { en: "the visit's whole ID number viewed", zh: '查看来访记录的完整证件号' },
  idNumberOfResident: { en: "the resident visitor's whole ID number viewed", zh: '查看常驻访客的完整证件号' },
  idNumberOfDriver: { en: "the driver's whole ID number viewed", zh: '查看司机的完整证件号' },
  idNumberOfSender: { en: "the sender's whole ID number viewed", zh: '查看发货人的完整证件号' },
  idNumbersOfBooking: { en: "the booking's whole ID numbers viewed", zh: '查看物流预约的完整证件号' },
  personLookedUp: { en: "a person's data looked up: {{records}} records", zh: '查看一人的个人数据：{{records}} 条记录' },
  peopleNamedLookedUp: { en: '{{count}} people of this name looked up', zh: '查看同名人员 {{count}} 人' },
  idNumbersExported: { en: 'with whole ID numbers', zh: '含完整证件号' },
  personErased: { en: "a person's data erased, {{entries}} log entries blanked", zh: '已删除一人的个人数据，清空 {{entries}} 条日志记录' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type LogDescKey = keyof typeof logDescriptions;

/** The `{{name}}` placeholders of a template, as a union of names. */
type Placeholders<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | Placeholders<Rest> : never;

export type LogDescValue = string | number;

/** The parameters a key takes: exactly the placeholders of its English template. */
export type LogDescParams<K extends LogDescKey> = { [P in Placeholders<(typeof logDescriptions)[K]['en']>]: LogDescValue };

/** Keys whose zh template has other placeholders than the en one: the assignment below fails to compile unless none. */
type MismatchedKeys = {
  [K in LogDescKey]: [Placeholders<(typeof logDescriptions)[K]['en']>] extends [Placeholders<(typeof logDescriptions)[K]['zh']>]
    ? [Placeholders<(typeof logDescriptions)[K]['zh']>] extends [Placeholders<(typeof logDescriptions)[K]['en']>]
      ? never
      : K
    : K;
}[LogDescKey];
export const LOG_DESC_PLACEHOLDERS_MATCH: [MismatchedKeys] extends [never] ? true : MismatchedKeys = true;

/** A log description as a service gives it: a known key and its parameters. */
export type LogDescription = { [K in LogDescKey]: { key: K; params: LogDescParams<K> } }[LogDescKey];

type ParamsArg<K extends LogDescKey> = [keyof LogDescParams<K>] extends [never] ? [params?: LogDescParams<K>] : [params: LogDescParams<K>];

/** `logDesc('cardsSynced', { issued, cleared, refused })`: a key with the parameters its templates use. */
export function logDesc<K extends LogDescKey>(key: K, ...[params]: ParamsArg<K>): LogDescription {
  return { key, params: params ?? {} } as LogDescription;
}

export function isLogDescKey(key: unknown): key is LogDescKey {
  return typeof key === 'string' && Object.hasOwn(logDescriptions, key);
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The names of a template's placeholders, in order (for tests and checks). */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

/**
 * A key rendered in a language; parameters are inserted as given (a missing one leaves its placeholder empty).
 * Null for a key this build does not know (a row written by a newer server), so the reader can fall back to `optDesc`.
 */
export function renderLogDesc(key: string, params: Readonly<Record<string, LogDescValue>> | null | undefined, lang: Lang): string | null {
  if (!isLogDescKey(key)) return null;
  const values = params ?? {};
  return logDescriptions[key][lang].replace(PLACEHOLDER, (_, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : ''));
}

/**
 * What a log row's object is called (`objName`): the company setting a row changed is stored by its key (`themecolor`,
 * `permissionSwitch`…) and a visitor type by its '中文#English' name; both read in the reader's language. Any other
 * object (a person, a gate, a file) is its own name. A comma-separated list of keys reads as a list.
 */
export const settingNameLabels = {
  permissionSwitch: { zh: '员工邀请访客', en: 'Employee invitations' },
  tempEditSwitch: { zh: '修改访客类型', en: 'Changing the visitor type' },
  scaner: { zh: '扫描枪', en: 'Barcode scanner' },
  extendTime: { zh: '签到时间范围', en: 'Check-in window' },
  leaveExpiryTime: { zh: '自动签出', en: 'Automatic sign-out' },
  dutyTime: { zh: '上下班时间', en: 'Working hours' },
  qrcodeConf: { zh: '二维码有效期', en: 'QR pass validity' },
  cryptoperiod: { zh: '动态二维码', en: 'Refreshing QR codes' },
  doorSignIn: { zh: '门禁通行自动签到签离', en: 'Sign in and out at the doors' },
  originalCompat: { zh: '兼容原系统终端', en: 'Original clients compatibility' },
  qrcodeSwitch: { zh: '胸卡二维码', en: 'QR code on badges' },
  comeAgain: { zh: '再次来访', en: 'Returning visitors' },
  signOutSwitch: { zh: '访客机签出', en: 'Sign-out at the visitor machine' },
  faceScaner: { zh: '人脸识别', en: 'Face recognition' },
  themecolor: { zh: '主题颜色', en: 'Theme colour' },
  logo: { zh: '企业标志', en: 'Logo' },
  backgroundPic: { zh: '背景图片', en: 'Background picture' },
  defaultPhoto: { zh: '默认头像', en: 'Default photo' },
  carouselPic: { zh: '轮播图片', en: 'Slideshow pictures' },
  cardStyle: { zh: '胸卡样式', en: 'Badge style' },
  secureProtocol: { zh: '安全协议（中文）', en: 'Safety agreement (Chinese)' },
  secureProtocolEn: { zh: '安全协议（英文）', en: 'Safety agreement (English)' },
  escapeClause: { zh: '免责条款', en: 'Disclaimer' },
  blackListSwitch: { zh: '黑名单检查', en: 'Blacklist check' },
  screeningMode: { zh: '姓名筛查模式', en: 'Name screening mode' },
  retention: { zh: '个人数据保留期限', en: 'Personal data retention' },
  faceThreshold: { zh: '人脸数量提醒阈值', en: 'Faces held: warning threshold' },
  email: { zh: '邮件通知', en: 'Email notices' },
  SMS: { zh: '短信通知', en: 'SMS notices' },
  WeChat: { zh: '微信通知', en: 'WeChat notices' },
  voice: { zh: '语音通知', en: 'Voice call notices' },
  DingTalk: { zh: '钉钉通知', en: 'DingTalk notices' },
  imDingTalk: { zh: '钉钉应用', en: 'DingTalk app' },
  imFeishu: { zh: '飞书应用', en: 'Feishu app' },
  imWeCom: { zh: '企业微信应用', en: 'WeCom app' },
  RTX: { zh: '腾讯通通知', en: 'RTX notices' },
  invitationTemplate: { zh: '邀请函模板', en: 'Invitation template' },
  questionnaireSwitch: { zh: '安全培训', en: 'Safety induction' },
  subAccount: { zh: '多企业模式', en: 'Multi-company mode' },
  cardText: { zh: '胸卡底部文字', en: 'Badge footer text' },
  bookingApp: { zh: '预约应用', en: 'Booking app' },
  logisticsLink: { zh: '物流预约链接', en: 'Logistics booking link' },
  offlineAlert: { zh: '设备离线告警', en: 'Device offline alert' },
  dingtalk: { zh: '钉钉通讯录', en: 'DingTalk directory' },
  rtx: { zh: '腾讯通通讯录', en: 'RTX directory' },
  feishu: { zh: '飞书通讯录', en: 'Feishu directory' },
  wecom: { zh: '企业微信通讯录', en: 'WeCom directory' },
  syncDepartments: { zh: '同步部门', en: 'Department sync' },
  syncEmployees: { zh: '同步员工', en: 'Employee sync' },
  syncRelations: { zh: '同步部门成员', en: 'Department member sync' },
  autoSync: { zh: '自动同步', en: 'Automatic sync' },
  twoStepOn: { zh: '两步登录：开启', en: 'Two-step sign-in: on' },
  twoStepOff: { zh: '两步登录：关闭', en: 'Two-step sign-in: off' },
  recoveryCodes: { zh: '两步登录恢复码', en: 'Two-step sign-in recovery codes' },
} as const satisfies Readonly<Record<string, { zh: string; en: string }>>;

/** A company setting (or settings' page) an operation-log row can name as its object. */
export type LoggedSetting = keyof typeof settingNameLabels;

/** The object of a log row that changed settings: their keys, read back in the reader's language by `logObjectText`. */
export function settingObject(...keys: [LoggedSetting, ...LoggedSetting[]]): string {
  return keys.join(',');
}

export function logObjectText(objName: string, lang: Lang): string {
  if (!objName) return '';
  const keys = objName.split(',');
  if (keys.every((k) => Object.hasOwn(settingNameLabels, k)))
    return keys.map((k) => settingNameLabels[k as LoggedSetting][lang]).join(lang === 'zh' ? '、' : ', ');
  const bilingual = /^([^#]+)#([^#]+)$/.exec(objName);
  if (bilingual) return (lang === 'zh' ? bilingual[1] : bilingual[2]) ?? objName;
  return objName;
}
