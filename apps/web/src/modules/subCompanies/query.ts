import type { CallInput, getSubAccountPageByUserid } from '@openvisit/contract';
import { defineListParams, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

/** 1 in use, 0 stopped, 2 archived (the list call's `status`). */
export const SUB_STATUSES = [1, 0, 2] as const;
export const SUB_STATUS_KEYS = { 0: 'stopped', 1: 'inUse', 2: 'archived' } as const;

/** The list's search (name, short name or floor), status and page, kept in the URL. */
export const subParams = defineListParams({ q: text(64), status: oneOf(SUB_STATUSES) });
export type SubFilters = ListValues<typeof subParams>;

export function subInput(f: SubFilters): CallInput<typeof getSubAccountPageByUserid> {
  return { ...pageWindow(f), ...(f.q !== '' && { name: f.q }), ...(f.status !== undefined && { status: f.status }) };
}
