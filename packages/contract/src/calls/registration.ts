import { z } from 'zod';
import { defineCall, ok } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';

/**
 * Registration settings (spec section 3 "visit types", reference 2.6 qcv_visitor_type / qcv_visitor_extend): visitor
 * types with their reasons, sub-types, days of validity and gates, and the fields of the registration form.
 * The rules below are shared by the server and the console forms.
 */

/** Who manages the registration settings. */
export const REGISTRATION_MANAGERS = [Role.ADMIN, Role.SUBADMIN] as const;
/** Who reads visitor types and fields: the managers, the desks and kiosks, HSE, and the people who invite visitors. */
export const REGISTRATION_READERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.MACHINE, Role.EMPLOYEE, Role.SUB_COMPANY] as const;

// ---------------------------------------------------------------------------------------------
// Bilingual labels: '中文#English' on the wire (the original's form), two parts in the forms
// ---------------------------------------------------------------------------------------------

export const LABEL_SEPARATOR = '#';
/** One language's part of a visitor type or field name. */
export const NAME_PART_MAX = 32;
/** One language's part of a reason, sub-type, option or placeholder. */
export const LABEL_PART_MAX = 64;

export type LabelFailure = 'required' | 'tooLong' | 'illegalChars' | 'bothNames';

const CONTROL = /\p{Cc}/u;

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * One language's part: not blank, at most `max` code points, no '#' (the separator) and no control characters;
 * names (`noComma`) also refuse commas, because employees list the visit types they receive comma-separated.
 */
export function checkLabelPart(s: string, opts: { max: number; noComma?: boolean }): Exclude<LabelFailure, 'bothNames'> | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (codePoints(v) > opts.max) return 'tooLong';
  if (v.includes(LABEL_SEPARATOR) || CONTROL.test(v)) return 'illegalChars';
  if (opts.noComma && /[,，]/.test(v)) return 'illegalChars';
  return null;
}

/** '中文#English' → both parts (trimmed); a label without '#' is the same in both languages. */
export function splitLabel(label: string): { zh: string; en: string } {
  const at = label.indexOf(LABEL_SEPARATOR);
  if (at < 0) return { zh: label.trim(), en: label.trim() };
  return { zh: label.slice(0, at).trim(), en: label.slice(at + 1).trim() };
}

/** The wire form: 'zh#en', or one name when both languages say the same (or English is left blank). */
export function joinLabel(zh: string, en: string): string {
  const [a, b] = [zh.trim(), en.trim()];
  return b === '' || a === b ? a : `${a}${LABEL_SEPARATOR}${b}`;
}

/** The part of a label for a language. */
export function labelIn(label: string, lang: 'zh' | 'en'): string {
  return splitLabel(label)[lang];
}

/** A visitor type or field name: both parts required ('bothNames' when one is missing). */
export function checkBilingualName(s: string): LabelFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  const parts = v.split(LABEL_SEPARATOR);
  if (parts.length !== 2 || parts.some((p) => p.trim() === '')) return parts.length > 2 ? 'illegalChars' : 'bothNames';
  for (const p of parts) {
    const failure = checkLabelPart(p, { max: NAME_PART_MAX, noComma: true });
    if (failure) return failure;
  }
  return null;
}

/** A reason, sub-type, option or placeholder: one name for both languages, or 'zh#en'. */
export function checkLabel(s: string): LabelFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  const parts = v.split(LABEL_SEPARATOR);
  if (parts.length > 2) return 'illegalChars';
  for (const p of parts) {
    const failure = checkLabelPart(p, { max: LABEL_PART_MAX });
    if (failure) return failure;
  }
  return null;
}

function refined(check: (s: string) => string | null) {
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const key = check(v);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    })
    .transform((v) => {
      const { zh, en } = splitLabel(v);
      return v.includes(LABEL_SEPARATOR) ? joinLabel(zh, en) : zh;
    });
}

export const zBilingualName = refined(checkBilingualName);
export const zLabel = refined(checkLabel);

// ---------------------------------------------------------------------------------------------
// Visitor types
// ---------------------------------------------------------------------------------------------

