import type { DeepStrings } from '../../../platform/locales/types';
import type { superAccountsEn } from './en';

export const superAccountsZh: DeepStrings<typeof superAccountsEn> = {
  period: '时间段',
  periods: { today: '今天', days7: '近 7 天', days30: '近 30 天', custom: '自定义' },
  home: {
    title: '关联企业',
    greeting: '您好，{{name}}',
    empty: '暂无关联企业',
    today: '今日访客',
    onSite: '当前在场',
    total: '时间段内',
    perDay: '每日访客',
    noVisits: '该时间段内没有访客',
    open: '查看控制台（只读）',
  },
  readOnly: {
    banner: '正在只读查看 {{company}}：不能修改',
    back: '返回总部账号',
  },
};
