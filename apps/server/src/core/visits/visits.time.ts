import { type CompanySettings, formatDateTime, type Lang } from '@openvisit/contract';

/** The expected time as the visitor reads it (server time zone), with its weekday: "Mon 23 Nov 2026, 10:30". */
export function inviteTime(at: Date, lang: Lang): string {
  return formatDateTime(at, lang, { weekday: true });
}

/** The expected leave time: the company's leave expiry (hours after sign-in), if it has one. */
export function leaveAtFrom(settings: CompanySettings, signedIn: Date): Date | null {
  const hours = settings.leaveExpiryTime;
  return hours > 0 ? new Date(signedIn.getTime() + hours * 3600_000) : null;
}
