import { z } from 'zod';
import { defineCall } from '../call.js';
import { Role } from '../lookups.js';
import { LISTED_LEVELS, SCREENING_MODES } from '../screening/terms.js';

/**
 * The kiosk's offline copy of the watchlists (issue 42): a file of its own, apart from the lists' other calls, so the
 * kiosk's first load carries this one definition and not every schema of the blacklist console.
 */

/** One entry of the kiosk's offline copy: no name, phone or number, only its keys' digests (screening/offline.ts). */
const offlineEntry = z.object({
  bid: z.int32(),
  list: z.enum(['black', 'white']),
  level: z.enum(LISTED_LEVELS),
  known: z.boolean().describe('the entry knows the person by a phone or number'),
  keys: z.array(z.string()),
});

export const getScreeningCopy = defineCall({
  name: 'getScreeningCopy',
  area: 'blacklist',
  module: 'blacklist',
  summary:
    "The lists as a kiosk screens offline: each entry's keys as keyed digests under the company's kiosk key (`key`), no name, phone or number in clear; `unchanged` when the copy of `version` is still current",
  access: [Role.ADMIN, Role.SUBADMIN, Role.GATE, Role.MACHINE],
  feature: 'blacklist',
  input: z.object({ userid: z.int32().optional(), version: z.string().max(200).optional() }),
  output: z.object({
    version: z.string(),
    unchanged: z.boolean(),
    screening: z.boolean(),
    mode: z.enum(SCREENING_MODES),
    key: z.string(),
    entries: z.array(offlineEntry),
  }),
});

export const screeningCopyCalls = [getScreeningCopy] as const;
