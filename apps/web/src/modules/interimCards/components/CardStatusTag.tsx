import type { InterimCard } from '@openvisit/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** icStatus 0–3 (spec section 4) as words for the texts. */
export const STATUS_KEYS = ['applied', 'lent', 'returned', 'refused'] as const;
const COLOR = ['gold', 'blue', 'green', 'default'] as const;

/** The card's status, and an overdue tag on a lent card past its due time. */
export function CardStatusTag({ card }: { card: Pick<InterimCard, 'icStatus' | 'overdue'> }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tag color={COLOR[card.icStatus] ?? 'default'}>{t(`interimCards.status.${STATUS_KEYS[card.icStatus] ?? 'applied'}`)}</Tag>
      {card.overdue ? <Tag color="red">{t('interimCards.overdue')}</Tag> : null}
    </Space>
  );
}
