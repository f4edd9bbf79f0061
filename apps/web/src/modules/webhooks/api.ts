import type { addWebhook, CallInput, getWebhookDeliveries, replayWebhookEvents, updateWebhook } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

type DeliveryFilters = CallInput<typeof getWebhookDeliveries>;

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (input: DeliveryFilters) => ['webhooks', 'deliveries', input] as const,
  delivery: (id: number) => ['webhooks', 'delivery', id] as const,
};

/** Deliveries waiting or being retried change without anyone editing: the open screens ask again. */
const REFRESH_MS = 10_000;

export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.list, queryFn: () => api.getWebhooks({}), refetchInterval: REFRESH_MS });
}

function useWebhookMutation<I, O>(call: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useAddWebhook = () => useWebhookMutation((input: CallInput<typeof addWebhook>) => api.addWebhook(input, { silent: 'form' }));
export const useUpdateWebhook = () => useWebhookMutation((input: CallInput<typeof updateWebhook>) => api.updateWebhook(input, { silent: 'form' }));
export const useDeleteWebhook = () => useWebhookMutation((id: number) => api.delWebhook({ id }));
export const useRotateWebhookSecret = () => useWebhookMutation((id: number) => api.rotateWebhookSecret({ id }));
export const useTestWebhook = () => useWebhookMutation((id: number) => api.testWebhook({ id }));
export const useResendDelivery = () => useWebhookMutation((deliveryId: number) => api.resendWebhookDelivery({ deliveryId }));
export const useReplayEvents = () =>
  useWebhookMutation((input: CallInput<typeof replayWebhookEvents>) => api.replayWebhookEvents(input, { silent: 'form' }));

export function useDeliveries(input: DeliveryFilters) {
  return useQuery({
    queryKey: webhookKeys.deliveries(input),
    queryFn: () => api.getWebhookDeliveries(input),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useDelivery(deliveryId: number | null) {
  return useQuery({
    queryKey: webhookKeys.delivery(deliveryId ?? 0),
    queryFn: () => api.getWebhookDelivery({ deliveryId: deliveryId ?? 0 }),
    enabled: deliveryId !== null,
    refetchInterval: REFRESH_MS,
  });
}
