import { type CallInput, type getEqptMonitor, MONITOR_STATUSES, MONITOR_TYPES } from '@openvisit/contract';
import { defineListParams, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

/** The monitor list's filters and paging, kept in the URL: type, online/offline and a text (name, identifier or IP). */
export const monitorParams = defineListParams({ type: oneOf(MONITOR_TYPES), status: oneOf(MONITOR_STATUSES), q: text(64) });
export type MonitorFilters = ListValues<typeof monitorParams>;

export function monitorInput(f: MonitorFilters): CallInput<typeof getEqptMonitor> {
  return {
    ...pageWindow(f),
    ...(f.type !== undefined && { type: f.type }),
    ...(f.status !== undefined && { status: f.status }),
    ...(f.q !== '' && { name: f.q }),
  };
}
