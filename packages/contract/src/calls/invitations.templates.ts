import { z } from 'zod';
import { defineCall, epochMs, ok } from '../call.js';
import { Status } from '../errors.js';
import { InvitationTemplate, invitationTemplateLabels, LogModule, Role } from '../lookups.js';
import { toPlainText } from './registration.pad.js';

/**
 * Invitation templates (the original's qcv_appointment_usertemplate and _emptemplate): the texts an invitation is sent
 * with — the letter itself, address, how to get there, the company profile — in Chinese and English, per template type
 * (interview 0, business 1). A company has one default per type and optionally one per gate; an employee may keep
 * their own per type unless the company's `tempEditSwitch` is 1 (then only the company's templates apply).
 *
 * Texts are stored as plain text with line breaks (`toPlainText`: markup is reduced to its words), so nothing a
 * template holds can become markup in a mail or on the visitor's page.
 */
export const TEMPLATE_TYPES = [InvitationTemplate.INTERVIEW, InvitationTemplate.BUSINESS] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const zTemplateType = z.union([z.literal(0), z.literal(1)]);

/** Lengths in characters, after markup is reduced to plain text. */
export const TEMPLATE_LIMITS = { inviteContent: 5000, address: 200, traffic: 2000, companyProfile: 5000 } as const;
export type TemplateTextField = keyof typeof TEMPLATE_LIMITS;
export const TEMPLATE_TEXT_FIELDS = Object.keys(TEMPLATE_LIMITS) as TemplateTextField[];

/** `tempEditSwitch` values: 0 employees keep their own templates, 1 only the company's templates (employees may not edit). */
export const TempEdit = { EMPLOYEES_MAY_EDIT: 0, COMPANY_ONLY: 1 } as const;

const zText = (max: number) =>
  z
    .string()
    .max(max * 4, 'tooLong')
    .transform(toPlainText)
    .pipe(z.string().max(max, 'tooLong'));

const zCoordinate = (limit: number) => z.number().min(-limit, 'range').max(limit, 'range').nullable().default(null);

/** The texts of a template in both languages (the *En fields for visitors reading English), and the map position. */
const templateTexts = {
  inviteContent: zText(TEMPLATE_LIMITS.inviteContent).default(''),
  address: zText(TEMPLATE_LIMITS.address).default(''),
  traffic: zText(TEMPLATE_LIMITS.traffic).default(''),
  companyProfile: zText(TEMPLATE_LIMITS.companyProfile).default(''),
  inviteContentEn: zText(TEMPLATE_LIMITS.inviteContent).default(''),
  addressEn: zText(TEMPLATE_LIMITS.address).default(''),
  trafficEn: zText(TEMPLATE_LIMITS.traffic).default(''),
  companyProfileEn: zText(TEMPLATE_LIMITS.companyProfile).default(''),
  longitude: zCoordinate(180),
  latitude: zCoordinate(90),
};

/** A template's texts and map position as the calls take them; parsing `{}` gives the empty template. */
export const templateTextsInput = z.object(templateTexts);
export type TemplateTexts = z.output<typeof templateTextsInput>;
export const TEMPLATE_TEXT_KEYS = Object.keys(templateTexts) as (keyof TemplateTexts)[];

/** The failures of a template's texts as a whole: the letter in at least one language; both coordinates or neither. */
export function templateFailures(v: {
  inviteContent: string;
  inviteContentEn: string;
  longitude: number | null;
  latitude: number | null;
}): { field: string; rule: string }[] {
  const out: { field: string; rule: string }[] = [];
  if (!v.inviteContent.trim() && !v.inviteContentEn.trim()) out.push({ field: 'inviteContent', rule: 'required' });
  if ((v.longitude === null) !== (v.latitude === null)) out.push({ field: v.longitude === null ? 'longitude' : 'latitude', rule: 'pair' });
  return out;
}

function withTemplateRules<
  T extends z.ZodType<{ inviteContent: string; inviteContentEn: string; longitude: number | null; latitude: number | null }>,
