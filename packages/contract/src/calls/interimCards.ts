import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, pageInput, pageOf, XLSX_TYPE, zQueryBoolean } from '../call.js';
import { Status } from '../errors.js';
import { zCalendarDay, zPersonName, zPhone } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';

/** Temporary (interim) cards, `qcv_interimcard` of the original: statuses as the spec's section 4. */
export const InterimCardStatus = { APPLIED: 0, LENT: 1, RETURNED: 2, REFUSED: 3 } as const;
export type InterimCardStatus = (typeof InterimCardStatus)[keyof typeof InterimCardStatus];

/** Card numbers as the door readers report them: letters and digits (shared with the console's form). */
export const INTERIM_CARD_NO_PATTERN = /^[A-Za-z0-9]+$/;
export const INTERIM_CARD_NO_MAX = 32;
export const REFUSE_REASON_MAX = 50;
export const INTERIM_OFFICE_MAX = 64;
/** A due time a date column can hold: before 2100. */
const RETURN_DUE_MAX = Date.UTC(2100, 0, 1);

export const interimCard = z.object({
  cid: z.int32(),
  /** The employee the card is for; 0 for a visitor. */
  empid: z.int32(),
  name: z.string(),
  deptName: z.string(),
  empNo: z.string(),
  cardNo: z.string(),
  phone: z.string(),
  email: z.string(),
  office: z.string(),
  submitTime: epochMs,
  lendTime: epochMs.nullable(),
  /** When the card is due back: the given time, else the end of the day it was lent. */
  returnDue: epochMs.nullable(),
  returnTime: epochMs.nullable(),
  icStatus: z.int32(),
  refuseReason: z.string(),
  /** Lent, not returned, and past its due time (computed on read). */
  overdue: z.boolean(),
  /** What the caller may do to this card now (its status and the caller's calls): the console's row buttons. */
  can: z.object({ lend: z.boolean(), refuse: z.boolean(), giveBack: z.boolean() }),
});
export type InterimCard = z.infer<typeof interimCard>;

const userid = z.int32().optional();
const cid = z.int32().positive();
const status = z.int32().min(0).max(3);
const zText = (max: number) => z.string().trim().max(max);

/** The desk, administrators and the kiosk act on cards; HSE may read them; an employee applies and reads their own. */
const READERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.MACHINE, Role.EMPLOYEE] as const;
const APPLICANTS = [Role.ADMIN, Role.SUBADMIN, Role.GATE, Role.MACHINE, Role.EMPLOYEE] as const;
const DESK = [Role.ADMIN, Role.SUBADMIN, Role.GATE, Role.MACHINE] as const;
const EXPORTERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE] as const;

export const zInterimCardNo = z
  .string()
  .trim()
  .min(1)
  .max(INTERIM_CARD_NO_MAX)
  .regex(INTERIM_CARD_NO_PATTERN, 'format')
  .describe('the card number as the door readers report it');

export const addInterimCard = defineCall({
  name: 'addInterimCard',
  area: 'temp-cards',
  module: 'interimCards',
  summary:
    'Apply for a temporary card (status 0): an employee for themself; the desk for an employee (`empid`, 55 when not this company’s) or for a visitor (`name` and `phone`)',
  access: APPLICANTS,
  feature: 'tempCard',
  statuses: [Status.EMPLOYEE_NOT_EXIST, Status.INVALID_EMPLOYEE],
  log: { module: LogModule.TEMP_CARD, event: 'add' },
  input: z.object({
    userid,
    empid: z.int32().positive().optional().describe('the employee; ignored for an employee’s own session'),
    name: zPersonName.optional().describe('a visitor’s name (without empid)'),
    phone: zPhone.optional().describe('a visitor’s phone (without empid)'),
    office: zText(INTERIM_OFFICE_MAX).default(''),
  }),
  output: interimCard,
});

export const updateInterimCard = defineCall({
  name: 'updateInterimCard',
  area: 'temp-cards',
  module: 'interimCards',
  summary:
    'Lend the card of an application (0 → 1) with its number and an optional due time; 3 when that number is already lent, 58 when not applied',
  access: DESK,
  feature: 'tempCard',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'cardNo' },
  log: { module: LogModule.TEMP_CARD, event: 'update' },
  input: z.object({ userid, cid, cardNo: zInterimCardNo, returnDue: epochMs.positive().max(RETURN_DUE_MAX).optional() }),
  output: interimCard,
});

export const refuseInterimCard = defineCall({
  name: 'refuseInterimCard',
  area: 'temp-cards',
  module: 'interimCards',
  summary: 'Refuse an application (0 → 3) with a reason of at most 50 characters; 58 when not applied',
  access: DESK,
  feature: 'tempCard',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.TEMP_CARD, event: 'update' },
  input: z.object({ userid, cid, refuseReason: z.string().trim().min(1).max(REFUSE_REASON_MAX) }),
  output: interimCard,
});

export const returnInterimCard = defineCall({
  name: 'returnInterimCard',
  area: 'temp-cards',
  module: 'interimCards',
  summary: 'Record the return of a lent card (1 → 2); 58 when the card is not lent',
  access: DESK,
  feature: 'tempCard',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.TEMP_CARD, event: 'update' },
  input: z.object({ userid, cid }),
  output: interimCard,
});

/** The filters of the list and the export (reference 3.5), plus `overdue`. */
const listFilters = {
  startDate: zCalendarDay.optional().describe('submitted from this day'),
  endDate: zCalendarDay.optional().describe('submitted until this day'),
  empid: z.int32().positive().optional(),
  name: zText(50).optional().describe('name contains'),
  empNo: zText(32).optional(),
  cardNo: zText(INTERIM_CARD_NO_MAX).optional(),
  icStatus: status.optional(),
  icList: z.array(status).max(4).optional().describe('several statuses'),
  overdue: z.boolean().optional().describe('only lent cards past their due time'),
};

export const getInterimCard = defineCall({
  name: 'getInterimCard',
  area: 'temp-cards',
  module: 'interimCards',
  summary: 'A page of temporary cards, newest application first, by the filters of the original; an employee sees only their own',
  access: READERS,
  feature: 'tempCard',
  input: z.object({ userid, ...pageInput, ...listFilters }),
  output: pageOf(interimCard),
});

export const interimCardCalls = [addInterimCard, updateInterimCard, refuseInterimCard, returnInterimCard, getInterimCard] as const;

export const exportInterimCardList = defineDownload({
  name: 'ExportInterimCardList',
  area: 'temp-cards',
  module: 'interimCards',
  summary: 'The temporary cards matching the list filters as an xlsx workbook, streamed, in the chosen language',
  access: EXPORTERS,
  feature: 'tempCard',
  contentType: XLSX_TYPE,
  fileName: 'temporary-cards',
  extension: 'xlsx',
  log: { module: LogModule.TEMP_CARD, event: 'export' },
  input: z.object({
    ...listFilters,
    empid: coercedInt().positive().optional(),
    icStatus: coercedInt().min(0).max(3).optional(),
    icList: z
      .union([
        z.array(coercedInt().min(0).max(3)).max(4),
        z
          .string()
          .regex(/^[0-3](,[0-3]){0,3}$/, 'format')
          .transform((s) => s.split(',').map(Number)),
      ])
      .optional()
      .describe('statuses, comma-separated'),
    overdue: zQueryBoolean.optional(),
    lang: z.enum(['zh', 'en']).default('en'),
  }),
});
export const interimCardDownloads = [exportInterimCardList] as const;
