import { type CallInput, type decideScreeningReview, type getScreeningReviews, Status } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { pageWindow } from '../../platform/list';
import type { ReviewFilters } from './query';

export const reviewKeys = {
  all: ['blacklist', 'reviews'] as const,
  page: (f: ReviewFilters) => ['blacklist', 'reviews', reviewInput(f)] as const,
};

/** The getScreeningReviews input of the tab, search and page. */
export function reviewInput(f: ReviewFilters): CallInput<typeof getScreeningReviews> {
  return { ...pageWindow(f), state: f.state, ...(f.q !== '' && { name: f.q }) };
}

export function useScreeningReviews(f: ReviewFilters) {
  return useQuery({ queryKey: reviewKeys.page(f), queryFn: () => api.getScreeningReviews(reviewInput(f)), placeholderData: keepPreviousData });
}

/** True when the review was decided meanwhile (by someone else, or withdrawn): 58. */
export function isAlreadyDecided(err: unknown): boolean {
  return err instanceof ApiError && !err.isTransport && err.status === Status.UPDATE_NOT_ALLOWED;
}

/**
 * Allows or refuses a person held for review. 58 (decided meanwhile) is left to the screen, which says so, and a
 * refusal's field errors to its reason's field; the queue is refreshed whatever the outcome, so a row decided elsewhere
 * moves to the decided tab.
 */
export function useDecideReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof decideScreeningReview>) =>
      api.decideScreeningReview(input, {
        silent: input.result === 'refuse' ? [Status.BAD_PARAMS, Status.UPDATE_NOT_ALLOWED] : [Status.UPDATE_NOT_ALLOWED],
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
