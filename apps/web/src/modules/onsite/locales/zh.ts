import type { onsiteEn } from './en';

/** 当前在场：实时看板与紧急疏散名单。 */
export const onsiteZh: typeof onsiteEn = {
  title: '当前在场',
  live: '实时',
  reconnecting: '正在重新连接…',
  asOf: '截至 {{time}}',
  print: '打印疏散名单',
  pdf: 'PDF',
  xlsx: 'Excel',
  downloaded: '疏散名单已下载',
  people: '在场人数',
  empty: '当前无人在场',
  noGate: '无门岗',
  gatePeople_one: '{{count}} 人',
  gatePeople_other: '{{count}} 人',
  printTitle: '紧急疏散名单',
  printedAt: '打印时间 {{time}}',
  columns: { name: '姓名', phone: '电话', host: '被访人', since: '签到时间', people: '人数', kind: '类型', rollCall: '已清点' },
};
