import type { DeepStrings } from '../../../platform/locales/types';
import type { imEn } from './en';

/** 办公应用（设置 › 办公应用：钉钉、飞书、企业微信）的中文文本。 */
export const imZh: DeepStrings<typeof imEn> = {
  title: '办公应用',
  intro: '贵司在钉钉、飞书或企业微信上的应用：其凭据在保存前先向平台验证。',
  platforms: { dingtalk: '钉钉', feishu: '飞书', wecom: '企业微信' },
  help: {
    dingtalk: '贵司钉钉组织的企业内部应用（开发者后台 › 凭证与基础信息）。AppKey、AppSecret 和 AgentId 与通讯录同步使用的相同。',
    feishu: '贵司飞书企业的自建应用（开发者后台 › 凭证与基础信息）。',
    wecom:
      '贵司企业微信的自建应用（管理后台 › 应用管理）：CorpID（我的企业）、应用的 AgentId 和 Secret，以及“接收消息”设置中的 Token 和 EncodingAESKey。',
  },
  fields: {
    appKey: 'AppKey',
    appId: 'App ID',
    corpId: 'CorpID',
    agentId: 'AgentId',
    appSecret: 'AppSecret',
    secret: 'Secret',
    callbackToken: 'Token',
    encodingAesKey: 'EncodingAESKey',
    cardTemplateId: '卡片模板 ID',
    apiBase: 'API 地址',
  },
  apiBaseHelp: '留空则使用 {{base}}；私有化部署或代理可填写其地址。',

  signIn: {
    label: '员工用其登录',
    off: '否',
    on: '是，与密码并用',
    required: '必须使用，取代密码',
    help: '按平台用户 ID 匹配员工，其次按员工名录中的手机号、再次按邮箱。手机号与该员工相同的控制台账号也可用其登录；管理员仍使用密码。',
    oneRequired: '已有另一个办公应用设为必须使用：请先将其改为“是，与密码并用”',
    link: '登录链接',
    linkHelp: '将其设为应用工作台（首页）的链接或分享给员工：它打开带有此按钮的登录页，在应用内打开时直接登录。',
  },
  cardTemplateHelp:
    '选填。在钉钉卡片搭建平台创建的卡片模板（变量 title、text、status、result、approve、refuse、reason、open、link；按钮的 actionId 为 approve 和 refuse，输入框名为 reason）：审批请求即以带“同意”“拒绝”的卡片送达。留空则为带链接的文字消息。',
  secretKept: '已保存：留空则保持不变。',
  callback: {
    label: '回调 URL',
    help: '在应用的“接收消息”服务器配置中填写此 URL 及上方的 Token 和 EncodingAESKey：审批请求即以带“同意”按钮的卡片送达（否则为带链接的文字消息）。如需通讯录变更时即时同步，在“通讯录同步”的接收事件服务器中填写同一 URL、Token 和 EncodingAESKey。企业微信须能访问此地址。',
  },
  rules: {
    required: '必填',
    tooLong: '过长',
    format: '格式不符合平台要求',
  },
  test: {
    run: '测试连接',
    ok: '连接成功：平台已发放令牌（{{ms}} 毫秒）',
    failed: '连接失败',
    refused: '{{reason}}（错误码 {{code}}）',
    lastOk: '上次测试 {{at}}：连接成功',
    lastFailed: '上次测试 {{at}}：{{reason}}',
  },
  save: '保存',
  saved: '已保存',
  forget: '移除应用',
  forgetConfirm: '移除此应用的凭据？',
  forgotten: '已移除',
};
