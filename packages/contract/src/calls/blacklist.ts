import { z } from 'zod';
import { defineCall, defineDownload, epochMs, ok, pageInput, pageOf, XLSX_TYPE } from '../call.js';
import { Status } from '../errors.js';
import { zPersonName } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';
import { checkIdNumber, checkPhone } from '../validators.js';

/** A screened person: matched by phone or certificate number, normalised. */
export const listedPerson = z.object({
  bid: z.int32(),
  name: z.string(),
  phone: z.string(),
  credentialNo: z.string(),
  remark: z.string(),
  /** Who added the entry. */
  sname: z.string(),
  createTime: epochMs,
});
export type ListedPerson = z.infer<typeof listedPerson>;

/** Certificate numbers: letters and digits (shared with the console's form); 18 characters are checked as an ID card. */
export const CREDENTIAL_PATTERN = /^[A-Za-z0-9]*$/;
export const CREDENTIAL_MAX = 32;
export const LISTED_PHONE_MAX = 32;
export const LISTED_REMARK_MAX = 200;

const READERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE, Role.GATE, Role.MACHINE] as const;
const WRITERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE] as const;

const personInput = z
  .object({
    userid: z.int32().optional(),
    name: zPersonName,
    phone: z.string().trim().max(LISTED_PHONE_MAX).default(''),
    credentialNo: z
      .string()
      .trim()
      .max(CREDENTIAL_MAX)
      .regex(CREDENTIAL_PATTERN, 'format')
      .default('')
      .describe('ID card, passport or other certificate number'),
    remark: z.string().trim().max(LISTED_REMARK_MAX).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.credentialNo) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phoneOrId' });
    const phone = v.phone ? checkPhone(v.phone) : null;
    if (phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: phone });
    // An 18-character number is taken for a mainland ID card and checked as one.
    if (v.credentialNo.length === 18) {
      const id = checkIdNumber(v.credentialNo);
      if (id) ctx.addIssue({ code: 'custom', path: ['credentialNo'], message: id });
    }
  });

const listQuery = z.object({ userid: z.int32().optional(), ...pageInput, name: z.string().trim().max(64).optional() });
const checkQuery = z
  .object({ userid: z.int32().optional(), phone: z.string().trim().max(32).optional(), credentialNo: z.string().trim().max(32).optional() })
  .refine((v) => v.phone || v.credentialNo, { message: 'phoneOrId', path: ['phone'] });

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
      summary: `Add a person to the ${lower}: name with phone or certificate number (3 when the phone or number is already listed)`,
      access: WRITERS,
      fieldStatuses: { [Status.ALREADY_EXISTS]: null },
      feature: kind === 'black' ? 'blacklist' : undefined,
      log: { module: LogModule.BLACKLIST, event: 'add' },
      input: personInput,
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
      summary: `Whether a phone or certificate number is on the ${lower}${kind === 'black' ? ' (and whether screening is switched on)' : ''}`,
      access: READERS,
      feature: kind === 'black' ? 'blacklist' : undefined,
      input: checkQuery,
      output: z.object({ listed: z.boolean(), screening: z.boolean(), name: z.string().optional() }),
    }),
  };
}

const black = listCalls('black');
const white = listCalls('white');
export const getBlacklist = black.get;
export const addBlacklist = black.add;
export const delBlacklist = black.del;
export const checkBlacklist = black.check;
export const getWhitelist = white.get;
export const addWhitelist = white.add;
export const delWhitelist = white.del;
export const checkWhitelist = white.check;

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

export const blacklistCalls = [
  getBlacklist,
  addBlacklist,
  delBlacklist,
  checkBlacklist,
  getWhitelist,
  addWhitelist,
  delWhitelist,
  checkWhitelist,
  updateBlackListSwitch,
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
export const blacklistDownloads = [exportBlacklist, exportWhitelist] as const;
