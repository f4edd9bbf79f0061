import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';

/** Sign-in sessions. The token itself is never stored: only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    /** 0 for super accounts (they hold no company until they enter one). */
    companyId: integer('company_id').notNull(),
    role: smallint('role').notNull(),
    /** admin | staff | employee | sub | super */
    accountKind: text('account_kind').notNull(),
    accountId: integer('account_id').notNull(),
    /** Snapshots for the operation log and user/info, taken at sign-in. */
    account: text('account').notNull(),
    name: text('name').notNull(),
    companyName: text('company_name').notNull().default(''),
    sType: smallint('s_type'),
    subAccountId: integer('sub_account_id'),
    /** A server-company session's supplier company (0: none, sees no worker); null for every other session. */
    supplierId: integer('supplier_id'),
    gids: integer('gids').array().notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    /** A staff account signed in with a password it must change: the session may only change it (platform/http/calls.ts). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * A super account's read-only look into one of its companies (account_kind 'super', account_id the super account):
     * every write is refused (contract readOnly.ts, platform/http/calls.ts).
     */
    readOnly: boolean('read_only').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_account_idx').on(t.accountKind, t.accountId)],
);

/** Image captchas: the answer is kept hashed; a verified captcha can be spent once. */
export const captchas = pgTable('captchas', {
  id: id(),
  digest: text('digest').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: tstz('expires_at').notNull(),
  verifiedAt: tstz('verified_at'),
  spentAt: tstz('spent_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/**
 * Failed sign-ins (platform/identity/signinGuard.ts), one row per key: an account at one source (`kind`, `account_id`,
 * `source`), an account from anywhere (`source` ''), or a source against any account (`kind` '', `account_id` 0).
 * Only the account-and-source pair is ever locked, so a stranger cannot lock the owner out.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    kind: text('kind').notNull(),
    accountId: integer('account_id').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull().default(0),
    /** How many times this pair was locked: each lock lasts twice the one before. */
    locks: integer('locks').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.accountId, t.source] }), index('sign_in_failures_updated_idx').on(t.updatedAt)],
);

/** One-time tokens sent by email: account activation and password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The employee a password link is for ('empPassword'); null for the company administrator's links. */
    accountId: integer('account_id'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('email_tokens_hash_uq').on(t.tokenHash)],
);
