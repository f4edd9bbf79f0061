import type { DeepStrings } from '../../../locales/types';
import type { invitationsEn } from './en';

/** 访客邀请函页面的中文文本。 */
export const invitationsZh: DeepStrings<typeof invitationsEn> = {
  page: {
    title: '邀请函',
    loading: '正在打开邀请函…',
    invalidTitle: '该邀请链接无效',
    invalidText: '它可能已被新的邀请取代，请联系邀请您的人。',
    heading: '{{company}} 诚邀您来访',
    greeting: '尊敬的 {{name}}：',
    host: '被访人',
    time: '时间',
    gate: '入口',
    type: '来访类型',
    reason: '来访事由',
    status: '状态',
    pass: '您的通行码',
    passHelp: '请在 {{opens}} 至 {{closes}} 之间，在访客自助机上出示此二维码或输入签到码。',
    code: '签到码 {{code}}',
    noPass: '该邀请已无法用于签到。',
    accept: '接受',
    decline: '拒绝',
    declineConfirm: '确定拒绝此邀请吗？被访人会收到通知。',
    accepted: '感谢您的确认，期待您的到来。',
    declined: '您已拒绝此邀请。',
    terms: '访客须知',
    termsHelp: '签到时需在自助机上签署。',
  },
};
