import { z } from 'zod';
import { defineCall, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';

/**
 * Personal data by construction (issue 41): how long each kind of a visitor's data is kept, per company and per
 * visitor type, and the daily sweep that removes it. Docs: docs/modules/privacy.md.
 */

/**
 * The kinds of a visitor's data a rule keeps. `visitRecord` is the visit itself: when it goes, the visit is anonymised
 * (its counts stay in the statistics, the person is gone) with every other kind, whatever their own rules say.
 */
export const RETENTION_KINDS = [
  'visitRecord',
  'photo',
  'faceTemplate',
  'signature',
  'idNumber',
  'contact',
  'customFields',
  'passRecords',
  'agreementPdf',
  'deliveryRecords',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** Days after the visit ends (signed out; for a visit that never started, its expected end); 0 removes it at sign-out. */
export const RETENTION_DAYS = { min: 0, max: 3650 } as const;

/** What a new company keeps (shown in the console until the administrator changes it). */
export const DEFAULT_RETENTION: Readonly<Record<RetentionKind, number>> = {
  visitRecord: 365,
  photo: 30,
  faceTemplate: 0,
  signature: 365,
  idNumber: 30,
  contact: 180,
  customFields: 180,
  passRecords: 365,
  agreementPdf: 365,
  deliveryRecords: 90,
};

export type RetentionFailure = 'required' | 'range' | 'longerThanRecord';

/** A rule's days: a whole number in range. */
export function checkRetentionDays(days: number | null | undefined): RetentionFailure | null {
  if (days === null || days === undefined || Number.isNaN(days)) return 'required';
  return Number.isInteger(days) && days >= RETENTION_DAYS.min && days <= RETENTION_DAYS.max ? null : 'range';
}

/** No kind outlives the visit record: it is removed with it, so a longer rule would promise what is not done. */
export function checkAgainstRecord(kind: RetentionKind, days: number, recordDays: number): RetentionFailure | null {
  return kind !== 'visitRecord' && days > recordDays ? 'longerThanRecord' : null;
}

const days = z.int32().min(RETENTION_DAYS.min).max(RETENTION_DAYS.max);
export const retentionRules = z.object(Object.fromEntries(RETENTION_KINDS.map((k) => [k, days])) as Record<RetentionKind, typeof days>);
export type RetentionRules = z.infer<typeof retentionRules>;
/** A visitor type's own rules: only the kinds it keeps differently (the others follow the company's). */
export const retentionOverrides = retentionRules.partial();
export type RetentionOverrides = z.infer<typeof retentionOverrides>;

const removedCounts = z.object(Object.fromEntries(RETENTION_KINDS.map((k) => [k, z.int32()])) as Record<RetentionKind, ReturnType<typeof z.int32>>);

export const retentionSweep = z.object({
  id: z.int32(),
  startedAt: epochMs,
  /** Null while it runs (or when it was interrupted and a later run finished its work). */
  finishedAt: epochMs.nullable(),
  /** 'daily' | 'manual' */
  trigger: z.enum(['daily', 'manual']),
  /** Visits whose data of each kind was removed (for passRecords and deliveryRecords: the records). */
  removed: removedCounts,
  /** Stored files removed (photos, signatures, PDFs, door snapshots). */
  files: z.int32(),
});
export type RetentionSweep = z.infer<typeof retentionSweep>;

export const getRetentionRules = defineCall({
  name: 'getRetentionRules',
  area: 'privacy',
  module: 'privacy',
  summary:
    "How long each kind of a visitor's data is kept: the company's rules (the defaults until changed) and each visitor type's own, with the last sweeps",
  access: [Role.ADMIN, Role.SUBADMIN],
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({
    company: retentionRules,
    /** Whether the company's rules are still the installation's defaults. */
    isDefault: z.boolean(),
    types: z.array(z.object({ tid: z.int32(), overrides: retentionOverrides })),
    sweeps: z.array(retentionSweep),
  }),
});

export const updateRetentionRules = defineCall({
  name: 'updateRetentionRules',
  area: 'privacy',
  module: 'privacy',
  summary:
    "Set the company's rules (every kind) or a visitor type's own (tid: the kinds it keeps differently; none left follows the company's). No kind may outlive the visit record (400 longerThanRecord on it); 602 for a visitor type the company has not",
  access: [Role.ADMIN],
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    tid: z.int32().positive().optional(),
    rules: retentionOverrides,
  }),
  output: z.object({ company: retentionRules, types: z.array(z.object({ tid: z.int32(), overrides: retentionOverrides })) }),
});

export const runRetentionSweep = defineCall({
  name: 'runRetentionSweep',
  area: 'privacy',
  module: 'privacy',
  summary:
    "Run the company's sweep now (after tightening a rule) instead of waiting for the night's: removes what the rules say is due and answers its report",
  access: [Role.ADMIN],
  log: { module: LogModule.VISITOR, event: 'delete' },
  input: z.object({ userid: z.int32().optional() }),
  output: retentionSweep,
});

export const privacyCalls = [getRetentionRules, updateRetentionRules, runRetentionSweep] as const;