export const SUB_TYPES_MAX = 20;
export const REASONS_MAX = 30;
/** Days of validity of a visit (povDays): at least the day itself, at most the visit-days window of a year. */
export const POV_DAYS = { min: 1, max: 365 } as const;
export const VISITOR_TYPES_MAX = 100;

export const subVisitType = z.object({ name: zLabel, selected: z.boolean().default(false) });

/** Which fields a visitor type shows; `required` ones must be filled at registration. */
export const typeFieldSetting = z.object({ eid: z.int32().positive(), required: z.boolean().default(false) });

export const visitorType = z.object({
  tid: z.int32(),
  /** '中文#English'. */
  vType: z.string(),
  subTypes: z.array(z.object({ name: z.string(), selected: z.boolean() })),
  reasons: z.array(z.string()),
  povDays: z.int32(),
  /** Gates where the type is offered; empty: every gate. */
  gids: z.array(z.int32()),
  order: z.int32(),
  fields: z.array(z.object({ eid: z.int32(), required: z.boolean() })),
});
export type VisitorType = z.infer<typeof visitorType>;

function noRepeats<T>(key: (item: T) => string, field: string) {
  return (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const k = key(item).toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: field ? [i, field] : [i], message: 'duplicate' });
      seen.add(k);
    });
  };
}

const zSubTypes = z
  .array(subVisitType)
  .max(SUB_TYPES_MAX)
  .superRefine(noRepeats((s) => s.name, 'name'));
const zReasons = z
  .array(zLabel)
  .max(REASONS_MAX)
  .superRefine(noRepeats((s: string) => s, ''));
const zGids = z.array(z.int32().positive()).max(100);
const zTypeFields = z
  .array(typeFieldSetting)
  .max(200)
  .superRefine(noRepeats((f) => String(f.eid), 'eid'));

const userid = z.int32().optional();

export const getVisitorType = defineCall({
  name: 'getVisitorType',
  area: 'registration',
  module: 'registration',
  summary: "The company's visitor types in their order, each with its reasons, sub-types, gates and the fields it shows",
  access: REGISTRATION_READERS,
  input: z.object({ userid, gid: z.int32().positive().optional().describe('only the types offered at this gate') }),
  output: z.array(visitorType),
});

export const addVisitorType = defineCall({
  name: 'addVisitorType',
  area: 'registration',
  module: 'registration',
  summary:
    "Add a visitor type ('中文#English', both names required); 78 when either name is taken. Without `fields` it shows the usual standard fields",
  access: REGISTRATION_MANAGERS,
  fieldStatuses: { [Status.VISITOR_TYPE_EXISTS]: 'vType' },
  log: { module: LogModule.VISITOR, event: 'add' },
  input: z.object({
    userid,
    vType: zBilingualName,
    subTypes: zSubTypes.default([]),
    reasons: zReasons.default([]),
    povDays: z.int32().min(POV_DAYS.min).max(POV_DAYS.max).default(1),
    gids: zGids.default([]),
    fields: zTypeFields.optional(),
  }),
  output: visitorType,
});

export const updateVisitorType = defineCall({
  name: 'updateVisitorType',
  area: 'registration',
  module: 'registration',
  summary: 'Change a visitor type; only the fields given change (`fields` replaces the fields it shows); 78 when a name is taken',
  access: REGISTRATION_MANAGERS,
  statuses: [Status.VISITOR_TYPE_NOT_EXIST],
  fieldStatuses: { [Status.VISITOR_TYPE_EXISTS]: 'vType' },
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({
    userid,
    tid: z.int32().positive(),
    vType: zBilingualName.optional(),
    subTypes: zSubTypes.optional(),
    reasons: zReasons.optional(),
    povDays: z.int32().min(POV_DAYS.min).max(POV_DAYS.max).optional(),
    gids: zGids.optional(),
    fields: zTypeFields.optional(),
  }),
  output: visitorType,
});

export const delVisitorType = defineCall({
  name: 'delVisitorType',
  area: 'registration',
  module: 'registration',
  summary: 'Delete a visitor type; 58 while records refer to it',
  access: REGISTRATION_MANAGERS,
  statuses: [Status.UPDATE_NOT_ALLOWED, Status.VISITOR_TYPE_NOT_EXIST],
  log: { module: LogModule.VISITOR, event: 'delete' },
  input: z.object({ userid, tid: z.int32().positive() }),
  output: ok,
});

