import type { DeepStrings } from '../../../platform/locales/types';
import type { guideEn } from './en';

/** 引导向导（/guide…/guide5）的中文文本。 */
export const guideZh: DeepStrings<typeof guideEn> = {
  title: '企业初始设置',
  intro: '开始使用前请完善以下信息，之后可在账号设置中修改。',
  steps: {
    company: '企业备注',
    employees: '添加员工',
    registration: '登记内容',
    notice: '通知方式',
    pad: '访客机设置',
  },
  company: '企业名称',
  shortName: '企业简称',
  shortNameHelp: '选填，最多 6 个字，用于空间有限的地方（胸卡、访客邀请页）',
  username: '联系人',
  phone: '手机号',
  remark: '企业备注',
  remarkPlaceholder: '企业简介、访客来访须知等…',
  next: '保存并继续',
  finish: '保存并完成',
  done: '设置完成',
};
