import { type In, type InterimCard, InterimCardStatus, type LogDescription, logDesc, Status } from '@openvisit/contract';
import { employees } from '../../core/people/people.public.js';
import { uniqueViolation } from '../../db/sql.js';
import { dayOf, dayStart, periodBounds } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { type ActionRule, abilitiesOf, assertMay } from '../../platform/identity/policy.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { emitEvents, type OutgoingEvent } from '../../platform/jobs/eventOutbox.js';
import { submitApplication, waitingForApprovers } from './interimCards.approval.js';
import { cardActions } from './interimCards.policy.js';
import { type InterimCardFilter, type InterimCardRow, interimCardsRepository } from './interimCards.repository.js';

const { APPLIED, LENT, RETURNED, REFUSED } = InterimCardStatus;

export function toCard(ctx: AuthedContext, r: InterimCardRow, now = new Date()): InterimCard {
  return {
    cid: r.id,
    empid: r.empId ?? 0,
    name: r.name,
    deptName: r.deptName,
    empNo: r.empNo,
    cardNo: r.cardNo,
    phone: r.phone,
    email: r.email,
    office: r.office,
    submitTime: r.submittedAt.getTime(),
    lendTime: r.lentAt?.getTime() ?? null,
    returnDue: r.dueAt?.getTime() ?? null,
    returnTime: r.returnedAt?.getTime() ?? null,
    icStatus: r.status,
    refuseReason: r.refuseReason,
    overdue: isOverdue(r, now),
    can: abilitiesOf(cardActions, ctx, r),
  };
}

export function isOverdue(r: Pick<InterimCardRow, 'status' | 'dueAt'>, now = new Date()): boolean {
  return r.status === LENT && !!r.dueAt && r.dueAt.getTime() < now.getTime();
}

const repoOf = (ctx: AuthedContext) => interimCardsRepository(ctx.tenant);

export type ListFilters = Omit<In<'getInterimCard'>, 'userid' | 'startIndex' | 'requestedCount'>;

/** The list's filters as the repository takes them (an employee sees only their own cards: the repository's visibility). */
export function filterOf(ctx: AuthedContext, f: ListFilters): InterimCardFilter {
  const statuses = f.icList?.length ? f.icList : f.icStatus !== undefined ? [f.icStatus] : undefined;
  return {
    ...(f.startDate && { from: dayStart(f.startDate) }),
    ...(f.endDate && { until: periodBounds(f.endDate, f.endDate).until }),
    // An employee's own cards whatever they ask: the repository keeps to them, so another's id would only empty the list.
    empId: ctx.tenant.visibility.employee === null ? f.empid : undefined,
    name: f.name,
    empNo: f.empNo,
    cardNo: f.cardNo,
    statuses,
    ...(f.overdue && { overdueAt: new Date() }),
  };
}

export async function page(ctx: AuthedContext, input: In<'getInterimCard'>) {
  const { startIndex, requestedCount, userid: _u, ...filters } = input;
  const { rows, count } = await repoOf(ctx).page(filterOf(ctx, filters), startIndex, requestedCount);
  const now = new Date();
  return {
    pageNo: Math.floor(startIndex / requestedCount) + 1,
    pageSize: requestedCount,
    count,
    list: rows.map((r) => toCard(ctx, r, now)),
  };
}

/** Who the card is for: the signed-in employee, an employee the desk names, or a visitor by name and phone. */
async function holderOf(ctx: AuthedContext, input: In<'addInterimCard'>) {
  const own = ctx.tenant.visibility.employee;
  const empid = own ?? input.empid;
  if (own !== null && input.empid !== undefined && input.empid !== own) throw new AppError(Status.NO_PERMISSION);
  if (empid === undefined) {
    const missing = [...(input.name ? [] : ['name']), ...(input.phone ? [] : ['phone'])];
    if (missing.length) throw badParams(missing.map((field) => ({ field, rule: 'required' })));
    return { empId: null, name: input.name ?? '', phone: input.phone ?? '' };
  }
  const e = await employees.profileOf(ctx, empid);
  if (!e) throw employees.notFound();
  if (e.status !== 0) throw new AppError(Status.INVALID_EMPLOYEE);
  return { empId: e.empid, name: e.empName, deptName: e.deptNames.join(', '), empNo: e.empNo, phone: e.empPhone, email: e.empEmail };
}

export async function apply(ctx: AuthedContext, input: In<'addInterimCard'>): Promise<InterimCard> {
  const holder = await holderOf(ctx, input);
  const row = await repoOf(ctx).insert({ ...holder, office: input.office, status: APPLIED, createdBy: ctx.session.name });
  await submitApplication(ctx, row);
  audit(ctx, row, logDesc('tempCardApplied'));
  return toCard(ctx, row);
}

function audit(ctx: AuthedContext, row: InterimCardRow, desc: LogDescription) {
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = desc;
}