>(schema: T) {
  return schema.superRefine((v, ctx) => {
    for (const f of templateFailures(v)) ctx.addIssue({ code: 'custom', path: [f.field], message: f.rule });
  });
}

export const invitationTemplate = z.object({
  id: z.int32(),
  templateType: zTemplateType,
  /** The gate a company template is for; null: the company's default for the type. Employees' templates have none. */
  gid: z.int32().nullable(),
  gname: z.string(),
  /** The employee who owns it; null for the company's templates. */
  empid: z.int32().nullable(),
  /** The sub-company whose template it is (qcv_appointment_satemplate); null for the head office's and employees'. */
  subaccountId: z.int32().nullable(),
  inviteContent: z.string(),
  address: z.string(),
  traffic: z.string(),
  companyProfile: z.string(),
  inviteContentEn: z.string(),
  addressEn: z.string(),
  trafficEn: z.string(),
  companyProfileEn: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  updateTime: epochMs,
});
export type InvitationTemplateRecord = z.infer<typeof invitationTemplate>;

/**
 * Who manages templates: the company's administrators its own, a sub-company's administrator its sub-company's (one per
 * type, no gate: the head office's templates are not its to read or change).
 */
export const TEMPLATE_MANAGERS = [Role.ADMIN, Role.SUBADMIN, Role.SUB_COMPANY] as const;
const userid = z.int32().optional();
const templateLog = (event: 'add' | 'update' | 'delete') => ({ module: LogModule.ACCOUNT, event }) as const;

export const getAllTemplateType = defineCall({
  name: 'GetAllTemplateType',
  area: 'invitations',
  module: 'invitations',
  summary: 'The invitation template types: 0 interview, 1 business, with their names in Chinese and English',
  access: [Role.ADMIN, Role.SUBADMIN, Role.EMPLOYEE, Role.SUB_COMPANY],
  input: z.object({ userid }),
  output: z.array(z.object({ templateType: zTemplateType, name: z.string(), nameEn: z.string() })),
});

/** The template types with their labels (GetAllTemplateType's answer). */
export function templateTypeList() {
  return TEMPLATE_TYPES.map((t) => ({ templateType: t, name: invitationTemplateLabels[t].zh, nameEn: invitationTemplateLabels[t].en }));
}

export const getUserTemplate = defineCall({
  name: 'getUsertemplate',
  area: 'invitations',
  module: 'invitations',
  summary:
    "The company's invitation templates, by type then gate (the default first); `templateType` narrows to one type, `gid` to one gate (null: the defaults only). A sub-company gets its own",
  access: TEMPLATE_MANAGERS,
  input: z.object({ userid, templateType: zTemplateType.optional(), gid: z.int32().positive().nullable().optional() }),
  output: z.array(invitationTemplate),
});

const companyTemplateInput = z.object({
  userid,
  templateType: zTemplateType,
  gid: z.int32().positive().nullable().default(null).describe('a gate of the company; null: the default for the type'),
  ...templateTexts,
});

export const addUserTemplate = defineCall({
  name: 'addUserTemplate',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Add a company template for a type and gate (or the default: no gate); 3 when that type and gate has one, 125 for an unknown gate (a sub-company adds its own, without a gate)',
  access: TEMPLATE_MANAGERS,
  statuses: [Status.TEMPLATE_NOT_FOUND],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'gid', [Status.GATE_NOT_FOUND]: 'gid' },
  log: templateLog('add'),
  input: withTemplateRules(companyTemplateInput),
  output: invitationTemplate,
});

export const updateUserTemplate = defineCall({
  name: 'updateUserTemplate',
  area: 'invitations',
  module: 'invitations',
  summary:
    'Change a company template (texts, type, gate); 59 when there is no such template (a sub-company: not its own), 3 when the type and gate are taken by another',
  access: TEMPLATE_MANAGERS,
  statuses: [Status.TEMPLATE_NOT_FOUND],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'gid', [Status.GATE_NOT_FOUND]: 'gid' },
  log: templateLog('update'),
  input: withTemplateRules(companyTemplateInput.extend({ id: z.int32().positive() })),
  output: invitationTemplate,
});

