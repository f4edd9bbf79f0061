import type { DeepStrings } from '../../../platform/locales/types';
import type { faceSyncEn } from './faceSync.en';

export const faceSyncZh: DeepStrings<typeof faceSyncEn> = {
  title: '本人脸设备的人员',
  intro:
    '本设备需要识别的人员（有门禁权限的员工、已授权的访客、其门禁组的常驻访客）以及设备是否已确认。下发失败会自动重试几次，之后显示设备给出的原因。',
  columns: {
    name: '姓名',
    kind: '人员类型',
    action: '变更',
    status: '状态',
    error: '原因',
    attempts: '尝试次数',
    validTo: '有效期至',
    updatedAt: '更新时间',
    actions: '操作',
  },
  kinds: { employee: '员工', visitor: '访客', resident: '常驻访客' },
  actions: { add: '添加', update: '更新', remove: '删除' },
  statuses: { pending: '待同步', synced: '已同步', failed: '失败' },
  searchLabel: '按姓名搜索',
  search: '姓名',
  statusFilter: '状态',
  kindFilter: '人员类型',
  retry: '重新下发',
  retryOf: '重新下发 {{name}}',
  retryAll: '重新下发失败项（{{count}}）',
  retried: '已重新下发 {{count}} 条',
  notConfirmed: '终端未按时确认',
  total: '共 {{count}} 人',
  empty: '暂无需要同步的人员：请将本设备加入门禁组并授权该组。',
  emptySearch: '没有符合筛选条件的人员',
  ofPerson: '人脸设备',
  clearFilters: '清除筛选',
};
