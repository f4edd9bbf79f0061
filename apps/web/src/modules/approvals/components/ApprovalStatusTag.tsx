import type { ApprovalStatus } from '@openvisit/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Readonly<Record<ApprovalStatus, string>> = {
  pending: 'orange',
  approved: 'blue',
  agreed: 'green',
  refused: 'red',
  returned: 'purple',
  notHandled: 'default',
};

export function ApprovalStatusTag({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`approvals.status.${status}`)}</Tag>;
}
