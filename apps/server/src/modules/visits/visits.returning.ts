import { type In, maskIdNumber, normalizePhone, type ReturningVisitor, Role, Status } from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import { registration } from '../../core/sites/sites.public.js';
import { protocolsAccepted, visitsRepository } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { checkCode, smsSwitchedOn } from '../notifications/notifications.public.js';

/**
 * "Came before" (`getVisitorAppointmentByPhone`): the details of the phone's last visit to fill the walk-in form.
 * A visitor machine stands in public, so it needs the company's comeAgain switch; no one sees a whole certificate
 * number (`reuseIdFrom` copies it) or the photo; while the company has SMS on, the phone must be proven by a code sent to it. The host and type are offered only while they can still be chosen; the
 * current safety terms the phone accepted before are named, so the kiosk does not ask for them again.
 */
export async function returningVisitor(ctx: AuthedContext, input: In<'getVisitorAppointmentByPhone'>): Promise<ReturningVisitor> {
  const machine = ctx.session.role === Role.MACHINE;
  if (machine && (await settingsOf(ctx)).comeAgain !== 1) throw new AppError(Status.NO_PERMISSION, '"Came before" is switched off for this kiosk');
  // With SMS on, only the phone's owner may read its last visit: the code sent to it, checked before anything is looked up.
  if (await smsSwitchedOn(ctx.tenant)) {
    if (!input.smsCode) throw badParams([{ field: 'smsCode', rule: 'required' }]);
    await checkCode(ctx.system, { companyId: ctx.session.companyId, phone: input.phone, purpose: 'returning', code: input.smsCode, spend: true });
  }
  const v = await visitsRepository(ctx.tenant).lastByPhone(normalizePhone(input.phone) ?? input.phone);
  if (!v) throw new AppError(Status.INVALID_VISITOR);
  const host = v.empId ? await employees.kioskHostOf(ctx, v.empId) : undefined;
  const type = v.tid ? await registration.typeById(ctx, v.tid) : undefined;
  return {
    vid: v.id,
    vname: v.name,
    vphone: v.phone,
    vemail: v.email,
    vcompany: v.company,
    certificateType: v.certificateType,
    cardId: maskIdNumber(v.idNumber),
    hasCardId: v.idNumber !== '',
    plateNum: v.plateNum,
    tid: type ? type.tid : null,
    empid: host?.id ?? null,
    empName: host?.name ?? '',
    protocolsAccepted: await protocolsAccepted(ctx.tenant, await settingsOf(ctx), v.phone),
  };
}

/**
 * A walk-in who leaves the certificate empty with `reuseIdFrom`: the certificate of that earlier visit, which must be
 * this company's and this phone's (field error `reuseIdFrom/notFound` otherwise, the same for both so nothing leaks).
 */
export async function reusedCertificate(ctx: AuthedContext, vid: number, phone: string): Promise<{ certificateType: string; idNumber: string }> {
  const v = await visitsRepository(ctx.tenant).byId(vid);
  if (!v || !phone || v.phone !== phone) throw badParams([{ field: 'reuseIdFrom', rule: 'notFound' }]);
  return { certificateType: v.certificateType, idNumber: v.idNumber };
}
