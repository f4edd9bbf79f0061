import type { DeepStrings } from '../../../platform/locales/types';
import type { suppliersEn } from './en';

/** 供应商：供应商公司、通行统计、人员通行记录。 */
export const suppliersZh: DeepStrings<typeof suppliersEn> = {
  companies: {
    title: '供应商公司',
    add: '添加供应商公司',
    addTitle: '新建供应商公司',
    editTitle: '编辑 {{name}}',
    added: '已添加 {{name}}',
    updated: '已保存 {{name}}',
    deleted: '已删除 {{name}}',
    deleteConfirm: '删除 {{name}}？',
    taken: '已有同名的供应商公司',
    nameRequired: '请输入公司名称',
    empty: '暂无供应商公司',
    workers: '人员',
    accounts: '账号',
    actions: '操作',
    fields: { name: '名称', contact: '联系人', phone: '电话', remark: '备注' },
  },
  traffic: {
    title: '通行统计',
    period: '时间段',
    chart: '各供应商公司每日签到人次，共 {{total}} 人次',
    empty: '该时间段内无签到',
    company: '供应商公司',
    total: '签到人次',
  },
  records: {
    title: '通行记录',
    search: '姓名或手机号',
    company: '供应商公司',
    kind: '类型',
    kinds: { signIn: '前台签到', door: '门禁' },
    at: '时间',
    name: '姓名',
    place: '门岗或门禁',
    result: '结果',
    passed: '通过',
    refused: '拒绝',
    empty: '暂无通行记录',
  },
};
