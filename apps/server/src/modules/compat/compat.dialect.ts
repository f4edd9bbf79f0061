import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { buildingDialect } from './compat.building.js';
import { cardDialect } from './compat.cards.js';
import { loginDialect } from './compat.login.js';
import { logisticsDialect } from './compat.logistics.js';
import { residentDialect } from './compat.residents.js';
import { visitDialect } from './compat.visits.js';
import { walkInDialect } from './compat.walkIn.js';

/**
 * What the original's clients send and read, call by call (docs/original-clients.md, the front-desk app's journeys in
 * ../shared/reference/frontdesk-app.md). The transport itself (token forms, ids as strings, the placeholder userid,
 * paging) is the platform's (platform/http/dialect.ts); here is what only some calls need, and the original's names for
 * our calls, one file per journey of the front-desk app.
 */
export const originalDialect: DialectAdapters<DialectContext> = {
  ...loginDialect,
  ...visitDialect,
  ...walkInDialect,
  ...buildingDialect,
  ...residentDialect,
  ...logisticsDialect,
  ...cardDialect,
};
