import type { CompanySettings } from '@openvisit/contract';
import { checkInWindow, type VisitRow } from '../../core/visits/visits.public.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';

/**
 * When a visit's pass opens doors (1115 outside): from the opening of its check-in window (an expected visit, a
 * meeting's invitation) or its sign-in (a walk-in); until `qrMaxDuration` hours later where the company limits its
 * passes, else until the visitor's leave time when one is set, else the end of the visit's day (never before its
 * check-in window closes). Null: a visit with no time at all opens at any time (its state still decides).
 */
export async function doorWindow(scope: TenantScope, v: VisitRow, settings: CompanySettings): Promise<{ from: number; until: number } | null> {
  const checkIn = await checkInWindow(scope, v, settings);
  const from = checkIn?.opensAt ?? v.visitAt?.getTime() ?? null;
  if (from === null) return null;
  if (settings.qrMaxDuration > 0) return { from, until: from + settings.qrMaxDuration * 3_600_000 };
  const closes = checkIn?.closesAt ?? from;
  if (v.leaveAt) return { from, until: Math.max(v.leaveAt.getTime(), closes) };
  const day = v.appointmentAt ?? v.visitAt ?? new Date(from);
  return { from, until: Math.max(dayStart(dayOf(day), 1).getTime() - 1, closes) };
}
