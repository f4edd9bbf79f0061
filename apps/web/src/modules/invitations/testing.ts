import { companySettings, type InvitationTemplateRecord } from '@openvisit/contract';
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
