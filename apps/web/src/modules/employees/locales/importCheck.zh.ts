import type { DeepStrings } from '../../../platform/locales/types';
import type { importCheckEn } from './importCheck.en';

export const importCheckZh: DeepStrings<typeof importCheckEn> = {
  nothingValid: '没有可导入的行：请修改文件后重新选择。',
  errorsTitle: '有错误的行（将被跳过）',
  skippedTitle: '已跳过的行',
  deptUpdates: {
    title_one: '{{count}} 行将修改已有部门（共 {{rows}} 行对应已有部门）',
    title_other: '{{count}} 行将修改已有部门（共 {{rows}} 行对应已有部门）',
    which: '已有部门',
  },
  updates: {
    title_one: '{{count}} 行将修改已有员工',
    title_other: '{{count}} 行将修改已有员工',
    more: '仅列出前 {{shown}} 行有改动的数据。',
    who: '已有员工',
    changes: '修改前 → 修改后',
    empty: '（空）',
    all: '新增新行，并更新已有员工',
    newOnly_one: '仅新增新行（不导入 {{count}} 行更新）',
    newOnly_other: '仅新增新行（不导入 {{count}} 行更新）',
  },
  leftOut_one: '已保留 {{count}} 位已有员工不变（未导入其更新）',
  leftOut_other: '已保留 {{count}} 位已有员工不变（未导入其更新）',
};
