import { z } from 'zod';
import { defineCall, defineDownload, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { zEmail, zPhone } from '../fieldSchemas.js';
import { type Label, LogModule, Role } from '../lookups.js';
import { zSmsCode } from './notifications.smsCodes.js';
import { agreementTexts } from './privacy.consent.js';
import { type PersonSource, personRecord, type RetentionKind, retentionRules } from './privacy.js';

/**
 * The visitor's own privacy page (issue 41, docs/modules/privacy.md): a person proves who they are with a one-time
 * code to their phone or e-mail and sees what the company holds about them, for how long and why, downloads it, asks
 * for its erasure, and withdraws their face. Nothing in an answer tells a stranger whether the company knows a phone
 * or an address: a code goes out only when something is held, and every answer is the same either way.
 */

/** The company's link to its privacy page: `<id>.<mac>`, so a guessed one opens nothing. */
export const zPrivacyLink = z
  .string()
  .trim()
  .regex(/^\d{1,9}\.[A-Za-z0-9_-]{16}$/, 'format');
/** A verified visitor's pass to their data: sealed by the server, for PRIVACY_PASS_MINUTES. */
export const zPrivacyPass = z
  .string()
  .trim()
  .regex(/^v1:[A-Za-z0-9_-]{40,600}$/, 'format');
export const PRIVACY_PASS_MINUTES = 30;
/** A refusal's reason, which the visitor reads. */
export const ERASURE_REASON_MAX = 500;

/** The sources a visitor sees of their own: lists kept for security stay with the company (GDPR art. 23, PIPL art. 18). */
export const VISITOR_SOURCES = ['visits', 'residents', 'logistics', 'papers', 'messages'] as const satisfies readonly PersonSource[];

/** Why the company keeps each kind, as the privacy page tells the visitor. */
export const retentionPurposes: Record<RetentionKind, Label> = {
  visitRecord: { zh: '记录谁在何时来访，用于安全和统计', en: 'Who visited when: for security and statistics' },
  photo: { zh: '前台和保安核对身份', en: 'So the desk and security can recognise you' },
  faceTemplate: { zh: '刷脸通行（仅在您同意后）', en: 'To open doors by your face (only with your consent)' },
  signature: { zh: '证明您签署了访客协议', en: 'Proof that you signed the visitor agreement' },
  idNumber: { zh: '核验身份和黑名单筛查', en: 'To check your identity and screen the watchlist' },
  contact: { zh: '发送邀请、通行证和到访通知', en: 'To send your invitation, pass and arrival notices' },
  customFields: { zh: '公司登记时要求的信息', en: 'What the company asked for at registration' },
  passRecords: { zh: '门禁通行记录，用于安全', en: 'Door passes: for security' },
  agreementPdf: { zh: '您签署的协议', en: 'The agreement you signed' },
  deliveryRecords: { zh: '证明消息已发送', en: 'Proof that messages were sent' },
};

/** A verified visitor's key: exactly one of phone and e-mail (the code went to it). */
const channelKey = {
  phone: zPhone.optional(),
  email: zEmail.optional(),
};
function oneChannel(v: { phone?: string | undefined; email?: string | undefined }, ctx: z.RefinementCtx) {
  if (!v.phone && !v.email) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'required' });
  if (v.phone && v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'oneOnly' });
}

export const privacyPage = defineCall({
  name: 'privacyPage',
  area: 'privacy',
  module: 'privacy',
  summary:
    "The company's privacy page as its link names it: the company's name and how a visitor can prove who they are (a code by SMS when the company sends SMS, by e-mail always). 39 for a link that is not one",
  access: 'public',
  statuses: [Status.INVALID_LINK],
  rate: 'public',
  input: z.object({ c: zPrivacyLink }),
  output: z.object({
    company: z.string(),
    lang: z.enum(['zh', 'en']),
    channels: z.object({ phone: z.boolean(), email: z.boolean() }),
    /** Days after which an erasure request is carried out if nobody at the company decided it; null: they decide. */
    erasureAutoDays: z.int32().nullable(),
    /** The company's privacy notice, its current version in each language: what it holds, why and for how long. */
    notice: agreementTexts,
  }),
});

export const sendPrivacyCode = defineCall({
  name: 'sendPrivacyCode',
  area: 'privacy',
  module: 'privacy',
  summary:
    'Send a 6-digit code to the phone or e-mail (exactly one) if the company holds anything about it, and answer the same either way: a stranger learns nothing. One code a minute and 5 an hour per address, silently. 39 for a bad link; 53 when a phone is given and the company sends no SMS',
  access: 'public',
  statuses: [Status.INVALID_LINK, Status.SMS_SWITCH_OFF],
  rate: 'recovery',
  input: z.object({ c: zPrivacyLink, ...channelKey, lang: z.enum(['zh', 'en']).default('en') }).superRefine(oneChannel),
  output: z.object({ expiresIn: z.int32(), resendIn: z.int32() }),
});

export const openPrivacyData = defineCall({
  name: 'openPrivacyData',
  area: 'privacy',
  module: 'privacy',
  summary: `Trade the code for a pass to the person's data (${PRIVACY_PASS_MINUTES} minutes). 145 for any failure (no code, wrong, expired, tried 5 times): the answer never says whether a code was sent`,
  access: 'public',
  statuses: [Status.INVALID_LINK, Status.SMS_CODE_WRONG],
  rate: 'signin',
  input: z.object({ c: zPrivacyLink, ...channelKey, code: zSmsCode }).superRefine(oneChannel),
  output: z.object({ pass: z.string(), expiresIn: z.int32() }),
});

