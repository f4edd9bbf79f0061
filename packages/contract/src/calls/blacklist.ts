import { z } from 'zod';
import { coercedInt, defineCall, defineDownload, epochMs, ok, pageInput, pageOf, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { zPersonName } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';
import { LISTED_LEVELS, MATCH_RULES, MATCH_STRENGTHS, SCREENING_DECISIONS, SCREENING_MODES } from '../screening/terms.js';
import { checkBirthDate, checkIdNumber, checkPhone, isMaskedIdNumber } from '../validators.js';
import { FACE_IMAGE_EXTENSIONS, FACE_UPLOAD_MAX_BYTES } from './employees.faces.js';

/**
 * A watchlist entry: a name with its aliases, phones and certificate numbers (masked: only their keyed hash is kept),
 * a date of birth, the reason (`remark`), a level and an expiry. `phone` and `credentialNo` are the first of each, as
 * the original's entry had one.
 */
export const listedPerson = z.object({
  bid: z.int32(),
  name: z.string(),
  aliases: z.array(z.string()),
  phone: z.string(),
  phones: z.array(z.string()),
  credentialNo: z.string(),
  credentialNos: z.array(z.string()),
  birthDate: z.string(),
  /** Why the person is listed. */
  remark: z.string(),
  level: z.enum(LISTED_LEVELS),
  /** When the entry stops matching (null: never). */
  expireTime: epochMs.nullable(),
  expired: z.boolean(),
  /** The stored photo's key ('' without one; a new photo, a new key): fetched with BlacklistPhoto or WhitelistPhoto. */
  photo: z.string(),
  /** Who added the entry. */
  sname: z.string(),
  createTime: epochMs,
});
export type ListedPerson = z.infer<typeof listedPerson>;

/** Why a person matched an entry: which name (0 the name, n alias n) and the rules that bridged them. */
export const matchReason = z.object({ alias: z.int32().optional(), rules: z.array(z.enum(MATCH_RULES)) });

/** One entry a person matched: how strongly, why (also as a sentence in both languages), and what it does. */
export const screeningMatch = z.object({
  bid: z.int32(),
  list: z.enum(['black', 'white']),
  name: z.string(),
  level: z.enum(LISTED_LEVELS),
  /** The entry's photo key as it is now ('' without one), for the reviewer to compare faces. */
  photo: z.string(),
  strength: z.enum(MATCH_STRENGTHS),
  reason: matchReason,
  reasonText: z.object({ zh: z.string(), en: z.string() }),
});
export type ScreeningMatch = z.infer<typeof screeningMatch>;

/** Certificate numbers: letters and digits (shared with the console's form); 18 characters are checked as an ID card. */
export const CREDENTIAL_PATTERN = /^[A-Za-z0-9]*$/;
export const CREDENTIAL_MAX = 32;
export const LISTED_PHONE_MAX = 32;
export const LISTED_REMARK_MAX = 200;
export const LISTED_ALIASES_MAX = 20;
/** Phones and certificate numbers per entry. */
export const LISTED_IDENTIFIERS_MAX = 10;

const READERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.MACHINE] as const;
const WRITERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE] as const;

/** In an update, a masked number (as the entry shows it) stands for the one held. */
const CREDENTIAL_OR_MASK = /^[A-Za-z0-9*]*$/;
const zCredentialNo = (kept: boolean) =>
  z
    .string()
    .trim()
    .max(CREDENTIAL_MAX)
    .regex(kept ? CREDENTIAL_OR_MASK : CREDENTIAL_PATTERN, 'format')
    .describe('ID card, passport or other certificate number');
const zBirthDate = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const failure = checkBirthDate(v);
    if (failure) ctx.addIssue({ code: 'custom', message: failure });
  })
  .describe('YYYY-MM-DD');

/** An entry as written: a name alone is enough; each phone and number is checked. */
const personFields = (kept: boolean) => ({
  name: zPersonName,
  aliases: z.array(zPersonName).max(LISTED_ALIASES_MAX).default([]),
  phone: z.string().trim().max(LISTED_PHONE_MAX).default(''),
  phones: z.array(z.string().trim().min(1).max(LISTED_PHONE_MAX)).max(LISTED_IDENTIFIERS_MAX).default([]).describe('phones beside `phone`'),
  credentialNo: zCredentialNo(kept).default(''),
  credentialNos: z.array(zCredentialNo(kept).min(1)).max(LISTED_IDENTIFIERS_MAX).default([]).describe('numbers beside `credentialNo`'),
  birthDate: zBirthDate.default(''),
  remark: z.string().trim().max(LISTED_REMARK_MAX).default('').describe('why the person is listed'),
  level: z.enum(LISTED_LEVELS).default('refuse'),
  expireTime: epochMs.nullable().default(null),
});

