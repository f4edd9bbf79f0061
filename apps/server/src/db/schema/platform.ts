import { sql } from 'drizzle-orm';
import { index, integer, json, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps, tstz } from './columns.js';

/** Background work, claimed by workers with FOR UPDATE SKIP LOCKED so any number of processes can share it. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** queued | running | done | failed */
    state: text('state').notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    maxAttempts: smallint('max_attempts').notNull().default(5),
    runAt: tstz('run_at').notNull().defaultNow(),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    /** Optional idempotency key: a job with a key is enqueued at most once, ever (e.g. one daily sync per company and day). */
    key: text('key'),
    ...timestamps,
  },
  (t) => [index('jobs_due_idx').on(t.state, t.runAt), uniqueIndex('jobs_key_uq').on(t.key)],
);

/**
 * Every message the system sends, on every channel (email, SMS, WeChat, DingTalk, RTX, voice), with its delivery
 * state: the visible delivery record (the original's qcv_email_sendrecord, for all channels). Delivered by the
 * `message.send` job (platform/messages/messages.ts). The SQL table keeps its first name, `mails` (it was email only): renaming
 * it while adding columns is beyond drizzle-kit 0.31, and the name does no harm.
 */
export const messages = pgTable(
  'mails',
  {
    id: id(),
    companyId: integer('company_id'),
    /** email | sms | wechat | dingtalk | rtx | voice (MESSAGE_CHANNELS). */
    channel: text('channel').notNull().default('email'),
    /** The address on the channel: email address, phone, or DingTalk / RTX account. */
    to: text('to').notNull(),
    /** Who that is, for the records (an employee's name), or ''. */
    toName: text('to_name').notNull().default(''),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Email only; '' on other channels. */
    html: text('html').notNull(),
    /** Inline pictures the HTML names by `cid:` (e.g. the visitor's QR pass), content base64; null when none. */
    attachments: jsonb('attachments').$type<{ filename: string; cid: string; contentType: string; content: string }[]>(),
    /** SMS through a template provider (Aliyun, Tencent): the kind of message and its template's values; null: by `text`. */
    template: jsonb('template').$type<{ kind: string; params: Record<string, string> }>(),
    /** queued | sent | kept (no SMTP configured: kept in the local outbox) | failed */
    state: text('state').notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    error: text('error'),
    /** The visit the message is about, if any (kept when the visit is deleted: the record stays). */
    visitId: integer('visit_id'),
    sentAt: tstz('sent_at'),
    ...timestamps,
  },
  (t) => [
    index('mails_company_idx').on(t.companyId, t.createdAt),
    // A visit's messages, which its retention and erasure remove (modules/privacy).
    index('mails_visit_idx').on(t.companyId, t.visitId).where(sql`${t.visitId} IS NOT NULL`),
  ],
);

/** @deprecated Use `messages` (every channel); this name is kept for code written against the email-only table. */
export const mails = messages;

/** The operation log users can read (qcv_operation_log). */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    optId: text('opt_id').notNull(),
    optName: text('opt_name').notNull(),
    optRole: smallint('opt_role').notNull(),
    ipAddr: text('ip_addr').notNull().default(''),
    objId: text('obj_id').notNull().default(''),
    objName: text('obj_name').notNull().default(''),
    optEvent: text('opt_event').notNull(),
    optClient: smallint('opt_client').notNull().default(0),
    optModule: smallint('opt_module').notNull(),
    /** English details: the rendering of desc_key (server rows) or the client's free text (addLog). */
    optDesc: text('opt_desc').notNull().default(''),
    /** Server rows: a key of the contract's logDescriptions and its parameters, rendered in the reader's language. */
    descKey: text('desc_key'),
    descParams: jsonb('desc_params').$type<Record<string, string | number>>(),
    oTime: tstz('o_time').notNull().defaultNow(),
    details: jsonb('details'),
    /**
     * The company's chain (platform/http/auditChain.ts): the entry's place, the previous entry's hash and its own, a
     * keyed hash over its fields and the previous hash, so an entry changed, removed or added behind the server's back
     * breaks it. Null on entries written before the chain until the start-up job seals them in.
     */
    seq: integer('seq'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /** The keyed digest of the entry's personal fields, which the chain covers, so an erasure may blank them (redacted_by). */
    piiDigest: text('pii_digest'),
    /** The seq of the erasure entry that blanked this entry's personal fields. */
    redactedBy: integer('redacted_by'),
  },
  (t) => [index('operation_logs_company_time_idx').on(t.companyId, t.oTime), uniqueIndex('operation_logs_chain_uq').on(t.companyId, t.seq)],
);

/**
 * The head of each company's operation-log chain: the last entry's seq and hash, locked by each write so entries are
 * chained one at a time. `legacyUpTo`: the last id written before the chain existed, sealed in by a start-up job.
 */
export const operationLogHeads = pgTable('operation_log_heads', {
  companyId: integer('company_id').primaryKey(),
  seq: integer('seq').notNull().default(0),
  hash: text('hash').notNull().default(''),
  legacyUpTo: integer('legacy_up_to'),
});

/**
 * Stored files whose rows were blanked and committed, not removed from the store yet (platform/files/fileDeletions.ts):
 * written in the transaction that forgets them, removed after it, so a process killed in between leaves a list to
 * finish instead of files nothing names.
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    id: id(),
    companyId: integer('company_id'),
    key: text('key').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('file_deletions_company_idx').on(t.companyId, t.id)],
);

/**
 * Writes made with an `Idempotency-Key` header (platform/http/idempotency.ts): the first request's body hash and, once
 * answered, its answer, per company, caller and key, for 24 hours. `lockedUntil`: while the first request runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: integer('company_id').notNull(),
    /** Who sent it: the session's account (`staff:12`, `company:3`…) or a door device (`device:7`). */
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    call: text('call').notNull(),
    requestHash: text('request_hash').notNull(),
    /** running | done */
    state: text('state').notNull(),
    /** The answer's envelope, once answered. */
    response: json('response'),
    lockedUntil: tstz('locked_until'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.principal, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * API keys (platform/identity/apiKeys.ts resolves them, the apiKeys module manages them): the key's public `prefix`
 * and the SHA-256 of the whole key (256 random bits: a fast hash is enough), its scopes, expiry, revocation and last
 * use (written at most once a minute).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at'),
    revokedAt: tstz('revoked_at'),
    lastUsedAt: tstz('last_used_at'),
    lastUsedIp: text('last_used_ip').notNull().default(''),
  },
  (t) => [uniqueIndex('api_keys_prefix_uq').on(t.prefix), index('api_keys_company_idx').on(t.companyId)],
);
