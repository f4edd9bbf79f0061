import * as c from '@openvisit/contract';
import type { Policy } from '../../platform/identity/policy.js';

/** A level's decision as the caller finds it: its status, whether its visit is over, whether the caller approves at it. */
export interface LevelState {
  readonly status: number;
  readonly visitClosed: boolean;
  readonly approver: boolean;
}

export const PENDING = 0;

/** Deciding a level: a pending one whose visit still waits, by an approver of that level (681 otherwise). */
const decision = {
  call: c.completeProcessRecord,
  from: [PENDING],
  when: (r: LevelState) => !r.visitClosed,
  by: (r: LevelState) => r.approver,
} as const;

/** What may be done to a waiting level: the queue's three buttons, one call with three results. */
export const levelActions = { approve: decision, refuse: decision, return: decision } as const satisfies Policy<LevelState>;
