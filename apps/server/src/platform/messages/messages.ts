import type { MessageChannel } from '@openvisit/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, insertRow } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import { errorText } from '../http/logging.js';
import type { SecretBox } from '../identity/crypto.js';
import { type DbOrScope, dbFrom } from '../identity/tenancy.js';
import type { JobQueue } from '../jobs/jobs.js';
import { type PersonKeys, phoneForms } from '../personData.js';

export interface OutgoingMessage {
  companyId: number | null;
  channel: MessageChannel;
  /** The address on the channel: email address, phone, DingTalk user id or RTX account. */
  to: string;
  /** Who that is, for the delivery records. */
  toName?: string;
  subject: string;
  text: string;
  /** Email only. */
  html?: string;
  /** The visit the message is about. */
  visitId?: number | null;
  /** Email only: inline pictures, content base64. */
  attachments?: { filename: string; cid: string; contentType: string; content: string }[] | null;
  /** SMS only: the kind of message and its template's values, for providers that send templates (Aliyun, Tencent). */
  template?: MessageTemplate | null;
}

/** A template message: values may hold sealed secrets (`sealedInMessage`), opened like the text as it is sent. */
export interface MessageTemplate {
  kind: string;
  params: Record<string, string>;
}

export type MessageRow = typeof messages.$inferSelect;

/** A secret inside a message's text, as stored: `{{sealed:v1:…}}` (the sealed value is base64url, safe in HTML and URLs). */
const SEALED_IN_TEXT = /\{\{sealed:(v1:[A-Za-z0-9_-]+)\}\}/g;

/**
 * A link's token (password reset, activation, invitation) to put in a message: the record keeps it sealed with the
 * server's key, and it is opened only as the message is handed to its channel (every attempt), so the delivery record
 * never holds the token beside the hash the database keeps of it.
 */
export function sealedInMessage(secrets: SecretBox, secret: string): string {
  return `{{sealed:${secrets.seal(secret)}}}`;
}

/** The text with its sealed secrets opened, as the person receives it; throws when the server's key has changed since. */
export function openSealedIn(secrets: SecretBox, text: string): string {
  return text.replace(SEALED_IN_TEXT, (_, sealed: string) => secrets.open(sealed));
}

/** A refusal no retry can cure (a provider said no, nothing to send with): the message fails at once. */
export class PermanentFailure extends Error {}

/** Delivers one message; a throw fails the attempt (retried unless it is a PermanentFailure or the last attempt). */
export type ChannelSender = (m: MessageRow) => Promise<void>;

export const MESSAGE_JOB = 'message.send';
export const MESSAGE_MAX_ATTEMPTS = 5;

/** At most this much of a failure's text is kept (SMTP servers and providers can answer at length). */
const ERROR_MAX = 500;

function reasonOf(err: unknown): string {
  const message = errorText(err);
  return message.replace(/\s+/g, ' ').trim().slice(0, ERROR_MAX) || 'failed';
}

/**
 * The delivery record and its worker: every message on every channel is a `messages` row first, then delivered by a
 * `message.send` job through the channel's sender, with the job queue's retries and backoff. The row says queued,
 * sent (with the time), failed (with the reason) or kept (email without any mail server), and how many attempts it
 * took. Channels register their sender at start-up; a message of a channel without one fails with that reason.
 */
