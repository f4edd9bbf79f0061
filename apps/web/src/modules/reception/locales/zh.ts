import type { DeepStrings } from '../../../locales/types';
import type { receptionEn } from './en';

export const receptionZh: DeepStrings<typeof receptionEn> = {
  title: '今日访客',
  intro: '每 30 秒自动刷新。',
  refresh: '刷新',
  lookup: '手机号或姓名',
  tabs: {
    walkin: '现场登记',
    appointment: '预约',
    invite: '邀请',
    onSite: '当前在场',
    signedOut: '已签出',
  },
  total_one: '共 {{count}} 位访客',
  total_other: '共 {{count}} 位访客',
  empty: '暂无访客',
  emptyLookup: '没有符合条件的访客',
  columns: {
    visitor: '访客',
    phone: '手机号',
    company: '单位',
    host: '被访人',
    status: '状态',
    time: '时间',
    actions: '操作',
  },
  actions: {
    checkIn: '签到',
    checkInConfirm: '为 {{name}} 签到？访客已同意访客须知。',
    signOut: '签出',
    signOutConfirm: '为 {{name}} 签出？',
    approve: '同意',
    reject: '拒绝',
    rejectConfirm: '拒绝 {{name}} 的来访？',
    badge: '胸卡',
    detail: '{{name}} 的详情',
  },
  done: {
    checkIn: '{{name}} 已签到',
    signOut: '{{name}} 已签出',
    approve: '已同意 {{name}} 的来访',
    reject: '已拒绝 {{name}} 的来访',
  },
  refused: '该访客无法在此签到，请联系安保人员。',
};
