import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { mails } from '../db/schema/index.js';
import type { JobQueue } from './jobs.js';

/** A picture shown inside the HTML (`<img src="cid:…">`), e.g. the visitor's QR pass. */
export interface InlineAttachment {
  filename: string;
  cid: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  companyId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: InlineAttachment[];
}

/**
 * Every email is recorded in `mails` first, then delivered by a job through SMTP. Without SMTP configured
 * (the embedded default) the mail stays in that local outbox and is printed to the log, links included,
 * so a fresh installation can still activate its first company.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport(opts.smtpUrl);
    jobs.register('mail.send', (payload, ctx) => this.deliver(payload as { mailId: number }, ctx.final));
  }

  async send({ attachments, ...mail }: OutgoingMail): Promise<number> {
    // Attachments are kept with the row (base64), so whichever process delivers the mail has them.
    const stored = attachments?.length ? attachments.map((a) => ({ ...a, content: a.content.toString('base64') })) : null;
    const [row] = await this.db
      .insert(mails)
      .values({ ...mail, attachments: stored, state: this.transport ? 'queued' : 'kept' })
      .returning({ id: mails.id });
    const mailId = row?.id ?? 0;
    if (this.transport) await this.jobs.enqueue('mail.send', { mailId }, { maxAttempts: 5 });
    else this.log.info({ mailId, to: mail.to, subject: mail.subject }, `mail kept in the local outbox (no SMTP_URL):\n${mail.text}`);
    return mailId;
  }

  private async deliver({ mailId }: { mailId: number }, final: boolean): Promise<void> {
    const [mail] = await this.db.select().from(mails).where(eq(mails.id, mailId)).limit(1);
    if (!mail || mail.state === 'sent' || !this.transport) return;
    try {
      await this.transport.sendMail({
        from: this.opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: (mail.attachments ?? []).map((a) => ({
          ...a,
          content: Buffer.from(a.content, 'base64'),
          contentDisposition: 'inline' as const,
        })),
      });
      await this.db.update(mails).set({ state: 'sent', sentAt: new Date(), error: null }).where(eq(mails.id, mailId));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await this.db
        .update(mails)
        .set({ state: final ? 'failed' : 'queued', error: message })
        .where(eq(mails.id, mailId));
      throw err;
    }
  }

  close(): void {
    this.transport?.close();
  }
}
