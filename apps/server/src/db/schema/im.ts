import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { timestamps, tstz } from './columns.js';

/**
 * A company's work app on one platform (modules/im): Feishu's App ID, WeCom's CorpID and AgentId, the API base, the
 * last connection test, and the secrets sealed together. DingTalk's AppKey, AgentId and secret
 * stay where the directory sync keeps them (the company settings, contact_sync): its row holds the API base and test.
 */
export const imApps = pgTable(
  'im_apps',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'dingtalk' | 'feishu' | 'wecom' */
    platform: text('platform').notNull(),
    appId: text('app_id').notNull().default(''),
    agentId: text('agent_id').notNull().default(''),
    apiBase: text('api_base').notNull().default(''),
    /** Sealed JSON of the write-only secrets by field name (appSecret, secret, callbackToken, encodingAesKey); '' none. */
    secrets: text('secrets').notNull().default(''),
    /** 'off' | 'on' | 'required': employees sign in with the app (beside or instead of passwords; contract IM_SIGNIN). */
    signIn: text('sign_in').notNull().default('off'),
    lastTest: jsonb('last_test').$type<{ at: number; ok: boolean; reason: string; ms: number } | null>(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.platform] })],
);

/**
 * Who holds a work app's outgoing connection (Feishu's long connection): one server process per company and platform,
 * until `until` (database time); the holder renews it, and another process takes over once it lapses (im.connections).
 */
export const imLeases = pgTable(
  'im_leases',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The holding process's random id (never reused: a restarted process is a new holder). */
    holder: text('holder').notNull(),
    until: tstz('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.platform] })],
);
