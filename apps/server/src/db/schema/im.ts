import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** DingTalk: the interactive card template approval requests are sent with ('' : text notices). */
    cardTemplate: text('card_template').notNull().default(''),
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

/**
 * The decision cards a company's app sent (im.cards): what a press needs to answer with the decided card, and, by
 * `ref` (the decision's owner's reference, e.g. an approval request), which cards a decision taken elsewhere updates.
 */
export const imCards = pgTable(
  'im_cards',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The platform's id of the card message (Feishu om_…; WeCom: the card's task_id, which its events carry). */
    messageId: text('message_id').notNull(),
    ref: text('ref').notNull().default(''),
    /** WeCom: the member the card went to, and the one-time code that updates it (message/update_template_card). */
    recipient: text('recipient').notNull().default(''),
    updateCode: text('update_code').notNull().default(''),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The delivery record's template `decision` (token, link, language, labels). */
    template: jsonb('template').$type<{ kind: string; params: Record<string, string> }>().notNull(),
    /** Set once the card shows a decision. */
    decided: jsonb('decided').$type<{ result: 'approved' | 'refused' | 'returned' | 'closed'; by: string; at: number } | null>(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('im_cards_message_uq').on(t.platform, t.messageId), index('im_cards_ref_idx').on(t.companyId, t.ref)],
);
