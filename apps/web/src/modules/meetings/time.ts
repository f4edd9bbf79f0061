import dayjs from 'dayjs';
import { formatDateTime } from '../../platform/format';

/** "5/4/2026 9:00 AM – 10:30 AM": the end's day only when it is another day (current dayjs locale). */
export function meetingSpan(start: number, end: number): string {
  const until = dayjs(end).isSame(dayjs(start), 'day') ? dayjs(end).format('LT') : formatDateTime(end);
  return `${formatDateTime(start)} – ${until}`;
}
