import {
  addBlacklist,
  addWhitelist,
  delBlacklist,
  delWhitelist,
  exportBlacklist,
  exportWhitelist,
  type FeatureFlag,
  getBlacklist,
  getWhitelist,
  updateBlacklist,
  updateWhitelist,
} from '@openvisit/contract';

/** The two lists share one table on the server and one set of screens here. */
export type ListKind = 'black' | 'white';

/** The contract calls and the section switch of each list. */
export const LIST_CALLS = {
  black: {
    get: getBlacklist,
    add: addBlacklist,
    update: updateBlacklist,
    del: delBlacklist,
    export: exportBlacklist,
    feature: 'blacklist' as FeatureFlag | undefined,
  },
  white: {
    get: getWhitelist,
    add: addWhitelist,
    update: updateWhitelist,
    del: delWhitelist,
    export: exportWhitelist,
    feature: undefined as FeatureFlag | undefined,
  },
} as const;