const zOrder = z
  .array(z.int32().positive())
  .min(1)
  .max(500)
  .superRefine(noRepeats((n: number) => String(n), ''));

export const sortVisitorType = defineCall({
  name: 'sortVisitorType',
  area: 'registration',
  module: 'registration',
  summary: 'Put the visitor types in this order (every type of the company, each once)',
  access: REGISTRATION_MANAGERS,
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid, tids: zOrder }),
  output: z.array(visitorType),
});

// ---------------------------------------------------------------------------------------------
// Visitor fields
// ---------------------------------------------------------------------------------------------

/** Custom field kinds; 'button' is the original's name for a choice among options. */
export const CUSTOM_INPUT_TYPES = ['text', 'date', 'button'] as const;
export type CustomInputType = (typeof CUSTOM_INPUT_TYPES)[number];
export const INPUT_TYPES = [...CUSTOM_INPUT_TYPES, 'standard'] as const;
export type InputType = (typeof INPUT_TYPES)[number];
export const FIELD_OPTIONS_MAX = 30;
export const CUSTOM_FIELDS_MAX = 50;
/** A custom field's key in a visit's `extendCol`: a letter, then letters, digits or '_'. */
export const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

/**
 * The standard fields of the registration form, named as the visit calls name them. Every company has them (they
 * cannot be deleted); `vname` is always shown and required. The defaults say what a new visitor type shows.
 */
export const STANDARD_FIELDS = [
  { fieldName: 'vname', zh: '姓名', en: 'Name', shown: true, required: true, locked: true },
  { fieldName: 'vphone', zh: '手机号', en: 'Phone', shown: true, required: true, locked: false },
  { fieldName: 'cardId', zh: '证件号码', en: 'Certificate number', shown: false, required: false, locked: false },
  { fieldName: 'vcompany', zh: '公司', en: 'Company', shown: true, required: false, locked: false },
  { fieldName: 'empid', zh: '被访人', en: 'Host', shown: true, required: true, locked: false },
  { fieldName: 'visitReason', zh: '来访事由', en: 'Visit reason', shown: true, required: false, locked: false },
  { fieldName: 'followers', zh: '随行人员', en: 'Followers', shown: false, required: false, locked: false },
  { fieldName: 'plateNum', zh: '车牌号', en: 'Plate number', shown: false, required: false, locked: false },
  { fieldName: 'belongings', zh: '携带物品', en: 'Belongings', shown: false, required: false, locked: false },
  { fieldName: 'temperature', zh: '体温', en: 'Temperature', shown: false, required: false, locked: false },
  { fieldName: 'vemail', zh: '邮箱', en: 'Email', shown: false, required: false, locked: false },
  { fieldName: 'photo', zh: '照片', en: 'Photo', shown: true, required: false, locked: false },
] as const;
export type StandardFieldName = (typeof STANDARD_FIELDS)[number]['fieldName'];
export const LOCKED_FIELD: StandardFieldName = 'vname';

export function isStandardFieldName(name: string): boolean {
  return STANDARD_FIELDS.some((f) => f.fieldName.toLowerCase() === name.toLowerCase());
}

export type FieldNameFailure = 'format' | 'reserved';
export function checkFieldName(s: string): FieldNameFailure | null {
  const v = s.trim();
  if (!FIELD_NAME_PATTERN.test(v)) return 'format';
  return isStandardFieldName(v) ? 'reserved' : null;
}

export const visitorField = z.object({
  eid: z.int32(),
  fieldName: z.string(),
  /** '中文#English'. */
  displayName: z.string(),
  inputType: z.enum(INPUT_TYPES),
  /** The options of a choice ('button'), each a label. */
  inputValue: z.array(z.string()),
  placeholder: z.string(),
  inputOrder: z.int32(),
  standard: z.boolean(),
  /** Always shown and required (the visitor's name). */
  locked: z.boolean(),
  /** The visitor types showing the field, and whether each requires it. */
  types: z.array(z.object({ tid: z.int32(), required: z.boolean() })),
});
export type VisitorField = z.infer<typeof visitorField>;