type Path = (string | number)[];
function refinePerson(v: { phone: string; phones: string[]; credentialNo: string; credentialNos: string[] }, ctx: z.RefinementCtx) {
  const phones: [string, Path][] = [[v.phone, ['phone']], ...v.phones.map((p, i): [string, Path] => [p, ['phones', i]])];
  for (const [p, path] of phones) {
    const failure = p ? checkPhone(p) : null;
    if (failure) ctx.addIssue({ code: 'custom', path, message: failure });
  }
  const numbers: [string, Path][] = [[v.credentialNo, ['credentialNo']], ...v.credentialNos.map((n, i): [string, Path] => [n, ['credentialNos', i]])];
  // An 18-character number is taken for a mainland ID card and checked as one.
  for (const [n, path] of numbers) {
    const failure = n.length === 18 && !isMaskedIdNumber(n) ? checkIdNumber(n) : null;
    if (failure) ctx.addIssue({ code: 'custom', path, message: failure });
  }
}

const personInput = z.object({ userid: z.int32().optional(), ...personFields(false) }).superRefine(refinePerson);
const personUpdate = z.object({ userid: z.int32().optional(), bid: z.int32().positive(), ...personFields(true) }).superRefine(refinePerson);

const listQuery = z.object({ userid: z.int32().optional(), ...pageInput, name: z.string().trim().max(64).optional() });
const checkQuery = z
  .object({
    userid: z.int32().optional(),
    name: zPersonName.optional(),
    phone: z.string().trim().max(32).optional(),
    credentialNo: z.string().trim().max(32).optional(),
    birthDate: zBirthDate.optional(),
    mode: z.enum(SCREENING_MODES).optional().describe("the company's mode unless given (an administrator trying a name)"),
  })
  .refine((v) => v.name || v.phone || v.credentialNo, { message: 'nameOrPhoneOrId', path: ['name'] });

function listCalls(kind: 'black' | 'white') {
  const Name = kind === 'black' ? 'Blacklist' : 'Whitelist';
  const lower = kind === 'black' ? 'blacklist' : 'whitelist';
  return {
    get: defineCall({
      name: `get${Name}`,
      area: 'blacklist',
      module: 'blacklist',
      summary: `The company ${lower}, newest first, searchable by name, phone or certificate number`,
      access: READERS,
      feature: kind === 'black' ? 'blacklist' : undefined,
      input: listQuery,
      output: pageOf(listedPerson),
    }),
    add: defineCall({
      name: `add${Name}`,
      area: 'blacklist',
      module: 'blacklist',
      summary: `Add a person to the ${lower}: a name, with aliases, phones, certificate numbers, date of birth, reason, level and expiry as known (3 when a phone or number is already listed)`,
      access: WRITERS,
      fieldStatuses: { [Status.ALREADY_EXISTS]: null },
      feature: kind === 'black' ? 'blacklist' : undefined,
      log: { module: LogModule.BLACKLIST, event: 'add' },
      input: personInput,
      output: listedPerson,
    }),
    update: defineCall({
      name: `update${Name}`,
      area: 'blacklist',
      module: 'blacklist',
      summary: `Change a person on the ${lower} (a masked number sent back keeps the one held; 3 when a phone or number is another entry's)`,
      access: WRITERS,
      statuses: [Status.NO_SUCH_RECORD],
      fieldStatuses: { [Status.ALREADY_EXISTS]: null },
      feature: kind === 'black' ? 'blacklist' : undefined,
      log: { module: LogModule.BLACKLIST, event: 'update' },
      input: personUpdate,
      output: listedPerson,
    }),
    del: defineCall({
      name: `del${Name}`,
      area: 'blacklist',
      module: 'blacklist',
      summary: `Remove entries from the ${lower}`,
      access: WRITERS,
      feature: kind === 'black' ? 'blacklist' : undefined,
      statuses: [Status.NO_SUCH_RECORD],
      log: { module: LogModule.BLACKLIST, event: 'delete' },
      input: z.object({ userid: z.int32().optional(), bids: z.array(z.int32().positive()).min(1).max(1000) }),
      output: z.object({ deleted: z.int32() }),
    }),
    check: defineCall({
      name: `check${Name}`,
      area: 'blacklist',
      module: 'blacklist',
      summary: `A person (name, phone, certificate number, date of birth) screened against the ${lower}: every match with its strength and reason; \`listed\` when one is exact or strong${kind === 'black' ? ' (and whether screening is switched on)' : ''}`,
      access: READERS,
      feature: kind === 'black' ? 'blacklist' : undefined,
      input: checkQuery,
      output: z.object({
        listed: z.boolean(),
        screening: z.boolean(),
        name: z.string().optional(),
        mode: z.enum(SCREENING_MODES),
        matches: z.array(screeningMatch),
        /** What the matches would do to a visit (both lists taken into account). */
        decision: z.enum(SCREENING_DECISIONS),
      }),
    }),
  };
}

