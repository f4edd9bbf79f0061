import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { checkedAddress, EndpointRefused } from '../http/endpoints.js';
import { type MessageRow, type Outbox, PermanentFailure } from './messages.js';

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
  /** Who the address belongs to, for the delivery records. */
  toName?: string;
  /** The visit the mail is about. */
  visitId?: number | null;
}

/** Attachments are kept with the record (base64), so whichever process delivers the mail has them. */
function stored(attachments: InlineAttachment[] | undefined) {
  return attachments?.length ? attachments.map((a) => ({ ...a, content: a.content.toString('base64') })) : null;
}

/** A company's own mail server (SMTP, or Exchange through its SMTP endpoint). */
export interface SmtpRoute {
  host: string;
  port: number;
  /** TLS from the start (465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  pass: string;
  from: string;
}

/** The company's own server when it has one switched on, else null (the installation's server takes its mail). */
export type CompanySmtp = (companyId: number) => Promise<SmtpRoute | null>;

/** SMTP conversations are bounded so a silent server cannot hold a worker (or a test-mail request) for long. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Email, the default channel. Every mail is a `messages` row delivered by the outbox's job (platform/messages/messages.ts):
 * through the company's own SMTP server when it has one switched on (the notifications module tells which), else
 * through the installation's (SMTP_URL). Without either (the embedded default) the mail stays in the local outbox as
 * `kept` and is printed to the log, links included, so a fresh installation can still activate its first company.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  private companySmtp: CompanySmtp = async () => null;

  constructor(
    private readonly outbox: Outbox,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string; allowPrivateEndpoints?: boolean },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
    outbox.setSender('email', async (m) => this.deliverVia(m.companyId ? await this.companySmtp(m.companyId) : null, m));
  }

  /** Set at start-up by the notifications module, which keeps the companies' mail settings. */
  useCompanySmtp(resolve: CompanySmtp): void {
    this.companySmtp = resolve;
  }

  /** Whether the installation has a mail server of its own (SMTP_URL). */
  get hasInstallationServer(): boolean {
    return this.transport !== undefined;
  }

  /** Records the mail and queues its delivery (or keeps it, without any mail server); answers the record's id. */
  async send(mail: OutgoingMail): Promise<number> {
    return (await this.post(mail)).messageId;
  }

  /** `send`, answering also whether the mail was queued or kept (no mail server at all): the notifier reports it. */
  async post(mail: OutgoingMail): Promise<{ messageId: number; state: 'queued' | 'kept' }> {
    const own = mail.companyId ? await this.companySmtp(mail.companyId).catch(() => null) : null;
    const message = { ...mail, channel: 'email' as const, attachments: stored(mail.attachments) };
    if (own || this.transport) return { messageId: await this.outbox.queue(message), state: 'queued' };
    const id = await this.outbox.record(message, 'kept', null);
    // Without any mail server the log is the only way the mail reaches anyone (the first company's activation link):
    // the operator reading it is its recipient, so its links are printed opened. The record keeps them sealed.
    this.log.info(
      { messageId: id, to: mail.to, subject: mail.subject },
      `mail kept in the local outbox (no SMTP_URL):\n${this.outbox.opened(mail.text)}`,
    );
    return { messageId: id, state: 'kept' };
  }

  /** Sends a mail now, once, through `route` (null: the installation's server); answers the record, sent or failed. */
  sendNow(mail: OutgoingMail, route: SmtpRoute | null): Promise<MessageRow> {
    return this.outbox.sendNow({ ...mail, channel: 'email', attachments: stored(mail.attachments) }, (m) => this.deliverVia(route, m));
  }

  private async deliverVia(route: SmtpRoute | null, m: MessageRow): Promise<void> {
    const content = {
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html || undefined,
      attachments: (m.attachments ?? []).map((a) => ({ ...a, content: Buffer.from(a.content, 'base64'), contentDisposition: 'inline' as const })),
    };
    if (route) {
      // A company's own server: a public address only (unless the operator allows private ones), and the connection
      // goes to the address that was checked, with the name kept for TLS.
      let address: string;
      try {
        address = await checkedAddress(route.host, this.opts.allowPrivateEndpoints ?? false);
      } catch (err) {
        if (err instanceof EndpointRefused) throw new PermanentFailure(`The mail server cannot be used: ${err.message}`);
        throw err;
      }
      const transport = nodemailer.createTransport({
        host: address,
        port: route.port,
        secure: route.secure,
        tls: { servername: route.host.replace(/^\[(.*)\]$/, '$1') },
        ...(route.user && { auth: { user: route.user, pass: route.pass } }),
        ...SMTP_TIMEOUTS,
      });
      try {
        await transport.sendMail({ from: route.from, ...content });
      } catch (err) {
        // The company sees its delivery records: one neutral reason, so refused, timed out and closed cannot be told
        // apart (a probe of the network). The operator's log keeps the detail.
        this.log.warn({ err, companyId: m.companyId, messageId: m.id }, 'company mail server failed');
        throw new Error("The company's mail server could not be reached or did not accept the mail");
      } finally {
        transport.close();
      }
      return;
    }
    if (!this.transport) throw new PermanentFailure("No mail server: the installation has no SMTP_URL and the company's own server is off");
    await this.transport.sendMail({ from: this.opts.from, ...content });
  }

  close(): void {
    this.transport?.close();
  }
}
