import type { CallInput, getInterimCard } from '@openvisit/contract';
import { day, defineListParams, flag, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

export const CARD_STATUSES = [0, 1, 2, 3] as const;

/** The list's filters (those of `getInterimCard`, plus overdue) and paging, kept in the URL. */
export const cardParams = defineListParams(
  {
    status: oneOf(CARD_STATUSES),
    overdue: flag(),
    from: day(),
    to: day(),
    name: text(50),
    empNo: text(32),
    cardNo: text(32),
  },
  { normalize: (v) => (v.from && v.to && v.from > v.to ? { ...v, from: v.to, to: v.from } : v) },
);
export type CardFilters = ListValues<typeof cardParams>;

/** The filters as the list call and the export take them. */
export function cardFilterInput(f: Omit<CardFilters, 'page' | 'size'>) {
  return {
    ...(f.status !== undefined && { icStatus: f.status }),
    ...(f.overdue && { overdue: true }),
    ...(f.from && { startDate: f.from }),
    ...(f.to && { endDate: f.to }),
    ...(f.name && { name: f.name }),
    ...(f.empNo && { empNo: f.empNo }),
    ...(f.cardNo && { cardNo: f.cardNo }),
  };
}

export function cardInput(f: CardFilters): CallInput<typeof getInterimCard> {
  return { ...pageWindow(f), ...cardFilterInput(f) };
}
