import type { CallInput, MeetingStatus, searchMeetings } from '@openvisit/contract';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The meeting list's filters and paging, kept in the URL. */
export interface MeetingFilters {
  page: number;
  size: number;
  subject: string;
  date?: string;
  endDate?: string;
  status?: MeetingStatus;
}

function positiveInt(v: string | null): number | undefined {
  if (v === null || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

export function filtersFromParams(p: URLSearchParams): MeetingFilters {
  const size = positiveInt(p.get('size'));
  const status = p.get('status');
  return {
    page: positiveInt(p.get('page')) ?? 1,
    size: size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : 20,
    subject: (p.get('subject') ?? '').trim().slice(0, 100),
    date: day(p.get('from')),
    endDate: day(p.get('to')),
    status: status === '0' || status === '1' || status === '2' || status === '3' ? (Number(status) as MeetingStatus) : undefined,
  };
}

/** The URL of the list, leaving out defaults. */
export function filterParams(f: MeetingFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.subject) out.set('subject', f.subject);
  if (f.date) out.set('from', f.date);
  if (f.endDate) out.set('to', f.endDate);
  if (f.status !== undefined) out.set('status', String(f.status));
  if (f.page !== 1) out.set('page', String(f.page));
  if (f.size !== 20) out.set('size', String(f.size));
  return out;
}

export function searchInput(f: MeetingFilters): CallInput<typeof searchMeetings> {
  return {
    startIndex: (f.page - 1) * f.size,
    requestedCount: f.size,
    ...(f.subject && { subject: f.subject }),
    ...(f.date && { date: f.date }),
    ...(f.endDate && { endDate: f.endDate }),
    ...(f.status !== undefined && { meetingStatus: f.status }),
  };
}
