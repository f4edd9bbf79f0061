import {
  DEFAULT_EMAIL_CONF,
  DEFAULT_IVR_CONF,
  DEFAULT_SMS_CONF,
  DEFAULT_WX_CONF,
  type EmailConf,
  EmailType,
  type IvrConf,
  type MessageChannel,
  type MessageState,
  SMS_KINDS,
  SMS_VENDORS,
  type SmsConf,
  type SmsTemplates,
  type SmsVendor,
  TENCENT_SMS_REGIONS,
  WX_KINDS,
  type WxConf,
  type WxTemplates,
} from '@openvisit/contract';
import { and, count, desc, eq, gt, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { prepared } from '../../db/client.js';
import { messages, notifyConfigs } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { cacheKey, forget, readOnce } from '../../platform/http/requestCache.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';
import { PermanentFailure } from '../../platform/messages/messages.js';

/** The channels configured here; DingTalk and RTX are the contacts module's (company settings). */
export type ConfChannel = 'email' | 'sms' | 'wechat' | 'voice';
export type NotifyConfigRow = typeof notifyConfigs.$inferSelect;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const bit = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

/** Each channel's stored row in the contract's shape (secrets as flags); the defaults when there is no row. */
export function emailOf(row: NotifyConfigRow | undefined): EmailConf {
  if (!row) return DEFAULT_EMAIL_CONF;
  const c = row.conf;
  const type = num(c.type);
  return {
    emailNotify: bit(row.enabled),
    type: type === EmailType.SMTP || type === EmailType.EXCHANGE ? type : EmailType.INSTALLATION,
    smtp: str(c.smtp),
    smtp_port: num(c.smtp_port),
    ssl: bit(num(c.ssl)),
    account: str(c.account),
    sender: str(c.sender),
    hasPassword: row.secret !== '',
  };
}

/** Template codes are stored flat in the conf, `tpl_<kind>`. */
export const templateKey = (kind: string) => `tpl_${kind}`;

export function smsOf(row: NotifyConfigRow | undefined): SmsConf {
  if (!row) return DEFAULT_SMS_CONF;
  const c = row.conf;
  const vendor = (SMS_VENDORS as readonly string[]).includes(str(c.vendor)) ? (str(c.vendor) as SmsVendor) : 'relay';
  const region = TENCENT_SMS_REGIONS.find((r) => r === c.region) ?? DEFAULT_SMS_CONF.region;
  return {
    smsNotify: bit(row.enabled),
    vendor,
    provider: str(c.provider),
    endpoint: str(c.endpoint),
    appKey: str(c.appKey),
    signature: str(c.signature),
    sdkAppId: str(c.sdkAppId),
    region,
    templates: Object.fromEntries(SMS_KINDS.map((k) => [k, str(c[templateKey(k)])])) as SmsTemplates,
    smsQuota: row.quota,
    smsSent: row.used,
    hasSecret: row.secret !== '',
  };
}

export function wxOf(row: NotifyConfigRow | undefined): WxConf {
  if (!row) return DEFAULT_WX_CONF;
  const c = row.conf;
  return {
    wxNotify: bit(row.enabled),
    appId: str(c.appId),
    // Settings saved for the former relay had one `templateId`: it stays the general notice's template.
    templates: Object.fromEntries(WX_KINDS.map((k) => [k, str(c[templateKey(k)] ?? (k === 'notice' ? c.templateId : undefined))])) as WxTemplates,
    hasSecret: row.secret !== '',
  };
}

export function ivrOf(row: NotifyConfigRow | undefined): IvrConf {
  if (!row) return DEFAULT_IVR_CONF;
  return { ivrNotify: bit(row.enabled), endpoint: str(row.conf.endpoint), hasKey: row.secret !== '' };
}

/** A stored secret in clear, for a provider request; a key that cannot open it is a refusal no retry cures. */
export function secretOf(box: SecretBox, row: NotifyConfigRow | undefined, what: string): string {
  if (!row?.secret) return '';
  try {
    return box.open(row.secret);
  } catch {
    throw new PermanentFailure(
      `The stored ${what} cannot be read with this server's key (SECRET_KEY or DATA_DIR/secret.key changed); enter it again`,
    );
  }
}

export interface RecordFilter {
  channel?: MessageChannel;
  state?: MessageState;
  from?: Date;
  to?: Date;
  recipient?: string;
}

/** Notification settings and delivery records of one company. */
export const notifyRepository = scoped(function notifyRepository(scope: TenantScope) {
  const db = dbOf(scope);
  const { companyId } = scope;
  const ofChannel = (channel: ConfChannel) => and(eq(notifyConfigs.companyId, companyId), eq(notifyConfigs.channel, channel));
  /** Every channel's row (a handful), read once per call: the notifier and the mailer both ask. */
  const all = (): Promise<Map<string, NotifyConfigRow>> =>
    readOnce(cacheKey.channels(companyId), async () => {
      const rows = await prepared(db, 'notify_configs_of', (d, name) =>
        d
          .select()
          .from(notifyConfigs)
          .where(eq(notifyConfigs.companyId, sql.placeholder('companyId')))
          .prepare(name),
      ).execute({ companyId });
      return new Map(rows.map((r) => [r.channel, r]));
    });

  return {
    async get(channel: ConfChannel): Promise<NotifyConfigRow | undefined> {
      return (await all()).get(channel);
    },

    all,

    /** Writes a channel's settings; `secret` (sealed) and the quota only when given. */
    async save(
      channel: ConfChannel,
      v: { enabled: number; conf: Record<string, string | number>; secret?: string; quota?: number },
    ): Promise<NotifyConfigRow> {
      const set = {
        enabled: v.enabled,
        conf: v.conf,
        ...(v.secret !== undefined && { secret: v.secret }),
        // A new quota restarts the count of messages sent against it.
        ...(v.quota !== undefined && { quota: v.quota, used: 0 }),
      };
      const [row] = await db
        .insert(notifyConfigs)
        .values({ companyId, channel, ...set })
        .onConflictDoUpdate({ target: [notifyConfigs.companyId, notifyConfigs.channel], set: { ...set, updatedAt: new Date() } })
        .returning();
      forget(cacheKey.channels(companyId));
      if (!row) throw new Error('notify config not saved');
      return row;
    },

    /** Takes one SMS from the quota; false when none is left (43). */
    async takeSms(): Promise<boolean> {
      const rows = await db
        .update(notifyConfigs)
        .set({ quota: sql`${notifyConfigs.quota} - 1`, used: sql`${notifyConfigs.used} + 1` })
        .where(and(ofChannel('sms'), gt(notifyConfigs.quota, 0)))
        .returning({ quota: notifyConfigs.quota });
      forget(cacheKey.channels(companyId));
      return rows.length > 0;
    },

    /** Gives back an SMS the provider did not send. */
    async returnSms(): Promise<void> {
      await db
        .update(notifyConfigs)
        .set({ quota: sql`${notifyConfigs.quota} + 1`, used: sql`greatest(${notifyConfigs.used} - 1, 0)` })
        .where(ofChannel('sms'));
      forget(cacheKey.channels(companyId));
    },

    async records(f: RecordFilter, page: { offset: number; limit: number }) {
      const c: SQL[] = [eq(messages.companyId, companyId)];
      if (f.channel) c.push(eq(messages.channel, f.channel));
      if (f.state) c.push(eq(messages.state, f.state));
      if (f.from) c.push(gte(messages.createdAt, f.from));
      if (f.to) c.push(lt(messages.createdAt, f.to));
      if (f.recipient) c.push(sql`(${ilike(messages.to, containsPattern(f.recipient))} OR ${ilike(messages.toName, containsPattern(f.recipient))})`);
      const where = and(...c);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: messages.id,
            channel: messages.channel,
            to: messages.to,
            toName: messages.toName,
            subject: messages.subject,
            state: messages.state,
            error: messages.error,
            attempts: messages.attempts,
            visitId: messages.visitId,
            createdAt: messages.createdAt,
            sentAt: messages.sentAt,
          })
          .from(messages)
          .where(where)
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(messages).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
});
export type NotifyRepository = ReturnType<typeof notifyRepository>;
