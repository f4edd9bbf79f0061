import type { addMeeting, CallInput, updateMeeting } from '@openvisit/contract';
import { Status } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { type MeetingFilters, searchInput } from './query';

export const meetingKeys = {
  all: ['meetings'] as const,
  page: (f: MeetingFilters) => ['meetings', 'page', searchInput(f)] as const,
  one: (mid: number) => ['meetings', 'one', mid] as const,
};

export function useMeetingPage(f: MeetingFilters) {
  return useQuery({ queryKey: meetingKeys.page(f), queryFn: () => api.getMeeting(searchInput(f)), placeholderData: keepPreviousData });
}

/** One meeting with its visitors; a meeting that is not the caller's (602) is shown as not found, not as a toast. */
export function useMeeting(mid: number) {
  return useQuery({
    queryKey: meetingKeys.one(mid),
    queryFn: () => api.getMeetingById({ mid }, { silent: [Status.NO_SUCH_RECORD] }),
    enabled: mid > 0,
    retry: false,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: meetingKeys.all });
}

export type MeetingBody = CallInput<typeof addMeeting>;
export type MeetingChanges = CallInput<typeof updateMeeting>;

export function useAddMeeting() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: MeetingBody) => api.addMeeting(body, { silent: 'form' }), onSuccess: invalidate });
}

export function useUpdateMeeting() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: MeetingChanges) => api.updateMeeting(body, { silent: 'form' }), onSuccess: invalidate });
}

export function useCancelMeeting() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (mid: number) => api.delMeeting({ mid }), onSuccess: invalidate });
}

export function useMeetingStatus() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (v: { mid: number; status: 1 | 2 }) => api.updateMeetingStatus(v), onSuccess: invalidate });
}

export function useJoinMeeting() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { mid: number; visitors: MeetingBody['visitors'] }) => api.syncJoinMeeting(v, { silent: 'form' }),
    onSuccess: invalidate,
  });
}
