import { z } from 'zod';
import { defineCall, empty, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { reportPeriodFields } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';
import { checkReportPeriod } from '../period.js';
import { zLang } from './auth.js';

/**
 * A super (headquarters) account's figures of the companies it oversees (docs/modules/superAccounts.md). The companies are the
 * super account's own (its row, never the body); one not among them answers 602, as another company's ids do. Counting
 * is the reports' and visits' own: a visit counts on the day of its check-in (server time zone), "on site" is signed
 * in and not signed out.
 */
const companyFigures = z.object({
  userid: z.int32().describe('the company'),
  company: z.string(),
  today: z.int32().describe('visits that came today (checked in)'),
  onSite: z.int32().describe('signed in and not signed out now'),
  total: z.int32().describe('visits that came in the period'),
  days: z.array(z.object({ date: z.string(), count: z.int32() })).describe('every day of the period, zeros included'),
});
export type SuperCompanyFigures = z.infer<typeof companyFigures>;

const period = z.object({ userid: z.int32().optional(), ...reportPeriodFields });

export const getAllSuperAccountVCount = defineCall({
  name: 'getAllSuperAccountVCount',
  area: 'accounts',
  module: 'superAccounts',
  summary:
    "The super account's companies by name, each with its visits today, on site now and per day of the period (period rules as the reports': format, beforeStart, periodTooLong)",
  access: [Role.SUPER],
  input: period.superRefine(checkReportPeriod),
  output: z.object({ today: z.string().describe('yyyy-mm-dd, server time zone'), list: z.array(companyFigures) }),
});

export const getSupAccVCount = defineCall({
  name: 'getSupAccVCount',
  area: 'accounts',
  module: 'superAccounts',
  summary: "One of the super account's companies: its visits today, on site now and per day of the period (602 for a company not its own)",
  access: [Role.SUPER],
  statuses: [Status.NO_SUCH_RECORD],
  input: period.extend({ companyId: z.int32().positive() }).superRefine(checkReportPeriod),
  output: companyFigures.extend({ today: z.int32(), date: z.string().describe('today, yyyy-mm-dd') }),
});

/** How long a read-only look into a company lasts: it is a glance, not a working session. */
export const READ_ONLY_SESSION_HOURS = 1;

export const superAccountEnterCompany = defineCall({
  name: 'superAccountEnterCompany',
  area: 'accounts',
  module: 'superAccounts',
  summary:
    "A read-only session of one of the super account's companies (602 for a company not its own): its administrator's console that may only read; every write answers 610. The super account is the actor in that company's operation log",
  access: [Role.SUPER],
  statuses: [Status.NO_SUCH_RECORD, Status.ACCOUNT_DISABLED],
  log: { module: LogModule.LOGIN, event: 'login' },
  input: z.object({ userid: z.int32().optional(), companyId: z.int32().positive() }),
  output: z.object({
    token: z.string(),
    tokenExpire: epochMs,
    role: z.int32(),
    sType: z.int32(),
    userid: z.int32(),
    company: z.string(),
    account: z.string(),
    username: z.string(),
    readOnly: z.literal(true),
    lang: zLang.optional(),
  }),
});

export const superAccountLeaveCompany = defineCall({
  name: 'superAccountLeaveCompany',
  area: 'accounts',
  module: 'superAccounts',
  summary: "Ends a super account's read-only session of a company (610 for any other session); the super account's own session is untouched",
  access: [Role.ADMIN],
  log: { module: LogModule.LOGIN, event: 'logout' },
  input: empty,
  output: z.null(),
});

export const superAccountCalls = [getAllSuperAccountVCount, getSupAccVCount, superAccountEnterCompany, superAccountLeaveCompany] as const;
