import { type CallInput, MeetingStatus, type searchMeetings } from '@openvisit/contract';
import { day, defineListParams, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

/** The meeting list's filters and paging, kept in the URL (the day range as `from` and `to`). */
export const meetingParams = defineListParams({
  subject: text(100),
  date: { ...day(), param: 'from' },
  endDate: { ...day(), param: 'to' },
  status: oneOf([MeetingStatus.NOT_STARTED, MeetingStatus.IN_PROGRESS, MeetingStatus.ENDED, MeetingStatus.CANCELLED]),
});
export type MeetingFilters = ListValues<typeof meetingParams>;

export function searchInput(f: MeetingFilters): CallInput<typeof searchMeetings> {
  return {
    ...pageWindow(f),
    ...(f.subject && { subject: f.subject }),
    ...(f.date && { date: f.date }),
    ...(f.endDate && { endDate: f.endDate }),
    ...(f.status !== undefined && { meetingStatus: f.status }),
  };
}
