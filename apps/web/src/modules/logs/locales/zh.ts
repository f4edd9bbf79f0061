import type { DeepStrings } from '../../../platform/locales/types';
import type { logsEn } from './en';

export const logsZh: DeepStrings<typeof logsEn> = {
  title: '操作日志',
  intro: '谁在控制台和设备上做了什么，最新的在前。',
  total_one: '共 {{count}} 条记录',
  total_other: '共 {{count}} 条记录',
  empty: '暂无操作记录',
  emptyFiltered: '没有符合筛选条件的操作记录',
  clearFilters: '清除筛选',
  filters: {
    label: '筛选操作日志',
    name: '操作人',
    role: '角色',
    module: '模块',
    end: '终端',
    event: '事件',
    dates: '日期',
    from: '开始日期',
    to: '结束日期',
    allRoles: '全部角色',
    allModules: '全部模块',
    allEnds: '全部终端',
    allEvents: '全部事件',
  },
  columns: {
    time: '时间',
    operator: '操作人',
    role: '角色',
    module: '模块',
    event: '事件',
    object: '操作对象',
    details: '详情',
    end: '终端',
    ip: 'IP 地址',
  },
};
