import dayjs from 'dayjs';
import './i18n';

/** Dates follow the current dayjs locale (set with the console language). */
export function formatDateTime(ms: number | null | undefined, empty = '—'): string {
  return ms === null || ms === undefined ? empty : dayjs(ms).format('L LT');
}

export function formatDate(value: number | string | null | undefined, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  return dayjs(value).format('L');
}

/** The wire format of date-only fields. */
export const DAY_FORMAT = 'YYYY-MM-DD';
