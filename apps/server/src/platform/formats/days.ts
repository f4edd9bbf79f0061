/**
 * Calendar days (yyyy-mm-dd) are days of the server's time zone: the console's date filters, the statistics' days
 * and the reports' groups all mean the same day.
 */

/** Local midnight starting `day`, moved by `plusDays`. */
export function dayStart(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + plusDays);
}

/** [from, until) of a period of days, both ends included. */
export function periodBounds(startDate: string, endDate: string): { from: Date; until: Date } {
  return { from: dayStart(startDate), until: dayStart(endDate, 1) };
}

/** The yyyy-mm-dd of a moment, in the server's time zone. */
export function dayOf(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
}
