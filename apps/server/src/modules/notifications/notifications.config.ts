import {
  type EmailConf,
  EmailType,
  emailConfigErrors,
  type In,
  type IvrConf,
  ivrConfigErrors,
  type LoggedSetting,
  logDesc,
  type NotifyConf,
  Status,
  settingObject,
  storedMailPasswordFits,
} from '@openvisit/contract';
import { company as companyRow } from '../../core/company/company.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import type { SmtpRoute } from '../../platform/messages/mail.js';
import { PermanentFailure } from '../../platform/messages/messages.js';
import { emailOf, ivrOf, notifyRepository, secretOf, smsOf, wxOf } from './notifications.repository.js';

function repoOf(ctx: AuthedContext) {
  return notifyRepository(ctx.tenant);
}

export async function getConf(ctx: AuthedContext): Promise<NotifyConf> {
  const rows = await repoOf(ctx).all();
  return {
    email: emailOf(rows.get('email')),
    sms: smsOf(rows.get('sms')),
    wechat: wxOf(rows.get('wechat')),
    voice: ivrOf(rows.get('voice')),
    installationMail: ctx.services.mailer.hasInstallationServer,
  };
}

// ---------------------------------------------------------------------------------------------
// Email
// ---------------------------------------------------------------------------------------------

interface EmailInput {
  emailNotify?: 0 | 1;
  type?: EmailType;
  smtp?: string;
  smtp_port?: number;
  ssl?: 0 | 1;
  account?: string;
  pwd?: string;
  sender?: string;
}

/** The settings after `input` (omitted fields stay); clearing the account forgets its password. */
function mergeEmail(cur: EmailConf, input: EmailInput): { next: EmailConf; forgetPassword: boolean } {
  const merged = {
    emailNotify: input.emailNotify ?? cur.emailNotify,
    type: input.type ?? cur.type,
    smtp: input.smtp ?? cur.smtp,
    smtp_port: input.smtp_port ?? cur.smtp_port,
    ssl: input.ssl ?? cur.ssl,
    account: input.account ?? cur.account,
    sender: input.sender ?? cur.sender,
  };
  // The installation's server needs no password of the company's: switching to it keeps the stored one for later.
  const forgetPassword = !input.pwd && merged.type !== EmailType.INSTALLATION && !storedMailPasswordFits(cur, merged);
  return { next: { ...merged, hasPassword: !!input.pwd || (cur.hasPassword && !forgetPassword) }, forgetPassword };
}

export async function configureEmail(ctx: AuthedContext, input: EmailInput): Promise<EmailConf> {
  const repo = repoOf(ctx);
  const { next, forgetPassword } = mergeEmail(emailOf(await repo.get('email')), input);
  const errors = emailConfigErrors(next);
  if (errors.length) throw badParams(errors);
  const saved = await repo.save('email', {
    enabled: next.emailNotify,
    conf: { type: next.type, smtp: next.smtp, smtp_port: next.smtp_port, ssl: next.ssl, account: next.account, sender: next.sender },
    ...(input.pwd ? { secret: ctx.services.secrets.seal(input.pwd) } : forgetPassword ? { secret: '' } : {}),
  });
  ctx.audit.objName = settingObject('email');
  ctx.audit.desc =
    next.emailNotify !== 1
      ? logDesc('emailNoticeOff')
      : next.type === EmailType.INSTALLATION
        ? logDesc('emailViaInstallation')
        : logDesc(input.pwd ? 'emailViaServerPasswordChanged' : 'emailViaServer', { host: next.smtp, port: next.smtp_port });
  return emailOf(saved);
}

/** The company's own server as a route (null for the installation's), its password opened from storage. */
export function routeOf(c: EmailConf, password: string): SmtpRoute | null {
  if (c.type === EmailType.INSTALLATION) return null;
  return { host: c.smtp, port: c.smtp_port, secure: c.ssl === 1, user: c.account, pass: c.account ? password : '', from: c.sender };
}

