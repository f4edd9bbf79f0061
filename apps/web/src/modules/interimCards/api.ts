import type { addInterimCard, CallInput, refuseInterimCard, updateInterimCard } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { type CardFilters, cardInput } from './query';

export const cardKeys = {
  all: ['interimCards'] as const,
  page: (f: CardFilters) => ['interimCards', 'page', cardInput(f)] as const,
};

export function useCards(f: CardFilters) {
  return useQuery({ queryKey: cardKeys.page(f), queryFn: () => api.getInterimCard(cardInput(f)), placeholderData: keepPreviousData });
}

function useCardMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: cardKeys.all }) });
}

/** Form dialogs: field refusals land on the form (`silent: 'form'`). */
export const useApplyCard = () => useCardMutation((input: CallInput<typeof addInterimCard>) => api.addInterimCard(input, { silent: 'form' }));
export const useLendCard = () => useCardMutation((input: CallInput<typeof updateInterimCard>) => api.updateInterimCard(input, { silent: 'form' }));
export const useRefuseCard = () => useCardMutation((input: CallInput<typeof refuseInterimCard>) => api.refuseInterimCard(input, { silent: 'form' }));
export const useReturnCard = () => useCardMutation((cid: number) => api.returnInterimCard({ cid }));
