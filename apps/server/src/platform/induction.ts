import type { ExamRequired, InductionPass, InductionState } from '@openvisit/contract';
import type { TenantScope } from './identity/tenancy.js';
import type { PersonKeys, PersonRecord } from './personData.js';

/** Who a visit's induction is for: the visitor type, the visit when there is one, and what a pass is matched on. */
export interface InductionPerson {
  tid: number | null;
  vid: number | null;
  phone: string;
  idNumber: string;
  email: string;
}

/**
 * The safety induction as the visit flows see it (walk-in, check-in, the invitation page, the visit's PDF). The
 * questionnaires module implements it and app.ts hands it in, since that module reads visits and so sits above them.
 */
export interface Induction {
  /**
   * Refuses with 69 (EXAM_REQUIRED, result `{ qid, tid, vid }`) when the company's switch is on, the visitor type
   * requires an enabled questionnaire and the person holds no pass of its current version that still counts.
   */
  require(scope: TenantScope, person: InductionPerson): Promise<void>;
  /** What `require` would refuse with, or null: for the doors, which answer in their own codes. */
  pending(scope: TenantScope, person: InductionPerson): Promise<ExamRequired | null>;
  /** What the invitation page shows: the questionnaire required and the pass held, or null when none is required. */
  state(scope: TenantScope, person: InductionPerson): Promise<InductionState | null>;
  /** The latest pass of the person for the visit's type, whatever the switch (the visit's PDF records it). */
  passOf(scope: TenantScope, person: InductionPerson): Promise<InductionPass | null>;
  /** How many days a pass of this questionnaire counts (0: the day it was passed), or null when the company has none such. */
  validityDays(scope: TenantScope, qid: number): Promise<number | null>;
  /** Whether the company has this questionnaire (what a logistics type may name for its drivers). */
  known(scope: TenantScope, qid: number): Promise<boolean>;
  /**
   * For a questionnaire named directly (a logistics type's, for its drivers): true when the company's switch is on,
   * it is enabled and the person holds no pass of its current version that still counts.
   */
  pendingOf(scope: TenantScope, qid: number, who: Pick<InductionPerson, 'phone' | 'idNumber' | 'email'>): Promise<boolean>;
  /** The papers these visits' visitors sat, without the person (the scores stay in the answer report); answers how many. */
  forgetVisits(scope: TenantScope, visitIds: readonly number[]): Promise<number>;
  /** A person's papers, whatever the visit (a privacy request's export and erasure). */
  papersOfPerson(scope: TenantScope, keys: PersonKeys): Promise<PersonRecord[]>;
  /** These papers without the person (the scores stay in the answer report). */
  forgetPapers(scope: TenantScope, paperIds: readonly number[]): Promise<void>;
}
