import * as c from '@openvisit/contract';
import type { Policy } from '../../platform/identity/policy.js';

const { APPLIED, LENT } = c.InterimCardStatus;

/** What may be done to a temporary card, and from which status: who may is each call's access (platform/identity/policy.ts). */
export const cardActions = {
  lend: { call: c.updateInterimCard, from: [APPLIED] },
  refuse: { call: c.refuseInterimCard, from: [APPLIED] },
  giveBack: { call: c.returnInterimCard, from: [LENT] },
} as const satisfies Policy;
