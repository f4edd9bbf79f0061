import { type In, LogModule, type Out, Role, Status } from '@openvisit/contract';
import { company as companyRow } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import { writeLog } from '../../platform/http/audit.js';
import { type AuthedContext, actorContext, type CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { REQUEST, SEAT } from './approvals.engine.js';
import { decideAs, mayFill, recordOf } from './approvals.flow.js';
import { invalidLink, readLink } from './approvals.linkTokens.js';
import { approvalsRepository } from './approvals.repository.js';

/** The link's approver acting for their company: the seat, whether it is still theirs to decide, and the decider. */
async function opened(ctx: CallContext, token: string) {
  const l = readLink(ctx, token);
  const company = await companyRow(actorContext(ctx, l.companyId, { account: 'link', name: '' }).tenant);
  if (!company) throw invalidLink();
  const name = l.person
    ? ((await employees.namesOf(actorContext(ctx, l.companyId, { account: 'link', name: '' }), [l.person])).get(l.person) ?? '')
    : company.username;
  const actx = actorContext(ctx, l.companyId, { account: l.person ? `employee:${l.person}` : 'admin', name });
  const r = await approvalsRepository(actx.tenant).seat(l.seatId);
  const asker = { empId: l.person || null, hse: false, admin: l.person === 0 };
  const decidedByThem = !!r && r.seat.deciderKind === (l.person ? 'employee' : 'admin') && r.seat.deciderId === (l.person || r.seat.deciderId);
  if (!r || (!mayFill(asker, r.seat) && !decidedByThem)) throw invalidLink();
  return {
    actx,
    seatId: r.seat.id,
    asker,
    name,
    company: company.name,
    lang: company.lang === 'en' ? ('en' as const) : ('zh' as const),
    decider: { asker, kind: l.person ? 'employee' : 'admin', id: l.person, name },
  };
}

export async function byLink(ctx: CallContext, input: In<'getApprovalByLink'>): Promise<Out<'getApprovalByLink'>> {
  const o = await opened(ctx, input.token);
  const record = await recordOf(o.actx, o.seatId, o.asker);
  return { record, approver: o.name, company: o.company, open: record.canDecide, lang: o.lang };
}

export async function decideByLink(ctx: CallContext, input: In<'decideApprovalByLink'>): Promise<Out<'decideApprovalByLink'>> {
  const o = await opened(ctx, input.token);
  const record = await decideAs(o.actx, { rid: o.seatId, result: input.result, remark: input.remark, fields: input.fields }, o.decider);
  ctx.audit.actor = {
    companyId: o.actx.tenant.companyId,
    account: o.decider.kind === 'admin' ? 'admin' : String(o.decider.id),
    name: o.name,
    role: o.decider.kind === 'admin' ? Role.ADMIN : Role.EMPLOYEE,
  };
  ctx.audit.objId = o.actx.audit.objId;
  ctx.audit.objName = o.actx.audit.objName;
  ctx.audit.desc = o.actx.audit.desc;
  return { record, approver: o.name, company: o.company, open: false, lang: o.lang };
}

/**
 * A press on a work app's decision card (modules/im hands it over, app.ts wires it): the link's decision, taken only by
 * the person the link names (the presser's platform id linked to them) and only on the company whose app carried the
 * card. Decided through the same engine as the console and the mail's page, and logged as they are.
 */
export async function decideByCard(
  ctx: AuthedContext,
  input: { token: string; result: 'approve' | 'refuse'; remark: string; personId: number | null },
): Promise<{ result: 'approved' | 'refused'; by: string; at: Date }> {
  const l = readLink(ctx, input.token);
  // A card of another company pressed through this company's app is not this company's to decide.
  if (l.companyId !== ctx.tenant.companyId) throw invalidLink();
  if (!l.person || l.person !== input.personId) throw new AppError(Status.NOT_APPROVER, 'Only the approver the card was sent to may decide on it');
  const o = await opened(ctx, input.token);
  await decideAs(o.actx, { rid: o.seatId, result: input.result, remark: input.remark, fields: {} }, o.decider);
  const actor = { companyId: o.actx.tenant.companyId, account: String(o.decider.id), name: o.name, role: Role.EMPLOYEE };
  const { objId, objName, desc } = o.actx.audit;
  await writeLog(ctx.system, ctx.services.secrets, actor, { module: LogModule.VISITOR, event: 'update', objId, objName, desc }, '');
  return { result: input.result === 'approve' ? 'approved' : 'refused', by: o.name, at: new Date() };
}

/** Where a card's seat stands: null while it still waits for a decision, else what the card shows instead of its buttons. */
export async function cardState(
  ctx: AuthedContext,
  token: string,
): Promise<{ result: 'approved' | 'refused' | 'returned' | 'closed'; by: string; at: Date } | null> {
  const l = readLink(ctx, token);
  if (l.companyId !== ctx.tenant.companyId) throw invalidLink();
  const r = await approvalsRepository(ctx.tenant).seat(l.seatId);
  if (!r) return { result: 'closed', by: '', at: new Date() };
  const s = r.seat;
  const at = s.decidedAt ?? r.request.decidedAt ?? new Date();
  if (s.status === SEAT.WAITING) return r.request.status === REQUEST.WAITING ? null : { result: 'closed', by: '', at };
  if (s.status === SEAT.APPROVED || s.status === SEAT.AGREED) return { result: 'approved', by: s.deciderName, at };
  if (s.status === SEAT.REFUSED) return { result: 'refused', by: s.deciderName, at };
  if (s.status === SEAT.RETURNED) return { result: 'returned', by: s.deciderName, at };
  if (s.status === SEAT.BY_DEADLINE) return { result: s.note === 'deadlineRefused' ? 'refused' : 'approved', by: '', at };
  return { result: 'closed', by: '', at };
}
