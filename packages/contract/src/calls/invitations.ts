import { z } from 'zod';
import { cappedPageOf, countedPageInput, defineCall, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { zEmail, zPersonName } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';
import { checkPhone, VISIT_DAYS_WINDOW } from '../validators.js';
import { zTemplateType } from './invitations.templates.js';
import { agreementTexts } from './privacy.consent.js';
import { inductionState } from './questionnaires.induction.js';
import { visit, visitFilters } from './visits.js';

/** Visitors in one invitation (a batch file goes through the batch invite). */
export const INVITEES_MAX = 50;
/** Visitors with an email who have not checked in get a reminder this many hours before the visit. */
export const INVITE_REMINDER_HOURS = 2;
/** An invitation for "now" made a little slowly is not in the past. */
export const INVITE_PAST_GRACE_MS = 10 * 60_000;

const zText = (max: number) => z.string().trim().max(max);

/** At least one of phone or email (spec section 5), each valid when given. */
export const invitee = z
  .object({
    name: zPersonName,
    phone: z.string().trim().max(32).default(''),
    email: zEmail.or(z.literal('')).default(''),
    company: zText(100).default(''),
    lang: z.enum(['zh', 'en']).default('zh').describe('the language of the invitation and of the visitor’s PDF'),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phoneOrEmail' });
    const phone = v.phone ? checkPhone(v.phone) : null;
    if (phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: phone });
  });

/** Why an expected time is refused: before now, or past the visit-days window. */
export function appointmentWindowFailure(at: number, now: number): 'past' | 'tooFar' | null {
  if (at < now - INVITE_PAST_GRACE_MS) return 'past';
  if (at > now + VISIT_DAYS_WINDOW * 86_400_000) return 'tooFar';
  return null;
}

export const addAppointment = defineCall({
  name: 'addAppointment',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Invite one or more visitors: an employee invites as the host (116 when the company has not opened invitations to employees or the employee may not invite); administrators name the host (55, 1119); a sub-company names one of its own employees, under the same rules as an employee inviting (116). Each visitor gets an 8-digit code to check in with at the kiosk; 112 when the same phone is already invited that day; 66 when watchlist screening refuses a visitor, naming every one refused (result.refused: their place in visitors and name), a visitor it only holds waiting for review',
  access: [Role.EMPLOYEE, Role.ADMIN, Role.SUBADMIN, Role.SUB_COMPANY],
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.GATE_NOT_FOUND, Status.INVALID_EMPLOYEE, Status.VISITOR_TYPE_NOT_EXIST, Status.BLACKLISTED],
  fieldStatuses: { [Status.SAME_PHONE_APPOINTMENT]: 'visitors', [Status.INVITE_FEATURE_OFF]: null },
  log: { module: LogModule.VISITOR, event: 'add' },
  input: z
    .object({
      userid: z.int32().optional(),
      empid: z.int32().positive().optional().describe('the host; required for administrators, ignored for employees (themselves)'),
      visitors: z.array(invitee).min(1).max(INVITEES_MAX),
      appointmentDate: epochMs.describe('expected arrival'),
      tid: z.int32().positive().nullable().default(null).describe('visitor type of this company'),
      visitType: zText(100).default(''),
      visitReason: zText(200).default(''),
      gid: z.int32().positive().nullable().default(null).describe('the gate to come to'),
      templateType: zTemplateType
        .default(0)
        .describe(
          'the invitation template (0 interview, 1 business): the host’s own, else the company’s for the gate, else its default; without one the standard text is sent',
        ),
    })
    .superRefine((v, ctx) => {
      const rule = appointmentWindowFailure(v.appointmentDate, Date.now());
      if (rule) ctx.addIssue({ code: 'custom', path: ['appointmentDate'], message: rule });
      const seen = new Set<string>();
      v.visitors.forEach((p, i) => {
        const key = p.phone.replace(/\D/g, '').slice(-11);
        if (key && seen.has(key)) ctx.addIssue({ code: 'custom', path: ['visitors', i, 'phone'], message: 'duplicate' });
        if (key) seen.add(key);
      });
    }),
  output: z.array(visit.extend({ inviteLink: z.string().describe('the visitor’s invitation page (to send or share); a new link replaces it') })),
});

export const getInviteAccess = defineCall({
  name: 'getInviteAccess',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Whether the signed-in employee may invite visitors now (the company has opened invitations to employees and their own record allows it) and, when not, why and whom to ask: the company administrator, so the portal says so before its form',
  access: [Role.EMPLOYEE],
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.INVALID_EMPLOYEE],
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({
    canInvite: z.boolean(),
    reason: z
      .enum(['companyOff', 'subCompanyOff', 'forbidden'])
      .nullable()
      .describe(
        'companyOff: the company switch is off; subCompanyOff: the head office has not given the employee’s sub-company invitations (vaPerm 1); forbidden: this employee may not invite',
      ),
    admin: z.object({ name: z.string(), email: z.string(), phone: z.string() }).describe('whom to ask'),
  }),
});

/** The token of an invitation link (`/invite?token=…`): 32 random bytes, base64url. */
export const INVITE_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const secid = z.string().trim().regex(INVITE_TOKEN, 'format');

