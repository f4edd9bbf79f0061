import type { DeepStrings } from '../../platform/locales/types';
import type { cardEn } from './en';

/** Every key of `cardEn`, in Chinese: a missing or extra key fails the type check. */
export const cardZh: DeepStrings<typeof cardEn> = {
  title: '访客胸卡',
  loading: '正在准备胸卡…',
  refused: '无法显示此胸卡：{{reason}}',
  noVisit: '链接中没有访客编号（vid）',
  print: '打印',
};