export const erasureRequestState = z.enum(['pending', 'done', 'refused']);
export const erasureRequest = z.object({
  id: z.int32(),
  /** The phone or e-mail the person proved (masked once the request is carried out: nothing of them stays). */
  key: z.string(),
  state: erasureRequestState,
  requestedAt: epochMs,
  /** When it is carried out if nobody decides (null: only by a decision). */
  dueAt: epochMs.nullable(),
  decidedAt: epochMs.nullable(),
  /** Who decided: an administrator's name; '' when carried out automatically after the company's days. */
  decidedBy: z.string(),
  /** Why it was refused (shown to the person). */
  reason: z.string(),
});
export type ErasureRequest = z.infer<typeof erasureRequest>;

const passInput = z.object({ pass: zPrivacyPass });

export const myPrivacyData = defineCall({
  name: 'myPrivacyData',
  area: 'privacy',
  module: 'privacy',
  summary:
    'What the company holds about the verified person (their visits, resident entries, bookings, papers and messages), how long each kind is kept and why, their erasure request and their stored faces. 39 when the pass ended',
  access: 'public',
  statuses: [Status.INVALID_LINK],
  rate: 'public',
  input: passInput,
  output: z.object({
    company: z.string(),
    /** The phone or e-mail proved. */
    key: z.string(),
    records: z.array(personRecord),
    /** Days each kind is kept after the visit ends (the company's rules; a visitor type may keep less). */
    retention: retentionRules,
    request: erasureRequest.nullable(),
    /** Visits and entries holding a photo of their face. */
    faces: z.int32(),
    erasureAutoDays: z.int32().nullable(),
  }),
});

export const exportMyData = defineDownload({
  name: 'exportMyData',
  area: 'privacy',
  module: 'privacy',
  summary: "The verified person's own data as the administrator's export makes it (summary.html, data.json, files). 39 when the pass ended",
  access: 'public',
  statuses: [Status.INVALID_LINK],
  rate: 'public',
  contentType: 'application/zip',
  fileName: 'my-data',
  extension: 'zip',
  input: passInput.extend({ lang: z.enum(['zh', 'en']).default('en') }),
});

export const requestErasure = defineCall({
  name: 'requestErasure',
  area: 'privacy',
  module: 'privacy',
  summary:
    "The verified person asks for their data to be erased: the company's administrators are told, and decide, or it is carried out after the company's days. A second request while one is pending answers that one. 39 when the pass ended, 602 when nothing is held",
  access: 'public',
  statuses: [Status.INVALID_LINK, Status.NO_SUCH_RECORD],
  rate: 'public',
  input: passInput,
  output: erasureRequest,
});

export const withdrawFaceConsent = defineCall({
  name: 'withdrawFaceConsent',
  area: 'privacy',
  module: 'privacy',
  summary:
    'The verified person withdraws their face: every photo of their face the company holds goes now, and from face terminals as they confirm; their visits stay. 39 when the pass ended',
  access: 'public',
  statuses: [Status.INVALID_LINK],
  rate: 'public',
  input: passInput,
  output: z.object({ removed: z.int32(), facesPending: z.int32() }),
});

export const listErasureRequests = defineCall({
  name: 'listErasureRequests',
  area: 'privacy',
  module: 'privacy',
  summary: "Visitors' erasure requests, the pending first, with the company's days after which one is carried out unanswered",
  access: [Role.ADMIN],
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({ requests: z.array(erasureRequest), erasureAutoDays: z.int32().nullable(), link: z.string() }),
});

export const decideErasureRequest = defineCall({
  name: 'decideErasureRequest',
  area: 'privacy',
  module: 'privacy',
  summary:
    'Carry out a pending erasure request (as erasePerson, blacklist entries kept) or refuse it with a reason the person sees. 602 for no such pending request, 58 while the person is on site',
  access: [Role.ADMIN],
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z
    .object({
      userid: z.int32().optional(),
      id: z.int32().positive(),
      approve: z.boolean(),
      reason: z.string().trim().max(ERASURE_REASON_MAX, 'tooLong').default(''),
    })
    .superRefine((v, ctx) => {
      if (!v.approve && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }),
  output: erasureRequest,
});

export const setErasureAutoDays = defineCall({
  name: 'setErasureAutoDays',
  area: 'privacy',
  module: 'privacy',
  summary: 'After how many days an unanswered erasure request is carried out (1 to 90; null: only when an administrator decides)',
  access: [Role.ADMIN],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid: z.int32().optional(), days: z.int32().min(1).max(90).nullable() }),
  output: z.object({ erasureAutoDays: z.int32().nullable() }),
});

export const privacyVisitorCalls = [
  privacyPage,
  sendPrivacyCode,
  openPrivacyData,
  myPrivacyData,
  requestErasure,
  withdrawFaceConsent,
  listErasureRequests,
  decideErasureRequest,
  setErasureAutoDays,
] as const;
export const privacyVisitorDownloads = [exportMyData] as const;
