import type { reportsEn } from './en';

/** 统计页的中文文本。 */
export const reportsZh: typeof reportsEn = {
  title: '统计图表',
  periods: { today: '今天', days7: '近 7 天', days30: '近 30 天', custom: '自定义' },
  print: '打印',
  kpi: {
    onSite: '当前在场',
    visits: '期间访问次数',
    averageStay: '平均停留',
    averageStayValue: '{{minutes}} 分钟',
    averageStayNone: '尚无签出的访问',
    averageStayOver_one: '共 {{count}} 次访问',
    averageStayOver_other: '共 {{count}} 次访问',
    noShows: '爽约',
    noShowsOf: '邀约 {{count}} 次',
  },
  charts: {
    perDay: '每日访问',
    line: '折线',
    bar: '柱状',
    byHour: '按签到时段',
    byDept: '按被访部门',
    noDept: '无部门',
    noneGiven: '本期间的访问均未填写此项',
    topTypes: '访问类型排行',
    topReasons: '访问事由排行',
    visits: '访问',
    hour: '{{hour}} 时',
  },
  empty: '该期间没有访问',
  printPeriod: '统计期间：{{from}} 至 {{to}}',
};
