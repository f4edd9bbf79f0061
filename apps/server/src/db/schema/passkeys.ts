import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';

/**
 * Console accounts' passkeys (WebAuthn credentials, docs/modules/passkeys.md). An account is a kind and an id, as in
 * sessions; `company_id` null for super accounts, which belong to no company.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    accountKind: text('account_kind').notNull(),
    accountId: integer('account_id').notNull(),
    /** The credential's id, base64url, as the authenticator names it: unique across the installation. */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** A passkey synced across the person's devices (multiDevice), and whether it is backed up now. */
    multiDevice: boolean('multi_device').notNull().default(false),
    backedUp: boolean('backed_up').notNull().default(false),
    aaguid: text('aaguid').notNull().default(''),
    name: text('name').notNull(),
    lastUsedAt: tstz('last_used_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_account_idx').on(t.accountKind, t.accountId)],
);

/**
 * An account's two-step sign-in: a passkey asked after the password, with recovery codes (SHA-256 of each, spent ones
 * removed) for when no passkey is at hand. No row: the password alone signs in.
 */
export const signInFactors = pgTable(
  'sign_in_factors',
  {
    accountKind: text('account_kind').notNull(),
    accountId: integer('account_id').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.accountKind, t.accountId] })],
);

/**
 * A WebAuthn ceremony under way: its challenge, kept server-side under the hash of the token the browser holds, for
 * 5 minutes and one answer. `purpose`: register (a signed-in account adds a passkey), signin (any passkey signs in),
 * second (the password was right; the account's passkey or a recovery code finishes).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    accountKind: text('account_kind'),
    accountId: integer('account_id'),
    companyId: integer('company_id'),
    /** Wrong recovery codes or assertions tried against a second step: at 5 it is spent. */
    failures: integer('failures').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
