import { index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';

/**
 * A company's settings of one notification channel (the original's qcv_notify_conf): email, sms, wechat, voice.
 * `conf` holds the fields that may be shown; `secret` the password, app secret or key, AES-GCM encrypted with the
 * server's key (platform/identity/crypto.ts sealSecret), never answered. SMS counts its quota here.
 */
export const notifyConfigs = pgTable(
  'notify_configs',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    enabled: smallint('enabled').notNull().default(0),
    conf: jsonb('conf').$type<Record<string, string | number>>().notNull().default({}),
    secret: text('secret').notNull().default(''),
    /** SMS: messages left. */
    quota: integer('quota').notNull().default(0),
    /** SMS: messages taken from the quota since it was last set. */
    used: integer('used').notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.channel] })],
);

/** SMS verification codes: the code hashed with the row's salt, 5 minutes, spent once, 5 wrong tries at most. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    spentAt: tstz('spent_at'),
    ...timestamps,
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);
