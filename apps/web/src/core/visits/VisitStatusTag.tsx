import type { VisitorStatus } from '@openvisit/contract';
import { Tag } from 'antd';
import { useLabel } from '../../platform/i18n';

const COLORS: Record<VisitorStatus, string> = {
  sent: 'blue',
  viewed: 'geekblue',
  accepted: 'cyan',
  reserved: 'purple',
  unauthorized: 'orange',
  authorized: 'lime',
  signedIn: 'green',
  signedOut: 'default',
  refused: 'red',
  expired: 'default',
  ended: 'default',
};

export function VisitStatusTag({ status }: { status: VisitorStatus }) {
  const label = useLabel();
  return <Tag color={COLORS[status]}>{label('visitorStatus', status)}</Tag>;
}
