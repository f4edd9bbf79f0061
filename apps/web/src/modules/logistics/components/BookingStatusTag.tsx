import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** pstatus 0–3 (spec section 4) as words for the texts. */
export const STATUS_KEYS = ['waiting', 'approved', 'refused', 'ended'] as const;
const COLOR = ['gold', 'green', 'red', 'default'] as const;

export function BookingStatusTag({ pstatus }: { pstatus: number }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[pstatus] ?? 'default'}>{t(`logistics.status.${STATUS_KEYS[pstatus] ?? 'waiting'}`)}</Tag>;
}
