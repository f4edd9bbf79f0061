import type { DeepStrings } from '../../../platform/locales/types';
import type { reportTableEn } from './tableEn';

/** 访客报表的中文文本。 */
export const reportTableZh: DeepStrings<typeof reportTableEn> = {
  title: '访客报表',
  period: '统计时段',
  presets: { today: '今天', last7: '最近 7 天', last30: '最近 30 天', thisMonth: '本月' },
  department: '被访人部门',
  allDepartments: '全部部门',
  groupBy: '分组方式',
  groupings: { none: '不分组', day: '按日', department: '按部门', visitType: '按来访类型', company: '按访客单位' },
  columns: {
    visits: '来访次数',
    people: '人数',
    signedIn: '已签到',
    signedOut: '已签出',
    onSite: '在场',
    avgStay: '平均停留',
    stay: '停留',
  },
  none: { department: '无部门', visitType: '无来访类型', company: '无单位' },
  total: '合计',
  totalVisits_one: '合计：{{count}} 次来访',
  totalVisits_other: '合计：{{count}} 次来访',
  departmentNote: '被访人属于多个部门时，来访计入每个部门；合计只计一次。',
  dayNote: '来访按签到日期计入，未签到按预约日期，否则按登记日期。',
  empty: '该时段没有来访记录',
  emptyFiltered: '该时段没有符合条件的来访记录',
  export: '导出',
  exportNothing: '没有可导出的记录',
  exporting: '正在导出… {{size}}',
  exported: '报表正在下载',
};
