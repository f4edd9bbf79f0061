import type { webhookDelivery } from '@openvisit/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

const COLORS = { pending: 'orange', sending: 'blue', succeeded: 'green', failed: 'red' } as const;

/** Delivered, failed, waiting or sending; the last failure's words in a tooltip. */
export function DeliveryState({ d }: { d: Pick<z.infer<typeof webhookDelivery>, 'state' | 'lastError'> }) {
  const { t } = useTranslation();
  const tag = <Tag color={COLORS[d.state]}>{t(`webhooks.log.states.${d.state}`)}</Tag>;
  return d.lastError ? <Tooltip title={d.lastError}>{tag}</Tooltip> : tag;
}
