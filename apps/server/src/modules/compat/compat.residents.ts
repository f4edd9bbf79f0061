import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { asObject, rowsOf, visits } from './compat.shared.js';

/** Residents and the ID-card scan (frontdesk-app.md §3f–g). */
export const residentDialect: DialectAdapters<DialectContext> = {
  ResidentVisitorSignIn: { response: visits },
  getVisitorSignOutByPhone: {
    call: 'SearchVisitByConditionPage',
    request: (raw) => ({ startIndex: 0, requestedCount: 100, ...asObject(raw), onSite: true }),
    response: rowsOf,
  },
};
