import { MeetingStatus } from '@openvisit/contract';
import { Tag } from 'antd';
import { useLabel } from '../../../platform/i18n';

const COLORS: Record<MeetingStatus, string> = {
  [MeetingStatus.NOT_STARTED]: 'blue',
  [MeetingStatus.IN_PROGRESS]: 'green',
  [MeetingStatus.ENDED]: 'default',
  [MeetingStatus.CANCELLED]: 'red',
};

export function MeetingStatusTag({ status }: { status: number }) {
  const label = useLabel();
  return <Tag color={COLORS[status as MeetingStatus] ?? 'default'}>{label('meetingStatus', status)}</Tag>;
}
