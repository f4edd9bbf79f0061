import {
  formatDate as dateIn,
  formatDateTime as dateTimeIn,
  formatDayMonth as dayMonthIn,
  formatDuration as durationIn,
  formatNumber as numberIn,
  formatTime as timeIn,
} from '@openvisit/contract';
import { currentLang } from './i18n';

/**
 * Moments, days, durations and counts in the language shown, by the contract's formatters (packages/contract/src/dates.ts):
 * the same text the kiosk, mails, PDFs and exports write for the same moment.
 */
export function formatDateTime(ms: number | null | undefined, empty = '—', options: { seconds?: boolean; weekday?: boolean } = {}): string {
  return ms === null || ms === undefined ? empty : dateTimeIn(ms, currentLang(), options);
}

/** A day: a moment's day, or a yyyy-mm-dd as written. */
export function formatDate(value: number | string | null | undefined, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  return dateIn(value, currentLang());
}

/** A day without its year, as a chart's axis names it: 11月24日 / 24 Nov. */
export function formatDayMonth(value: number | string): string {
  return dayMonthIn(value, currentLang());
}

export function formatTime(ms: number | null | undefined, empty = '—', options: { seconds?: boolean } = {}): string {
  return ms === null || ms === undefined ? empty : timeIn(ms, currentLang(), options);
}

export function formatDuration(minutes: number | null | undefined, empty = '—'): string {
  return minutes === null || minutes === undefined ? empty : durationIn(minutes, currentLang());
}

export function formatNumber(n: number | null | undefined, empty = '—', options: { maximumFractionDigits?: number } = {}): string {
  return n === null || n === undefined ? empty : numberIn(n, currentLang(), options);
}

/** The wire format of date-only fields. */
export const DAY_FORMAT = 'YYYY-MM-DD';
