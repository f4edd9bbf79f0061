import {
  addBlacklist,
  addWhitelist,
  blacklistPhoto,
  delBlacklist,
  delBlacklistPhoto,
  delWhitelist,
  delWhitelistPhoto,
  exportBlacklist,
  exportWhitelist,
  type FeatureFlag,
  getBlacklist,
  getWhitelist,
  updateBlacklist,
  updateWhitelist,
  uploadBlacklistPhoto,
  uploadWhitelistPhoto,
  whitelistPhoto,
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
    uploadPhoto: uploadBlacklistPhoto,
    delPhoto: delBlacklistPhoto,
    photo: blacklistPhoto,
    feature: 'blacklist' as FeatureFlag | undefined,
  },
  white: {
    get: getWhitelist,
    add: addWhitelist,
    update: updateWhitelist,
    del: delWhitelist,
    export: exportWhitelist,
    uploadPhoto: uploadWhitelistPhoto,
    delPhoto: delWhitelistPhoto,
    photo: whitelistPhoto,
    feature: undefined as FeatureFlag | undefined,
  },
} as const;