/** The card, or 602; 58 when it is not in a status the action starts from (interimCards.policy.ts). */
async function cardFor(ctx: AuthedContext, cid: number, rule: ActionRule): Promise<InterimCardRow> {
  const row = await repoOf(ctx).byId(cid);
  if (!row) throw notFound('temporary card');
  assertMay(rule, row);
  if (rule !== cardActions.giveBack && (await waitingForApprovers(ctx, row.id)))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The application waits for the approvers its approval policy names');
  return row;
}

const alreadyLent = () => new AppError(Status.ALREADY_EXISTS, 'This card number is already lent', { errors: [{ field: 'cardNo', rule: 'lent' }] });

export async function lend(ctx: AuthedContext, input: In<'updateInterimCard'>): Promise<InterimCard> {
  const repo = repoOf(ctx);
  await cardFor(ctx, input.cid, cardActions.lend);
  const now = new Date();
  if (input.returnDue !== undefined && input.returnDue <= now.getTime()) throw badParams([{ field: 'returnDue', rule: 'past' }]);
  if (await repo.lentNumber(input.cardNo)) throw alreadyLent();
  const dueAt = input.returnDue !== undefined ? new Date(input.returnDue) : dayStart(dayOf(now), 1);
  const row = await transitionWithEvent(ctx, 'temporary_card.lent', input.cid, cardActions.lend.from, {
    status: LENT,
    cardNo: input.cardNo,
    lentAt: now,
    dueAt,
  }).catch((err: unknown) => {
    // The partial unique index settles two desks lending one number at once.
    if (uniqueViolation(err) === 'interim_cards_lent_uq') throw alreadyLent();
    throw err;
  });
  if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED);
  audit(ctx, row, logDesc('tempCardLent', { cardNo: row.cardNo }));
  return toCard(ctx, row, now);
}

export async function refuse(ctx: AuthedContext, input: In<'refuseInterimCard'>): Promise<InterimCard> {
  await cardFor(ctx, input.cid, cardActions.refuse);
  const row = await repoOf(ctx).transition(input.cid, cardActions.refuse.from, { status: REFUSED, refuseReason: input.refuseReason });
  if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED);
  audit(ctx, row, logDesc('tempCardRefused', { reason: input.refuseReason }));
  return toCard(ctx, row);
}

export async function giveBack(ctx: AuthedContext, input: In<'returnInterimCard'>): Promise<InterimCard> {
  await cardFor(ctx, input.cid, cardActions.giveBack);
  const row = await transitionWithEvent(ctx, 'temporary_card.returned', input.cid, cardActions.giveBack.from, {
    status: RETURNED,
    returnedAt: new Date(),
  });
  if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED);
  audit(ctx, row, logDesc('tempCardReturned', { cardNo: row.cardNo }));
  return toCard(ctx, row);
}

/** A card handed out or given back, with its event (packages/contract/src/events.site.ts) in one transaction. */
function transitionWithEvent(
  ctx: AuthedContext,
  type: 'temporary_card.lent' | 'temporary_card.returned',
  ...[id, from, set]: Parameters<ReturnType<typeof interimCardsRepository>['transition']>
): Promise<InterimCardRow | undefined> {
  return inTransaction(ctx.tenant, async (tx) => {
    const row = await interimCardsRepository(tx).transition(id, from, set);
    if (row) await emitEvents(tx, tx.companyId, [cardEvent(type, row, ctx.session.name)]);
    return row;
  });
}

function cardEvent(type: 'temporary_card.lent' | 'temporary_card.returned', r: InterimCardRow, actor: string): OutgoingEvent {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    type,
    data: {
      cardId: r.id,
      cardNo: r.cardNo,
      holder: { employeeId: r.empId, name: r.name, empNo: r.empNo, department: r.deptName },
      lentAt: iso(r.lentAt),
      dueAt: iso(r.dueAt),
      returnedAt: iso(r.returnedAt),
      actor,
    },
  };
}

/**
 * For the door readers: the employee holding this temporary card now (lent, not past its due time), as the
 * employee's own card would answer; undefined for a visitor's card, a card not lent, or one overdue.
 */
/**
 * For the devices that keep people (modules/credentials): each employee's temporary card lent now and not past its due
 * time, the same cards `lentCardHolder` opens with.
 */
export async function lentCardsOfEmployees(scope: TenantScope, now = new Date()): Promise<Map<number, string>> {
  const lent = await interimCardsRepository(scope).lentToEmployees();
  return new Map(lent.flatMap((r) => (r.empId && !isOverdue({ status: LENT, dueAt: r.dueAt }, now) ? [[r.empId, r.cardNo.toUpperCase()]] : [])));
}

export async function lentCardHolder(scope: TenantScope, cardNo: string) {
  const lent = await interimCardsRepository(scope).lentTo(cardNo);
  if (!lent?.empId || isOverdue({ status: LENT, dueAt: lent.dueAt })) return undefined;
  return employees.holderById(scope, lent.empId);
}
