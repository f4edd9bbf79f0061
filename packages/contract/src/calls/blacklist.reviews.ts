import { z } from 'zod';
import { coercedInt, defineCall, epochMs, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { screeningMatch } from './blacklist.js';

/**
 * The screening review queue (issue 42): a person whose screening found a possible match, or a match at review level,
 * waits here (the visit, resident sign-in or truck held) until security or an administrator allows or refuses them,
 * the matches and their reasons shown; every decision is logged.
 */

export const SCREENING_REVIEW_STATUSES = ['waiting', 'allowed', 'refused', 'withdrawn'] as const;
export type ScreeningReviewStatus = (typeof SCREENING_REVIEW_STATUSES)[number];
/** What was held: a visit (its registration or check-in), a resident visitor's sign-in, a truck's driver. */
export const SCREENING_SUBJECTS = ['visit', 'resident', 'truck'] as const;
export type ScreeningSubject = (typeof SCREENING_SUBJECTS)[number];
/** Where the person was screened. */
export const SCREENING_CHANNELS = ['kiosk', 'desk', 'checkIn', 'invitation', 'booking', 'door', 'resident', 'logistics', 'offline'] as const;
export type ScreeningChannel = (typeof SCREENING_CHANNELS)[number];
export const SCREENING_REVIEW_REMARK_MAX = 200;

const REVIEWERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE] as const;

export const screeningReview = z.object({
  id: z.int32(),
  subject: z.enum(SCREENING_SUBJECTS),
  subjectId: z.int32(),
  /** The visit held (0 for another subject). */
  vid: z.int32(),
  name: z.string(),
  phone: z.string(),
  channel: z.enum(SCREENING_CHANNELS),
  matches: z.array(screeningMatch),
  status: z.enum(SCREENING_REVIEW_STATUSES),
  createTime: epochMs,
  decidedBy: z.string(),
  decideTime: epochMs.nullable(),
  remark: z.string(),
});
export type ScreeningReview = z.infer<typeof screeningReview>;

export const getScreeningReviews = defineCall({
  name: 'getScreeningReviews',
  area: 'blacklist',
  module: 'blacklist',
  summary: 'The screening review queue: people held by a possible or review-level match, waiting first (or those decided), with the matches and why',
  access: REVIEWERS,
  feature: 'blacklist',
  input: z.object({
    ...pageInput,
    state: z.enum(['waiting', 'decided']).default('waiting'),
    name: z.string().trim().max(64).optional(),
  }),
  output: pageOf(screeningReview),
});

export const decideScreeningReview = defineCall({
  name: 'decideScreeningReview',
  area: 'blacklist',
  module: 'blacklist',
  summary:
    'Allow or refuse a person held for screening review: allowed, the visit goes on (through its approval policy, or signed in when held at check-in); refused, it is refused. A refusal needs a reason; a review already decided answers 58',
  access: REVIEWERS,
  feature: 'blacklist',
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.BLACKLIST, event: 'update' },
  input: z
    .object({
      id: z.int32().positive(),
      result: z.enum(['allow', 'refuse']),
      remark: z.string().trim().max(SCREENING_REVIEW_REMARK_MAX).default(''),
    })
    .refine((v) => v.result !== 'refuse' || v.remark, { message: 'required', path: ['remark'] }),
  output: screeningReview,
});

export const getVisitScreening = defineCall({
  name: 'getVisitScreening',
  area: 'blacklist',
  module: 'blacklist',
  summary:
    'Why screening held a visit: its review (the one waiting, else the latest decided) with the matches and their reasons; null when screening never held it (a visit the caller cannot see: 1117)',
  access: REVIEWERS,
  feature: 'blacklist',
  statuses: [Status.INVALID_VISITOR],
  input: z.object({ vid: coercedInt().positive() }),
  output: z.object({ review: screeningReview.nullable() }),
});

export const screeningReviewCalls = [getScreeningReviews, decideScreeningReview, getVisitScreening] as const;
