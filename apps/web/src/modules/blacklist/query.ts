import type { CallInput, getBlacklist } from '@openvisit/contract';
import { choice, defineListParams, type ListValues, pageWindow, text } from '../../platform/list';

/** A list's search and paging: what the URL query keeps across reloads. `q` matches name, phone or certificate number. */
export const listedParams = defineListParams({ q: text(64) });
export type ListFilters = ListValues<typeof listedParams>;

/** The getBlacklist / getWhitelist input of the filters. */
export function listInput(f: ListFilters): CallInput<typeof getBlacklist> {
  return { ...pageWindow(f), ...(f.q !== '' && { name: f.q }) };
}

export const REVIEW_STATES = ['waiting', 'decided'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The review queue's tab (waiting unless said), name search and paging, kept in the URL. */
export const reviewParams = defineListParams({ state: choice(REVIEW_STATES, 'waiting'), q: text(64) });
export type ReviewFilters = ListValues<typeof reviewParams>;
