import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { ApprovalQueue } from '../components/ApprovalQueue';

/** An approver's own queue: employees (/emporder/approve) and HSE accounts (/hsehome/hseapprovelist). */
export function ApprovalQueuePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.approvals')} />
      <ApprovalQueue />
    </>
  );
}