function testMail(lang: 'zh' | 'en', company: string, via: string) {
  const lines =
    lang === 'zh'
      ? ['这是一封测试邮件。', `${company} 的访客系统可以经 ${via} 发送邮件通知。`]
      : ['This is a test mail.', `${company}'s visitor system can send email notices through ${via}.`];
  const subject = lang === 'zh' ? '访客系统测试邮件' : 'Visitor system test mail';
  return {
    subject,
    text: lines.join('\n'),
    html: `<!doctype html><html><body>${lines.map((l) => `<p>${l.replace(/[<>&]/g, '')}</p>`).join('')}</body></html>`,
  };
}

/** A test mail now, through the given (unsaved) settings over the stored ones: 40 with the server's reason on failure. */
export async function testEmail(ctx: AuthedContext, input: EmailInput & { to: string }): Promise<null> {
  const row = await repoOf(ctx).get('email');
  const { next, forgetPassword } = mergeEmail(emailOf(row), input);
  const errors = emailConfigErrors(next);
  if (errors.length) throw badParams(errors);
  let password = input.pwd ?? '';
  if (!password && !forgetPassword) {
    try {
      password = secretOf(ctx.services.secrets, row, 'mail password');
    } catch (err) {
      throw new AppError(Status.EMAIL_SEND_FAILED, err instanceof PermanentFailure ? err.message : 'The stored mail password cannot be read');
    }
  }
  const route = routeOf(next, password);
  if (!route && !ctx.services.mailer.hasInstallationServer)
    throw new AppError(Status.EMAIL_SEND_FAILED, "This installation has no mail server of its own (SMTP_URL); choose the company's SMTP server");
  const company = await companyRow(ctx.tenant);
  const lang = company?.lang === 'zh' ? 'zh' : 'en';
  const via = route ? `${route.host}:${route.port}` : lang === 'zh' ? '系统邮件服务器' : "this installation's mail server";
  const sent = await ctx.services.mailer.sendNow(
    { companyId: ctx.session.companyId, to: input.to, ...testMail(lang, company?.name ?? '', via) },
    route,
  );
  // One answer whatever went wrong (refused, timed out, no such host, a private address): telling them apart would let
  // the form probe which hosts and ports answer on the server's network. The delivery record keeps the same.
  if (sent.state !== 'sent')
    throw new AppError(
      Status.EMAIL_SEND_FAILED,
      'The test mail could not be sent through this mail server: check its host, port, security and account',
    );
  return null;
}

// ---------------------------------------------------------------------------------------------
// SMS, WeChat, voice
// ---------------------------------------------------------------------------------------------

/** What to do with a write-only secret: a new one sealed, forgotten with the key it went with, or kept (undefined). */
export function secretChange(ctx: AuthedContext, given: string | undefined, keyCleared: boolean): string | undefined {
  if (given) return ctx.services.secrets.seal(given);
  return keyCleared ? '' : undefined;
}

export function channelLog(ctx: AuthedContext, objName: LoggedSetting, on: boolean, secretChanged: boolean): void {
  ctx.audit.objName = settingObject(objName);
  ctx.audit.desc = logDesc(on ? (secretChanged ? 'channelOnSecretChanged' : 'channelOn') : secretChanged ? 'channelOffSecretChanged' : 'channelOff');
}

export async function updateIvr(ctx: AuthedContext, input: In<'ivrNotifyConf'>): Promise<IvrConf> {
  const repo = repoOf(ctx);
  const cur = ivrOf(await repo.get('voice'));
  const endpoint = input.endpoint ?? cur.endpoint;
  // The key belongs to the endpoint: clearing the endpoint forgets it.
  const keyCleared = endpoint === '' && cur.endpoint !== '';
  const next: IvrConf = { ivrNotify: input.ivrNotify ?? cur.ivrNotify, endpoint, hasKey: !!input.key || (cur.hasKey && !keyCleared) };
  const errors = ivrConfigErrors(next);
  if (errors.length) throw badParams(errors);
  const saved = await repo.save('voice', {
    enabled: next.ivrNotify,
    conf: { endpoint: next.endpoint },
    secret: secretChange(ctx, input.key, keyCleared),
  });
  channelLog(ctx, 'voice', next.ivrNotify === 1, !!input.key);
  return ivrOf(saved);
}
