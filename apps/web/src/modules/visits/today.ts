import type { CallInput, searchVisitsPage, Visit, VisitEvent } from '@openvisit/contract';
import { allowedEvents } from '@openvisit/contract';

/**
 * The tabs of the front desk's today screen (reference 3.6: registrations, appointments, invitations, resident visitors,
 * on site, cards to issue).
 */
export const TODAY_TABS = ['walkin', 'appointment', 'invite', 'resident', 'onSite', 'cards', 'signedOut'] as const;
export type TodayTab = (typeof TODAY_TABS)[number];

/** How often the lists refresh on their own (they also refresh when the window gets the focus again). */
export const REFRESH_MS = 30_000;

/** Phones are digits with an optional leading + and separators. */
const PHONE = /^\+?[\d\s-]{3,32}$/;
/** A certificate number: an ID card's 15 or 18 characters, or letters and digits together (passports, permits). */
const ID_CARD = /^(\d{15}|\d{17}[\dXx])$/;
const CERTIFICATE = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9-]{5,32}$/;

/** The lookup box's text as a filter: a certificate number, a phone number (digits) or a visitor's name. */
export function lookupFilter(text: string): { phone?: string; name?: string; cardId?: string } {
  const v = text.trim().slice(0, 64);
  if (!v) return {};
  if (ID_CARD.test(v) || CERTIFICATE.test(v)) return { cardId: v.toUpperCase() };
  return PHONE.test(v) ? { phone: v.replace(/[\s-]/g, '') } : { name: v };
}

/**
 * The search of one tab on `day` (yyyy-mm-dd): walk-ins, appointments and invitations of the day; everybody on site
 * now (whatever day they came); today's sign-outs.
 */
export function tabInput(tab: TodayTab, day: string, lookup: string, page: number, size: number): CallInput<typeof searchVisitsPage> {
  const base = { ...lookupFilter(lookup), startIndex: (page - 1) * size, requestedCount: size };
  if (tab === 'onSite') return { ...base, onSite: true };
  if (tab === 'cards') return { ...base, onSite: true, noCard: true };
  if (tab === 'signedOut') return { ...base, date: day, endDate: day, status: 'signedOut' };
  return { ...base, date: day, endDate: day, kind: tab };
}

/** The desk's actions on a visit, as far as its status allows them (the state machine decides). */
export type DeskAction = 'checkIn' | 'signOut' | 'approve' | 'reject' | 'badge' | 'card';

export function deskActions(v: Pick<Visit, 'status'>): DeskAction[] {
  const allowed = new Set<VisitEvent>(allowedEvents(v.status));
  const out: DeskAction[] = [];
  if (allowed.has('checkIn')) out.push('checkIn');
  if (allowed.has('approve')) out.push('approve');
  // Refusing an invitation is its approvers' or host's business, not the desk's: only waiting walk-ins and bookings.
  if (allowed.has('reject') && (v.status === 'unauthorized' || v.status === 'reserved')) out.push('reject');
  if (allowed.has('signOut')) out.push('signOut');
  // A badge is printed for a visitor on site (a lost or spoiled one is reprinted), and an access card handed out.
  if (v.status === 'signedIn') out.push('badge', 'card');
  return out;
}
