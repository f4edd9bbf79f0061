import dayjs from 'dayjs';
import { formatDateTime, formatTime } from '../../platform/format';

/** "4 May 2026, 09:00 – 10:30": the end's day only when it is another day. */
export function meetingSpan(start: number, end: number): string {
  const until = dayjs(end).isSame(dayjs(start), 'day') ? formatTime(end) : formatDateTime(end);
  return `${formatDateTime(start)} – ${until}`;
}
