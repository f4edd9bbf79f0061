import type { Out } from '@openvisit/contract';
import { Status } from '@openvisit/contract';
import { entitledGroups, groupIdsGranted } from '../../core/entitlements/entitlements.public.js';
import { employees } from '../../core/people/people.public.js';
import { visitByCard } from '../../core/visits/visits.public.js';
import { dayOf } from '../../platform/formats/days.js';
import type { DeviceContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { interimCards } from '../interimCards/interimCards.public.js';
import { doorConfig } from './doors.config.js';
import { decideEmployeeDoor } from './doors.decision.js';
import { doorPass, placeOf, visitorPass } from './doors.pass.js';

type Input = { cardNo: string; deviceCode?: string; direction?: 1 | 2 };

/**
 * `uploadCard`: a card reader's read → an employee's card (their access, dates and groups: `decideEmployeeDoor`) or the
 * card the desk handed a visitor on site (the visit's decision, as its QR pass but without rotation); a card nobody
 * holds 1123. The employees' cards are looked up first: a visitor holds a card only while on site, an employee keeps
 * theirs.
 */
export async function uploadCard(ctx: DeviceContext, input: Input): Promise<Out<'uploadCard'>> {
  if (ctx.device.kind === 'barrier') throw new AppError(Status.DEVICE_NOT_ALLOWED, 'a barrier reads plates, not cards');
  const p = doorPass(ctx, input, 'card');
  const scope = ctx.tenant;
  const [own, config] = await Promise.all([employees.cardHolder(scope, input.cardNo), doorConfig(ctx, p.now)]);
  // A temporary card lent to an employee opens what their own card would.
  const employee = own ?? (await interimCards.lentCardHolder(scope, input.cardNo));
  if (!employee) {
    const v = await visitByCard(scope, input.cardNo);
    if (!v) return p.refuse({ status: Status.UNKNOWN_RECORD, why: 'noCard' });
    return visitorPass(p, v, config, { rotating: false });
  }
  const who = { personType: 1, personId: employee.id, name: employee.name, phone: employee.phone };
  const granted = await groupIdsGranted(scope, { empId: employee.id });
  const verdict = decideEmployeeDoor({
    now: p.now,
    today: dayOf(p.now),
    direction: p.direction,
    employee,
    passGroups: entitledGroups({ kind: 'employee', granted }, config.groups),
    deviceGroups: config.groupsOfDevice.get(ctx.device.id) ?? [],
    strategies: config.strategies,
    holidays: config.holidays,
  });
  const place = await placeOf(config, verdict, null);
  if (!verdict.ok) return p.refuse(verdict, { ...who, ...place });
  const recordId = await p.record({ ...who, ...place });
  return {
    open: true,
    recordId,
    direction: p.direction,
    personType: 1,
    name: employee.name,
    vid: null,
    empid: employee.id,
    signedIn: false,
    signedOut: false,
  };
}