/** What the visitor's invitation page shows: the visit as the visitor may see it (no other visitor, no host phone). */
export const invitation = z.object({
  company: z.string(),
  shortName: z.string(),
  vname: z.string(),
  empName: z.string(),
  appointmentDate: epochMs.nullable(),
  /** The check-in window at the kiosk (the expected time widened by the company's extend times). */
  opensAt: epochMs.nullable(),
  closesAt: epochMs.nullable(),
  /** The visit type in the visitor's language (`visitTypeNames`: in each, for the page's language). */
  visitType: z.string(),
  visitTypeNames: z.object({ zh: z.string(), en: z.string() }),
  visitReason: z.string(),
  gate: z.string(),
  status: visit.shape.status,
  /** The check-in code to type at the kiosk, only while the invitation can still be used there. */
  code: z.string().nullable(),
  /**
   * The QR pass (the code signed by the server): for the kiosk while `code` is there, and for the doors until the
   * visitor leaves. Where the company rotates its codes it is good for `passRefreshMs` only: the page fetches a new one.
   * In the original product's format where the company switched original clients compatibility on.
   */
  pass: z.string().nullable(),
  passRefreshMs: z.int32().nullable(),
  /** 0 waiting for the company's approvers (the code checks in only once they agree), 1 authorised, 2 refused by them. */
  permission: z.int32(),
  /** The visitor may still accept or decline. */
  canReply: z.boolean(),
  lang: z.enum(['zh', 'en']),
  /** The company's visitor terms in the visitor's language (read before coming; signed at the kiosk). */
  terms: z.string(),
  /** The template's texts in the visitor's language as they were when the invitation was sent (plain text, line breaks kept). */
  templateType: zTemplateType,
  inviteContent: z.string(),
  address: z.string(),
  traffic: z.string(),
  companyProfile: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  /** The meeting the visitor is invited to (its window is the check-in window), else null. */
  meeting: z.object({ subject: z.string(), address: z.string(), startTime: epochMs, endTime: epochMs }).nullable(),
  /** The safety induction the visit's type requires (null: none, or the company's switch is off). */
  induction: inductionState.nullable(),
  /** People coming with the visitor, as the visitor gave them on this page. */
  followers: z.array(z.object({ name: z.string(), phone: z.string() })),
  /** How many companions the page takes. */
  followersMax: z.int32(),
  /** A face photo was uploaded from this page (or taken before). */
  hasPhoto: z.boolean(),
  /** Companions and the photo may be given: accepted (or in approval) and the check-in window not closed. */
  canSupplement: z.boolean(),
  /** The company's privacy page, where the visitor sees what is held about them, downloads it or asks to erase it. */
  privacyPage: z.string(),
  /** The consent to face recognition the page asks before a photo is uploaded, in each language. */
  faceConsent: agreementTexts,
  /** The visitor consented (and has not withdrawn): the photo may go to the face terminals. */
  faceConsented: z.boolean(),
});
export type Invitation = z.infer<typeof invitation>;

export const getInvitation = defineCall({
  name: 'getAppointmentbySecId',
  area: 'invitations',
  module: 'invitations',
  summary: 'The visitor’s invitation page, by the token of its link (1117 for an unknown or replaced link)',
  access: 'public',
  statuses: [Status.INVALID_VISITOR],
  rate: 'public',
  input: z.object({ secid }),
  output: invitation,
});

export const previewInvitation = defineCall({
  name: 'updateAppPreview',
  area: 'invitations',
  module: 'invitations',
  summary: 'The visitor opened the invitation: a sent invitation becomes viewed (nothing changes otherwise); answers the page',
  access: 'public',
  statuses: [Status.INVALID_VISITOR, Status.UPDATE_NOT_ALLOWED],
  rate: 'public',
  input: z.object({ secid }),
  output: invitation,
});

export const replyInvitation = defineCall({
  name: 'updateAppointmentReply',
  area: 'invitations',
  module: 'invitations',
  summary:
    'The visitor accepts (status 3) or declines (4) the invitation from its page; 58 once it can no longer be answered (checked in, cancelled, expired, already declined)',
  access: 'public',
  statuses: [Status.INVALID_VISITOR, Status.UPDATE_NOT_ALLOWED],
  rate: 'public',
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ id: secid, status: z.union([z.literal(3), z.literal(4)]) }),
  output: invitation,
});

/** Who sees which invitations: employees their own, a sub-company its employees', the company's managers and desks all of them. */
export const INVITE_READERS = [Role.EMPLOYEE, Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.SUB_COMPANY] as const;

/** An invitation in the inviter's lists, with what the caller may do to it now (the console's row buttons). */
export const invitationRow = visit.extend({ can: z.object({ resend: z.boolean(), cancel: z.boolean() }) });
export type InvitationRow = z.infer<typeof invitationRow>;

export const searchInvites = defineCall({
  name: 'searchInviteByCondition',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Invitations matching the filters, newest first, paged: an employee’s own, a sub-company’s (to its employees), or all of the company’s for its managers and desks',
  access: INVITE_READERS,
  input: z.object({
    userid: z.int32().optional(),
    ...countedPageInput,
    date: visitFilters.date,
    endDate: visitFilters.endDate,
    name: visitFilters.name,
    phone: visitFilters.phone,
    status: visitFilters.status,
  }),
  output: cappedPageOf(invitationRow),
});

export const cancelInvite = defineCall({
  name: 'setCancelStatusForWeb',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Call off an invitation before the visitor checks in (it ends; invite again to send a new one): employees their own, a sub-company its employees’, administrators any of the company’s; 58 once checked in or ended, 1117 for another’s',
  access: [Role.EMPLOYEE, Role.ADMIN, Role.SUBADMIN, Role.SUB_COMPANY],
  statuses: [Status.INVALID_VISITOR, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid: z.int32().optional(), vid: z.int32().positive() }),
  output: visit,
});

export const invitationCalls = [
  addAppointment,
  getInviteAccess,
  getInvitation,
  previewInvitation,
  replyInvitation,
  searchInvites,
  cancelInvite,
] as const;