export class Outbox {
  private readonly senders = new Map<MessageChannel, ChannelSender>();

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly secrets: SecretBox,
  ) {
    jobs.register(MESSAGE_JOB, (payload, ctx) => this.deliver((payload as { messageId: number }).messageId, ctx.final));
    // Jobs queued before messages had channels (the email-only outbox) name the same rows.
    jobs.register('mail.send', (payload, ctx) => this.deliver((payload as { mailId: number }).mailId, ctx.final));
  }

  setSender(channel: MessageChannel, sender: ChannelSender): void {
    this.senders.set(channel, sender);
  }

  /** Records the message and queues its delivery; answers the record's id. */
  async queue(m: OutgoingMessage, opts: { maxAttempts?: number } = {}): Promise<number> {
    const id = await this.insert(m, 'queued', null);
    await this.jobs.enqueue(MESSAGE_JOB, { messageId: id }, { maxAttempts: opts.maxAttempts ?? MESSAGE_MAX_ATTEMPTS });
    return id;
  }

  /** Records a message that is not sent: kept (no mail server) or failed at once with the reason (a channel switched off…). */
  async record(m: OutgoingMessage, state: 'kept' | 'failed', error: string | null): Promise<number> {
    return this.insert(m, state, error === null ? null : reasonOf(error));
  }

  /**
   * Records the message and delivers it now, once, without a job (a verification code or a test mail, whose caller
   * waits for the outcome); `sender` overrides the channel's (a test mail through unsaved settings). Answers the
   * record: sent, or failed with the reason.
   */
  async sendNow(m: OutgoingMessage, sender?: ChannelSender): Promise<MessageRow> {
    const id = await this.insert(m, 'queued', null);
    const [row] = await this.db.select().from(messages).where(eq(messages.id, id)).limit(1);
    if (!row) throw new Error('message row vanished');
    const failure = await this.attempt(row, sender);
    return this.settle(id, failure, true);
  }

  /** Replaces a record's text and template (a verification code, once sent, is not kept readable). */
  async redact(id: number, text: string, template?: MessageTemplate): Promise<void> {
    await this.db
      .update(messages)
      .set({ text, ...(template && { template }) })
      .where(eq(messages.id, id));
  }

  private async insert(m: OutgoingMessage, state: string, error: string | null): Promise<number> {
    const row = await insertRow(
      this.db,
      'message_insert',
      messages,
      {
        companyId: m.companyId,
        channel: m.channel,
        to: m.to,
        toName: m.toName ?? '',
        subject: m.subject,
        text: m.text,
        html: m.html ?? '',
        state,
        error,
        visitId: m.visitId ?? null,
        attachments: m.attachments ?? null,
        template: m.template ?? null,
      },
      { id: messages.id },
    );
    return row.id;
  }

  /** The record's text as the person receives it (its sealed links opened). */
  opened(text: string): string {
    return openSealedIn(this.secrets, text);
  }

  /** One attempt: null when sent, else the failure (and whether retrying could help). */
  private async attempt(row: MessageRow, override?: ChannelSender): Promise<{ reason: string; permanent: boolean } | null> {
    const sender = override ?? this.senders.get(row.channel as MessageChannel);
    if (!sender) return { reason: `No sender for the ${row.channel} channel`, permanent: true };
    let open: MessageRow;
    try {
      const template = row.template && {
        kind: row.template.kind,
        params: Object.fromEntries(Object.entries(row.template.params).map(([k, v]) => [k, this.opened(v)])),
      };
      open = { ...row, subject: this.opened(row.subject), text: this.opened(row.text), html: this.opened(row.html), template };
    } catch {
      return { reason: 'A link in this message was sealed with another server key (SECRET_KEY or secret.key changed)', permanent: true };
    }
    try {
      await sender(open);
      return null;
    } catch (err) {
      return { reason: reasonOf(err), permanent: err instanceof PermanentFailure };
    }
  }

  private async settle(id: number, failure: { reason: string; permanent: boolean } | null, final: boolean): Promise<MessageRow> {
    const done = failure === null;
    const [row] = await this.db
      .update(messages)
      .set({
        attempts: sql`${messages.attempts} + 1`,
        state: done ? 'sent' : final || failure.permanent ? 'failed' : 'queued',
        error: done ? null : failure.reason,
        ...(done && { sentAt: new Date() }),
      })
      .where(eq(messages.id, id))
      .returning();
    if (!row) throw new Error('message row vanished');
    return row;
  }

  private async deliver(messageId: number, final: boolean): Promise<void> {
    const [row] = await this.db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
    if (row?.state !== 'queued') return;
    const failure = await this.attempt(row);
    await this.settle(messageId, failure, final);
    if (!failure) return;
    this.log.warn(
      { messageId, channel: row.channel, err: failure.reason },
      failure.permanent || final ? 'message failed' : 'message not delivered; will retry',
    );
    // The job queue retries with its backoff, and marks the job failed after the last attempt; a permanent refusal
    // ends here (the job is done, the message failed).
    if (!failure.permanent) throw new Error(failure.reason);
  }
}

/**
 * The delivery records of these visits' messages without the person (address, name, subject, text): the retention
 * sweep's and an erasure's part. Messages still queued are left to be sent (a later sweep takes them); answers how many.
 */
export async function forgetVisitMessages(on: DbOrScope, companyId: number, visitIds: readonly number[]): Promise<number> {
  if (!visitIds.length) return 0;
  const rows = await dbFrom(on)
    .update(messages)
    .set({ to: '', toName: '', subject: '', text: '', html: '', attachments: null, template: null, error: null })
    .where(and(eq(messages.companyId, companyId), inArray(messages.visitId, [...visitIds]), ne(messages.state, 'queued'), ne(messages.to, '')))
    .returning({ id: messages.id });
  return rows.length;
}

/** The addresses a person's messages went to: their e-mails and each stored form of their phones (none: no address). */
const addressesOf = (keys: PersonKeys) => [...keys.emails, ...phoneForms(keys.phones)];
const addressedTo = (companyId: number, to: string[]) => and(eq(messages.companyId, companyId), inArray(sql`lower(${messages.to})`, to));

/**
 * The messages sent (or to be sent) to a person, whatever they were about (a privacy request's export); a secret sealed
 * in a text (a code, a link's token) shows as ******: it is nobody's to read back.
 */
export async function messagesToPerson(on: DbOrScope, companyId: number, keys: PersonKeys) {
  const to = addressesOf(keys);
  if (!to.length) return [];
  const rows = await dbFrom(on)
    .select({
      id: messages.id,
      channel: messages.channel,
      to: messages.to,
      subject: messages.subject,
      text: messages.text,
      state: messages.state,
      sentAt: messages.sentAt,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(addressedTo(companyId, to));
  return rows.map((m) => ({ ...m, text: m.text.replace(SEALED_IN_TEXT, '******') }));
}

/**
 * A person's messages without them (an erasure): the delivery records keep their channel, state and time; one still
 * queued is not sent any more (its job finds it no longer queued). Answers how many.
 */
export async function forgetMessagesTo(on: DbOrScope, companyId: number, keys: PersonKeys): Promise<number> {
  const to = addressesOf(keys);
  if (!to.length) return 0;
  const rows = await dbFrom(on)
    .update(messages)
    .set({
      to: '',
      toName: '',
      subject: '',
      text: '',
      html: '',
      attachments: null,
      template: null,
      error: null,
      state: sql`CASE WHEN ${messages.state} = 'queued' THEN 'failed' ELSE ${messages.state} END`,
    })
    .where(addressedTo(companyId, to))
    .returning({ id: messages.id });
  return rows.length;
}
