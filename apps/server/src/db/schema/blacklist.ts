import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { visits } from './visits.js';

/**
 * Blacklist and whitelist entries (qcv_blacklist), told apart by `kind`; the phone is stored normalised, the certificate
 * number only as a keyed hash and a masked form (a list is only matched against).
 */
export const listedPeople = pgTable(
  'listed_people',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'black' | 'white' */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    /** Only entries from before ID numbers were hashed (migration 0074) until the nightly sweep hashes them; else ''. */
    credentialNo: text('credential_no').notNull().default(''),
    /** The certificate number's keyed hash (platform/identity/idNumbers.ts): what screening matches. */
    credentialHash: text('credential_hash').notNull().default(''),
    /** The number masked (maskIdNumber): what the console shows. */
    credentialMasked: text('credential_masked').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdBy: text('created_by').notNull().default(''),
    /** Other names the person goes by (issue 42), each screened as the name is. */
    aliases: text('aliases').array().notNull().default([]),
    /** Phones beside `phone`, normalised. */
    morePhones: text('more_phones').array().notNull().default([]),
    /**
     * The first number's digest under the company's kiosk key (blacklist.offline.ts): what the kiosk's offline copy
     * matches a number it reads by; '' for an entry from before.
     */
    credentialOffline: text('credential_offline').notNull().default(''),
    /** Certificate numbers beside the first: each as its keyed hash, masked form and kiosk digest. */
    moreCredentials: jsonb('more_credentials').$type<{ hash: string; masked: string; offline?: string }[]>().notNull().default([]),
    /** YYYY-MM-DD or ''. */
    birthDate: text('birth_date').notNull().default(''),
    /** 'refuse' | 'review' | 'note': what a match does. */
    level: text('level').notNull().default('refuse'),
    /** When the entry stops matching; null: never. */
    expiresAt: tstz('expires_at'),
    /** The version of the key derivation the entry's keys were made with (0: none yet; see listed_keys). */
    keysVersion: smallint('keys_version').notNull().default(0),
    /** The file-store key of the person's photo ('' without one); a new photo gets a new key. */
    photo: text('photo').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('listed_people_company_idx').on(t.companyId, t.kind, t.createdAt),
    // Screening reads the entries not keyed yet at each screening: none, once keyed.
    index('listed_people_unkeyed_idx').on(t.companyId, t.keysVersion),
    uniqueIndex('listed_people_phone_uq').on(t.companyId, t.kind, t.phone).where(sql`${t.phone} <> ''`),
    uniqueIndex('listed_people_credential_uq').on(t.companyId, t.kind, t.credentialNo).where(sql`${t.credentialNo} <> ''`),
    uniqueIndex('listed_people_credential_hash_uq').on(t.companyId, t.kind, t.credentialHash).where(sql`${t.credentialHash} <> ''`),
  ],
);

/**
 * What a screening finds an entry by (issue 42): its names' written, pinyin and spelling keys and its phones' and
 * certificate hashes' keys (`@openvisit/contract/screening` listedKeys); a person's keys are looked up here and only
 * the entries met are compared.
 */
export const listedKeys = pgTable(
  'listed_keys',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => listedPeople.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
  },
  (t) => [index('listed_keys_key_idx').on(t.companyId, t.key), index('listed_keys_entry_idx').on(t.entryId)],
);

/**
 * The screening review queue (issue 42): a person a possible or review-level match held, the matches as they were, and
 * the decision. `resume` is what the held subject's module needs to go on once allowed (a visit: whether its approval
 * policy still asks anyone). A visit's reviews go with the visit.
 */
export const screeningReviews = pgTable(
  'screening_reviews',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'visit' | 'resident' | 'truck' */
    subject: text('subject').notNull(),
    subjectId: integer('subject_id').notNull(),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    channel: text('channel').notNull(),
    matches: jsonb('matches').$type<unknown[]>().notNull().default([]),
    resume: jsonb('resume').$type<Record<string, unknown>>().notNull().default({}),
    /** 'waiting' | 'allowed' | 'refused' | 'withdrawn' */
    status: text('status').notNull().default('waiting'),
    decidedBy: text('decided_by').notNull().default(''),
    decidedAt: tstz('decided_at'),
    remark: text('remark').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('screening_reviews_company_idx').on(t.companyId, t.status, t.createdAt),
    uniqueIndex('screening_reviews_waiting_uq').on(t.companyId, t.subject, t.subjectId).where(sql`${t.status} = 'waiting'`),
  ],
);
