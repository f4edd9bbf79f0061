import { formatDateTime, type Lang } from '@openvisit/contract';

/** The expected time as the visitor reads it (server time zone), with its weekday: "Mon 23 Nov 2026, 10:30". */
export function inviteTime(at: Date, lang: Lang): string {
  return formatDateTime(at, lang, { weekday: true });
}
