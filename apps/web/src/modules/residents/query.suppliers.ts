import { type CallInput, CERT_STATUSES, type getResidentVisitor, type getRvOpenInfo, type ResidentStatus } from '@openvisit/contract';
import { day, defineListParams, int, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

/** The workers' filters and paging, kept in the URL (the supplier company only where the screen offers it). */
export const workerParams = defineListParams({
  name: text(),
  supplierId: int(),
  certStatus: oneOf(CERT_STATUSES),
  rstatus: oneOf([0, 1, 2] as ResidentStatus[]),
});
export type WorkerFilters = ListValues<typeof workerParams>;

/** The approval queue: waiting workers only, so its URL holds no approval state. */
export const approvalParams = defineListParams({ name: text(), supplierId: int(), certStatus: oneOf(CERT_STATUSES) });
export type ApprovalFilters = ListValues<typeof approvalParams>;

export function workerInput(f: WorkerFilters): CallInput<typeof getResidentVisitor> {
  return {
    ...pageWindow(f),
    ...(f.name && { name: f.name }),
    ...(f.supplierId && { supplierId: f.supplierId }),
    ...(f.certStatus && { certStatus: f.certStatus }),
    ...(f.rstatus !== undefined && { rstatus: f.rstatus }),
  };
}

const KINDS = ['signIn', 'door'] as const;
/** The pass records' filters and paging, kept in the URL. */
export const openParams = defineListParams(
  { name: text(), supplierId: int(), kind: oneOf(KINDS), date: day(), endDate: day() },
  { normalize: (v) => (v.date && v.endDate && v.endDate < v.date ? { ...v, date: v.endDate, endDate: v.date } : v) },
);
export type OpenValues = ListValues<typeof openParams>;

export function openInput(f: OpenValues): CallInput<typeof getRvOpenInfo> {
  return {
    ...pageWindow(f),
    ...(f.name && { name: f.name }),
    ...(f.supplierId && { supplierId: f.supplierId }),
    ...(f.kind && { kind: f.kind }),
    ...(f.date && { date: f.date }),
    ...(f.endDate && { endDate: f.endDate }),
  };
}

/** The traffic statistics' period, kept in the URL (the last seven days when absent). */
export const trafficParams = defineListParams({ from: day(), to: day() });