/** An entry's photo, set and removed (read with BlacklistPhoto, WhitelistPhoto). */
function photoCalls(kind: 'black' | 'white') {
  const Name = kind === 'black' ? 'Blacklist' : 'Whitelist';
  const lower = kind === 'black' ? 'blacklist' : 'whitelist';
  return {
    photo: defineCall({
      name: `upload${Name}Photo`,
      area: 'blacklist',
      module: 'blacklist',
      summary: `Set the photo of a person on the ${lower} (jpg, png, gif (its first frame) or webp by content, file/type; at least 100×100 px, file/imageTooSmall; scaled down when larger): shown to whoever reviews a match, never sent to a device`,
      access: WRITERS,
      statuses: [Status.NO_SUCH_RECORD],
      fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
      feature: kind === 'black' ? 'blacklist' : undefined,
      log: { module: LogModule.BLACKLIST, event: 'update' },
      upload: { maxBytes: FACE_UPLOAD_MAX_BYTES, extensions: FACE_IMAGE_EXTENSIONS },
      input: z.object({ userid: coercedInt().optional(), bid: coercedInt().positive() }),
      output: listedPerson,
    }),
    unphoto: defineCall({
      name: `del${Name}Photo`,
      area: 'blacklist',
      module: 'blacklist',
      summary: `Remove the photo of a person on the ${lower}`,
      access: WRITERS,
      statuses: [Status.NO_SUCH_RECORD],
      feature: kind === 'black' ? 'blacklist' : undefined,
      log: { module: LogModule.BLACKLIST, event: 'update' },
      input: z.object({ userid: z.int32().optional(), bid: z.int32().positive() }),
      output: listedPerson,
    }),
  };
}

const black = { ...listCalls('black'), ...photoCalls('black') };
const white = { ...listCalls('white'), ...photoCalls('white') };
export const getBlacklist = black.get;
export const addBlacklist = black.add;
export const updateBlacklist = black.update;
export const delBlacklist = black.del;
export const checkBlacklist = black.check;
export const getWhitelist = white.get;
export const addWhitelist = white.add;
export const updateWhitelist = white.update;
export const delWhitelist = white.del;
export const checkWhitelist = white.check;
export const uploadBlacklistPhoto = black.photo;
export const delBlacklistPhoto = black.unphoto;
export const uploadWhitelistPhoto = white.photo;
export const delWhitelistPhoto = white.unphoto;

export const updateBlackListSwitch = defineCall({
  name: 'updateblackListSwitch',
  area: 'blacklist',
  module: 'blacklist',
  summary: 'Switch blacklist screening of visitors on (1) or off (0)',
  access: [Role.ADMIN, Role.SUBADMIN],
  feature: 'blacklist',
  log: { module: LogModule.BLACKLIST, event: 'update' },
  input: z.object({ userid: z.int32().optional(), blackListSwitch: z.union([z.literal(0), z.literal(1)]) }),
  output: ok,
});

export const updateScreeningMode = defineCall({
  name: 'updateScreeningMode',
  area: 'blacklist',
  module: 'blacklist',
  summary:
    'How names are screened: narrow (the same written name, across scripts, widths, spacing and order) or standard (also the same pinyin and close spellings, as possible matches)',
  access: [Role.ADMIN, Role.SUBADMIN],
  feature: 'blacklist',
  log: { module: LogModule.BLACKLIST, event: 'update' },
  input: z.object({ userid: z.int32().optional(), screeningMode: z.enum(SCREENING_MODES) }),
  output: ok,
});

export const blacklistCalls = [
  getBlacklist,
  addBlacklist,
  updateBlacklist,
  delBlacklist,
  checkBlacklist,
  getWhitelist,
  addWhitelist,
  updateWhitelist,
  delWhitelist,
  checkWhitelist,
  uploadBlacklistPhoto,
  delBlacklistPhoto,
  uploadWhitelistPhoto,
  delWhitelistPhoto,
  updateBlackListSwitch,
  updateScreeningMode,
] as const;

function listExport(kind: 'black' | 'white') {
  const lower = kind === 'black' ? 'blacklist' : 'whitelist';
  return defineDownload({
    name: kind === 'black' ? 'ExportBlacklist' : 'ExportWhitelist',
    area: 'blacklist',
    module: 'blacklist',
    summary: `The ${lower} entries matching the list search as an xlsx workbook, streamed, in the chosen language`,
    access: WRITERS,
    feature: kind === 'black' ? 'blacklist' : undefined,
    contentType: XLSX_TYPE,
    fileName: lower,
    extension: 'xlsx',
    log: { module: LogModule.BLACKLIST, event: 'export' },
    input: z.object({ name: listQuery.shape.name, lang: z.enum(['zh', 'en']).default('en') }),
  });
}

export const exportBlacklist = listExport('black');
export const exportWhitelist = listExport('white');

function listedPhoto(kind: 'black' | 'white') {
  const lower = kind === 'black' ? 'blacklist' : 'whitelist';
  return defineDownload({
    name: kind === 'black' ? 'BlacklistPhoto' : 'WhitelistPhoto',
    area: 'blacklist',
    module: 'blacklist',
    summary: `The photo of a person on the ${lower} (jpeg)`,
    access: READERS,
    feature: kind === 'black' ? 'blacklist' : undefined,
    contentType: 'image/jpeg',
    fileName: 'photo',
    extension: 'jpg',
    input: z.object({ bid: coercedInt().positive() }),
  });
}

export const blacklistPhoto = listedPhoto('black');
export const whitelistPhoto = listedPhoto('white');
export const blacklistDownloads = [exportBlacklist, exportWhitelist, blacklistPhoto, whitelistPhoto] as const;
