import type { DeepStrings } from '../../../platform/locales/types';
import type { apiKeysEn } from './en';

export const apiKeysZh: DeepStrings<typeof apiKeysEn> = {
  title: 'API 密钥',
  intro:
    '您的其他系统可用密钥（Authorization: Bearer ovk_…）代替个人登录调用 OpenVisit，在密钥的权限范围内代表本企业操作。其所做的每次修改都以密钥名称记入操作日志。',
  add: '创建密钥',
  empty: '还没有 API 密钥。',
  total_one: '共 {{count}} 个密钥',
  total_other: '共 {{count}} 个密钥',
  columns: { name: '名称', scopes: '权限范围', lastUsed: '最近使用', expires: '到期', createdBy: '创建人', actions: '操作' },
  never: '从未使用',
  noExpiry: '不过期',
  revoked: '已吊销',
  expired: '已过期',
  revoke: '吊销',
  revokeConfirm: '吊销密钥 {{name}}（{{prefix}}）？其下一次调用将被拒绝，且无法撤销。',
  revokedDone: '密钥已吊销',
  scopeCount_one: '{{count}} 项权限',
  scopeCount_other: '{{count}} 项权限',
  form: {
    title: '创建 API 密钥',
    name: '名称',
    nameHelp: '由什么系统使用，如“门禁系统”或“人事同步”',
    expires: '到期时间',
    expiresHelp: '可选：到期后密钥失效',
    scopes: '权限范围',
    scopesHelp: '密钥在各模块可做的事：读写包含只读。密钥不能管理账号、密钥或 Webhook。',
    scopesRequired: '请至少授予一项权限',
    none: '无',
    read: '只读',
    write: '读写',
    future: '请选择将来的时间',
    limit: '每个企业最多 50 个密钥：请先吊销不用的密钥',
  },
  secret: {
    title: '新的 API 密钥',
    warning: '密钥仅显示这一次。请立即保存到使用它的系统中，之后无法再次查看（遗失时请重新创建）。',
    label: '新的 API 密钥',
    note: '发送方式：Authorization: Bearer <密钥>',
  },
};
