import { appointmentWindowFailure, initialStatus, logDesc, normalizePhone, Role, Status, VISIT_MOVES, type Visit } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/calls.js';
import { AppError, badParams } from '../../platform/errors.js';
import { settingsOf } from '../accounts/accounts.service.js';
import * as employees from '../employees/employees.service.js';
import { gatesNamed } from '../registration/registration.gates.js';
import * as registration from '../registration/registration.service.js';
import { visitsRepository } from '../visits/visits.repository.js';
import { createVisit, toVisit } from '../visits/visits.service.js';

export interface InviteInput {
  empid?: number;
  visitors: { name: string; phone: string; email: string; company: string; lang: 'zh' | 'en' }[];
  appointmentDate: number;
  tid: number | null;
  visitType: string;
  visitReason: string;
  gid: number | null;
}

/** The host of an invitation: an employee invites as themselves, and only when the company and their record allow it. */
async function hostFor(ctx: AuthedContext, empid: number | undefined) {
  if (ctx.session.role === Role.EMPLOYEE) {
    if ((await settingsOf(ctx)).permissionSwitch !== 1)
      throw new AppError(Status.INVITE_FEATURE_OFF, 'The company has not opened invitations to employees');
    const host = await employees.hostOf(ctx, ctx.session.accountId);
    if (host.forbidInvite) throw new AppError(Status.INVITE_FEATURE_OFF, 'You may not invite visitors; ask the administrator');
    return host;
  }
  if (!empid) throw badParams([{ field: 'empid', rule: 'required' }]);
  return employees.hostOf(ctx, empid);
}

/** The same day in server time. */
function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * Invitations (reference `addAppointment`): every check first, then one record per visitor in one transaction, each
 * starting as 'sent' with its own code. The messages that carry the invitation are the notifications module's.
 */
export async function invite(ctx: AuthedContext, input: InviteInput): Promise<Visit[]> {
  const host = await hostFor(ctx, input.empid);
  const at = new Date(input.appointmentDate);
  const rule = appointmentWindowFailure(at.getTime(), Date.now());
  if (rule) throw badParams([{ field: 'appointmentDate', rule }]);
  let visitType = input.visitType;
  if (input.tid !== null) {
    const type = await registration.typeById(ctx, input.tid);
    if (!type) throw new AppError(Status.VISITOR_TYPE_NOT_EXIST);
    if (input.gid && type.gids.length && !type.gids.includes(input.gid)) throw badParams([{ field: 'tid', rule: 'notAtGate' }]);
    visitType = type.vType;
  }
  const gate = input.gid ? (await gatesNamed(ctx, [input.gid]))[0] : undefined;
  if (input.gid && !gate) throw new AppError(Status.GATE_NOT_FOUND);

  const repo = visitsRepository(ctx.db, { companyId: ctx.session.companyId });
  const people = input.visitors.map((v) => ({ ...v, phone: v.phone ? (normalizePhone(v.phone) ?? v.phone) : '' }));
  for (const [i, p] of people.entries()) {
    if (!p.phone) continue;
    const open = await repo.byPhone(p.phone, VISIT_MOVES.checkIn.from);
    if (open.some((o) => o.appointmentAt && sameDay(o.appointmentAt, at)))
      throw new AppError(Status.SAME_PHONE_APPOINTMENT, undefined, { errors: [{ field: `visitors.${i}.phone`, rule: 'invited' }] });
  }

  const status = initialStatus('invite', { approval: false });
  const rows = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const out = [];
    for (const p of people) {
      out.push(
        await createVisit(txCtx, {
          kind: 'invite',
          status,
          permission: 1,
          name: p.name,
          phone: p.phone,
          email: p.email,
          company: p.company,
          empId: host.id,
          empName: host.name,
          empPhone: host.phone,
          subAccountId: host.subAccountId,
          tid: input.tid,
          visitType,
          visitReason: input.visitReason,
          gid: input.gid,
          appointmentAt: at,
          lang: p.lang,
        }),
      );
    }
    return out;
  });
  ctx.audit.objId = rows.map((r) => r.id).join(',');
  ctx.audit.objName = rows
    .map((r) => r.name)
    .join(', ')
    .slice(0, 200);
  ctx.audit.desc = logDesc('visitorsInvited', { count: rows.length, day: at.toISOString().slice(0, 10), host: host.name });
  return rows.map(toVisit);
}
