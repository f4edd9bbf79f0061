import { type Meeting, MeetingStatus, type Visit } from '@openvisit/contract';
import type { StubHandler } from './stubServer';

/** `/api/config` as a plain installation answers it: every component test's first call. */
export const configStub: StubHandler = () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: {} } });

/** A walk-in signed in now, as the visit calls answer it; `extra` changes what a test is about. */
export function sampleVisit(vid: number, extra: Partial<Visit> = {}): Visit {
  return {
    vid,
    kind: 'walkin',
    signinType: 0,
    status: 'signedIn',
    permission: 1,
    vname: `Visitor ${vid}`,
    vphone: '13800138000',
    vemail: '',
    vcompany: 'Acme',
    certificateType: '',
    cardId: '',
    vphoto: false,
    empid: 1,
    empName: 'Ada Host',
    empPhone: '',
    tid: null,
    visitType: '',
    visitReason: '',
    followers: [],
    peopleCount: 1,
    plateNum: '',
    belongings: '',
    temperature: null,
    extendCol: {},
    gid: null,
    signInGate: '',
    signOutGate: '',
    signInOpName: '',
    signOutOpName: '',
    cardNo: '',
    code: null,
    appointmentDate: null,
    visitdate: Date.now(),
    signOutDate: null,
    leaveTime: null,
    signPdf: false,
    lang: 'en',
    subaccountId: null,
    mid: null,
    createTime: Date.now(),
    ...extra,
  };
}

/** A meeting tomorrow that has not started, as the meeting calls answer it. */
export function sampleMeeting(mid: number, extra: Partial<Meeting> = {}): Meeting {
  const start = Date.now() + 24 * 3600_000;
  return {
    mid,
    subject: `Meeting ${mid}`,
    empid: 1,
    empName: 'Ada Host',
    startTime: start,
    endTime: start + 3600_000,
    address: 'Room 301',
    gid: null,
    gname: '',
    tid: null,
    visitType: '',
    remark: '',
    meetingStatus: MeetingStatus.NOT_STARTED,
    startedAt: null,
    endedAt: null,
    cancelledAt: null,
    visitorCount: 2,
    signedInCount: 0,
    createTime: Date.now(),
    ...extra,
  };
}
