import { type In, LOGISTICS_FIELD_GROUPS, logDesc, type Out, Role, Status, settingObject } from '@openvisit/contract';
import { settingsIn } from '../../core/company/company.public.js';
import { type AuthedContext, actorContext, type CallContext } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { spendCaptcha } from '../../platform/identity/captcha.js';
import { randomToken, safeEqual } from '../../platform/identity/crypto.js';
import { scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import { submitBooking } from './logistics.approval.js';
import { createBooking } from './logistics.bookings.js';
import { storePhoto } from './logistics.photos.js';
import { logisticsSettingsRepository } from './logistics.settings.repository.js';
import { logisticsSystemRepository } from './logistics.system.repository.js';

/**
 * The public booking link: `<link id>.<HMAC of id and the link's secret>` under the server's key, so the token is
 * stored nowhere (only its secret) and a new secret voids every earlier link. Carriers book through it, with a
 * captcha when captchas are on and the `register` rate limit; bookings land waiting for approval.
 */

const PURPOSE = 'logistics-link';

function tokenOf(ctx: CallContext, link: { id: number; secret: string }): string {
  return `${link.id}.${ctx.services.secrets.mac(PURPOSE, `${link.id}:${link.secret}`)}`;
}

export async function getLink(ctx: AuthedContext): Promise<Out<'getLogisticsLink'>> {
  const link = await logisticsSettingsRepository(ctx.tenant).link();
  return link ? { token: tokenOf(ctx, link), createTime: link.createdAt.getTime() } : { token: null, createTime: null };
}

export async function resetLink(ctx: AuthedContext): Promise<Out<'resetLogisticsLink'>> {
  const link = await logisticsSettingsRepository(ctx.tenant).setLinkSecret(randomToken(24));
  ctx.audit.objId = link.id;
  ctx.audit.objName = settingObject('logisticsLink');
  ctx.audit.desc = logDesc('linkReset');
  return { token: tokenOf(ctx, link), createTime: link.createdAt.getTime() };
}

/** The company a token books with; 740 for an unknown, forged or replaced link (all answer alike). */
async function linkCompany(ctx: CallContext, token: string): Promise<{ scope: TenantScope; company: string; companyId: number }> {
  const [id, mac] = token.split('.');
  const link = await logisticsSystemRepository(ctx.system).linkById(Number(id));
  if (!link || !safeEqual(tokenOf(ctx, link), `${id}.${mac}`)) throw new AppError(Status.LOGISTICS_LINK_INVALID);
  return { scope: scopeForCompany(ctx.system, link.companyId), company: link.company, companyId: link.companyId };
}

export async function bookingPage(ctx: CallContext, input: In<'getExtendTypeInfo'>): Promise<Out<'getExtendTypeInfo'>> {
  const { scope, company } = await linkCompany(ctx, input.token);
  const settings = logisticsSettingsRepository(scope);
  const rows = await settings.types();
  const chosen = input.tid ? rows.filter((r) => r.id === input.tid) : rows;
  if (input.tid && chosen.length === 0) throw notFound('logistics type');
  // The page shows only the fields a carrier fills.
  const types = chosen.map((r) => ({
    tid: r.id,
    name: r.name,
    qid: r.questionnaireId,
    ...Object.fromEntries(LOGISTICS_FIELD_GROUPS.map((g) => [g, r.fields[g].filter((f) => f.shown)])),
  })) as Out<'getExtendTypeInfo'>['types'];
  return { company, country: (await settingsIn(scope)).country, types, carriers: await settings.carrierNames() };
}

export async function publicBooking(ctx: CallContext, input: In<'addLogisticsBooking'>): Promise<Out<'addLogisticsBooking'>> {
  const { scope, companyId } = await linkCompany(ctx, input.token);
  if (ctx.config.captcha) await spendCaptcha(ctx.system, input.digest);
  const { token: _, digest: __, ...fields } = input;
  const created = await createBooking(ctx.services.files, scope, fields, { creator: input.sname, source: 'link' });
  const row = await submitBooking(actorContext(ctx, companyId, { account: input.smobile, name: input.sname }), created, input.sname);
  ctx.audit.actor = { companyId, account: input.smobile, name: input.sname, role: Role.VISITOR };
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.logNum} ${row.plateNum}`;
  return { logNum: row.logNum, appointmentDate: row.appointmentDate, pstatus: row.pstatus };
}

/** A carrier's photo from the public page is the link's company's: 740 for a link that does not work. */
export async function linkPhoto(ctx: CallContext, input: In<'uploadLogisticsBookingPhoto'>): Promise<{ key: string }> {
  const { scope } = await linkCompany(ctx, input.token);
  return storePhoto(ctx, scope);
}