/** The options of a choice field: labels, each once (shared with logistics types' fields). */
export const zOptions = z
  .array(zLabel)
  .max(FIELD_OPTIONS_MAX)
  .superRefine(noRepeats((s: string) => s, ''));
const zFieldTypes = z
  .array(z.object({ tid: z.int32().positive(), required: z.boolean().default(false) }))
  .max(VISITOR_TYPES_MAX)
  .superRefine(noRepeats((t) => String(t.tid), 'tid'));
const zPlaceholder = z
  .string()
  .trim()
  .max(LABEL_PART_MAX * 2 + 1)
  .superRefine((v, ctx) => {
    const key = v === '' ? null : checkLabel(v);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/** A choice needs options; other kinds take none. */
export function optionsFit(v: { inputType?: string; inputValue?: string[] }, ctx: z.RefinementCtx) {
  if (v.inputType === 'button' && (v.inputValue?.length ?? 0) === 0) ctx.addIssue({ code: 'custom', path: ['inputValue'], message: 'required' });
}

export const getExtendVisitor = defineCall({
  name: 'GetExtendVisitor',
  area: 'registration',
  module: 'registration',
  summary: 'The fields of the registration form in their order (standard and custom); with `tid`, only those that type shows',
  access: REGISTRATION_READERS,
  statuses: [Status.VISITOR_TYPE_NOT_EXIST],
  input: z.object({ userid, tid: z.int32().positive().optional() }),
  output: z.array(visitorField),
});

export const addExtendVisitor = defineCall({
  name: 'addExtendVisitor',
  area: 'registration',
  module: 'registration',
  summary:
    'Add a custom field (text, date or a choice among options) at the end of the form, shown by the given visitor types; 3 when the key or a name is taken',
  access: REGISTRATION_MANAGERS,
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'displayName' },
  log: { module: LogModule.VISITOR, event: 'add' },
  input: z
    .object({
      userid,
      displayName: zBilingualName,
      fieldName: z
        .string()
        .trim()
        .superRefine((v, ctx) => {
          const key = checkFieldName(v);
          if (key) ctx.addIssue({ code: 'custom', message: key });
        })
        .optional()
        .describe('the key in a visit’s extendCol; made up when omitted'),
      inputType: z.enum(CUSTOM_INPUT_TYPES),
      inputValue: zOptions.default([]),
      placeholder: zPlaceholder.default(''),
      types: zFieldTypes.default([]),
    })
    .superRefine(optionsFit),
  output: visitorField,
});

export const updateExtendVisitor = defineCall({
  name: 'updateExtendVisitor',
  area: 'registration',
  module: 'registration',
  summary:
    'Change a field: names, options and placeholder of a custom field, the names of a standard one, and (`types`) which visitor types show and require it',
  access: REGISTRATION_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'displayName' },
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z
    .object({
      userid,
      eid: z.int32().positive(),
      displayName: zBilingualName.optional(),
      inputType: z.enum(CUSTOM_INPUT_TYPES).optional(),
      inputValue: zOptions.optional(),
      placeholder: zPlaceholder.optional(),
      types: zFieldTypes.optional(),
    })
    .superRefine(optionsFit),
  output: visitorField,
});

export const delExtendVisitor = defineCall({
  name: 'delExtendVisitor',
  area: 'registration',
  module: 'registration',
  summary: 'Delete a custom field (standard fields stay: 58); values already recorded in visits are kept',
  access: REGISTRATION_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'delete' },
  input: z.object({ userid, eid: z.int32().positive() }),
  output: ok,
});

export const sortExtendVisitor = defineCall({
  name: 'sortExtendVisitor',
  area: 'registration',
  module: 'registration',
  summary: 'Put the fields of the form in this order (every field of the company, each once); the order is shared by all types',
  access: REGISTRATION_MANAGERS,
  statuses: [Status.VISITOR_TYPE_NOT_EXIST],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid, eids: zOrder }),
  output: z.array(visitorField),
});

export const registrationCalls = [
  getVisitorType,
  addVisitorType,
  updateVisitorType,
  delVisitorType,
  sortVisitorType,
  getExtendVisitor,
  addExtendVisitor,
  updateExtendVisitor,
  delExtendVisitor,
  sortExtendVisitor,
] as const;
