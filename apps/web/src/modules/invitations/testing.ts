import { companySettings, type Invitation, type InvitationTemplateRecord } from '@openvisit/contract';
import type { StubHandler } from '../../testing/stubServer';

/** Test helpers of the invitation screens. */

/** A template as the calls answer it; `extra` changes what a test is about. */
export function sampleTemplate(id: number, extra: Partial<InvitationTemplateRecord> = {}): InvitationTemplateRecord {
  return {
    id,
    templateType: 0,
    gid: null,
    gname: '',
    empid: null,
    subaccountId: null,
    inviteContent: '欢迎参加面试',
    address: '',
    traffic: '',
    companyProfile: '',
    inviteContentEn: 'Welcome to your interview.',
    addressEn: '',
    trafficEn: '',
    companyProfileEn: '',
    longitude: null,
    latitude: null,
    updateTime: Date.now(),
    ...extra,
  };
}

/** GetUserInfo of a company named Acme Ltd (short name Acme), settings at their defaults. */
export const userInfo: StubHandler = () => ({
  status: 0,
  result: { ...companySettings.parse({}), company: 'Acme Ltd', shortName: 'Acme', userid: 1 },
});

/** The invitation page's answer: invited for an hour from now, viewed, with a pass; `extra` changes what a test is about. */
export function sampleInvitation(extra: Partial<Invitation> = {}): Invitation {
  const at = Date.now() + 3600_000;
  return {
    company: 'Acme Holdings',
    shortName: 'Acme',
    vname: 'Ivy Guest',
    empName: 'Ada Host',
    appointmentDate: at,
    opensAt: at - 1800_000,
    closesAt: at + 1800_000,
    visitType: 'Business',
    visitTypeNames: { zh: '商务', en: 'Business' },
    visitReason: 'Audit',
    gate: 'East gate',
    status: 'viewed',
    induction: null,
    code: '12345678',
    pass: 'OV1-12345678-abcdefghijklmnop',
    passRefreshMs: null,
    canReply: true,
    permission: 1,
    lang: 'en',
    terms: 'Wear your badge.',
    templateType: 0,
    inviteContent: '',
    address: '',
    traffic: '',
    companyProfile: '',
    longitude: null,
    latitude: null,
    meeting: null,
    followers: [],
    followersMax: 20,
    hasPhoto: false,
    canSupplement: false,
    privacyPage: 'http://localhost/my-data?c=1.AAAAAAAAAAAAAAAA',
    faceConsent: {
      zh: { id: 11, version: 1, lang: 'zh', text: '人脸识别为自愿选择。' },
      en: { id: 12, version: 1, lang: 'en', text: 'Face recognition is your choice.' },
    },
    faceConsented: false,
    ...extra,
  };
}