export const delUserTemplate = defineCall({
  name: 'delUsertemplate',
  area: 'invitations',
  module: 'invitations',
  summary: 'Delete a company template (invitations already sent keep their texts); 59 when there is no such template',
  access: TEMPLATE_MANAGERS,
  statuses: [Status.TEMPLATE_NOT_FOUND],
  log: templateLog('delete'),
  input: z.object({ userid, id: z.int32().positive() }),
  output: ok,
});

export const getEmpTemplateByType = defineCall({
  name: 'getEmptemplateByType',
  area: 'invitations',
  module: 'invitations',
  summary: "The signed-in employee's own template of a type (null when none) and whether the company lets employees edit theirs (`tempEditSwitch` 0)",
  access: [Role.EMPLOYEE],
  input: z.object({ userid, templateType: zTemplateType.default(0) }),
  output: z.object({ template: invitationTemplate.nullable(), editable: z.boolean() }),
});

export const addEmpTemplate = defineCall({
  name: 'addEmptemplate',
  area: 'invitations',
  module: 'invitations',
  summary: "Add or replace the signed-in employee's own template of a type; 610 when the company's tempEditSwitch keeps templates to the company",
  access: [Role.EMPLOYEE],
  statuses: [Status.TEMPLATE_NOT_FOUND],
  log: templateLog('update'),
  input: withTemplateRules(z.object({ userid, templateType: zTemplateType, ...templateTexts })),
  output: invitationTemplate,
});

export const delEmpTemplate = defineCall({
  name: 'delEmptemplate',
  area: 'invitations',
  module: 'invitations',
  summary:
    "Remove the signed-in employee's own template of a type, so the company's applies again; 59 when there is none, 610 when the company keeps templates to itself",
  access: [Role.EMPLOYEE],
  statuses: [Status.TEMPLATE_NOT_FOUND],
  log: templateLog('delete'),
  input: z.object({ userid, templateType: zTemplateType }),
  output: ok,
});

/** Where the template that applies came from. */
export const TEMPLATE_SOURCES = ['employee', 'subCompany', 'gate', 'company'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

export const getEmpTempByPost = defineCall({
  name: 'getEmptempByPost',
  area: 'invitations',
  module: 'invitations',
  summary:
    "The template an invitation of this type at this gate is sent with: the host's own (unless tempEditSwitch is 1), else the host's sub-company's, else the company's for the gate, else the company's default; 56 when there is none. An employee asks for themselves; administrators name the host (`empid`, optional; a sub-company one of its own)",
  access: [Role.EMPLOYEE, Role.ADMIN, Role.SUBADMIN, Role.SUB_COMPANY],
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.GATE_NOT_FOUND, Status.INVALID_EMPLOYEE, Status.NO_INVITE_TEMPLATE],
  input: z.object({
    userid,
    templateType: zTemplateType.default(0),
    gid: z.int32().positive().nullable().default(null),
    empid: z.int32().positive().optional(),
  }),
  output: invitationTemplate.extend({ source: z.enum(TEMPLATE_SOURCES) }),
});

/**
 * The console's own question behind the invite's "sent with" line: `getEmptempByPost`'s answer, null instead of 56 when
 * no template applies (the standard text is sent, which is no error to the inviter). The original's call keeps its 56.
 */
export const getInviteTemplate = defineCall({
  name: 'getInviteTemplate',
  area: 'invitations',
  module: 'invitations',
  summary:
    'The template an invitation of this type at this gate is sent with, as getEmptempByPost answers it, or null when none applies (the standard text is sent)',
  access: getEmpTempByPost.access,
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.GATE_NOT_FOUND, Status.INVALID_EMPLOYEE],
  input: getEmpTempByPost.input,
  output: z.object({ template: getEmpTempByPost.output.nullable() }),
});

export const templateCalls = [
  getAllTemplateType,
  getUserTemplate,
  addUserTemplate,
  updateUserTemplate,
  delUserTemplate,
  getEmpTemplateByType,
  addEmpTemplate,
  delEmpTemplate,
  getEmpTempByPost,
  getInviteTemplate,
] as const;
