import { type IdNumberHolder, type In, type LogDescKey, logDesc, type Out } from '@openvisit/contract';
import { visitsRepository } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { notFound } from '../../platform/http/errors.js';
import { bookingPeople } from '../logistics/logistics.public.js';
import { residentIdNumber } from '../residents/residents.public.js';

interface Holder {
  name: string;
  certificateType: string;
  idNumber: string;
}

/** The record's person and number, when the caller sees the record (the lists' own visibility). */
const HOLDERS: Record<IdNumberHolder, (ctx: AuthedContext, id: number) => Promise<Holder | undefined>> = {
  visit: async (ctx, id) => visitsRepository(ctx.tenant).visibleById(id),
  resident: residentIdNumber,
  driver: async (ctx, id) => {
    const p = await bookingPeople(ctx, id);
    return p && { ...p.driver, certificateType: '' };
  },
  sender: async (ctx, id) => {
    const p = await bookingPeople(ctx, id);
    return p && { ...p.sender, certificateType: '' };
  },
};

const LOGGED = {
  visit: 'idNumberOfVisit',
  resident: 'idNumberOfResident',
  driver: 'idNumberOfDriver',
  sender: 'idNumberOfSender',
} as const satisfies Record<IdNumberHolder, LogDescKey>;

/**
 * revealIdNumber: one record's whole number, each reading an operation-log entry naming the person (an erasure
 * blanks it with their other entries). A record not seen and one without a number answer alike (602).
 */
export async function revealIdNumber(ctx: AuthedContext, input: In<'revealIdNumber'>): Promise<Out<'revealIdNumber'>> {
  const held = await HOLDERS[input.of](ctx, input.id);
  if (!held?.idNumber) throw notFound('ID number');
  ctx.audit.objId = input.id;
  ctx.audit.objName = held.name;
  ctx.audit.desc = logDesc(LOGGED[input.of]);
  return { certificateType: held.certificateType, idNumber: held.idNumber };
}
