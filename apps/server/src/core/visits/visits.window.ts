import type { TenantScope } from '../../platform/identity/tenancy.js';
import type { VisitRow } from './visits.kernel.js';
import { meetingWindow } from './visits.meetingWindow.js';

/**
 * When a visit may check in: an invitation to a meeting within the meeting's window (from the early margin before it
 * starts until it ends); any other expected visit within its time widened by the company's extend times. Null: any time.
 */
export async function checkInWindow(
  scope: TenantScope,
  v: VisitRow,
  settings: { preExtendTime: number; latExtendTime: number },
): Promise<{ opensAt: number; closesAt: number } | null> {
  if (v.meetingId) {
    const w = await meetingWindow(scope, v.meetingId, settings.preExtendTime);
    if (w) return w;
  }
  if (!v.appointmentAt) return null;
  const at = v.appointmentAt.getTime();
  return { opensAt: at - settings.preExtendTime * 60_000, closesAt: at + settings.latExtendTime * 60_000 };
}
