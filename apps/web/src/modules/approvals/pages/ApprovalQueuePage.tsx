import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { getSession } from '../../../platform/session';
import { ApprovalQueue } from '../components/ApprovalQueue';
import { LeavePanel } from '../components/LeavePanel';

/** An approver's own queue: employees (/emporder/approve, with their own leave) and HSE accounts (/hsehome/hseapprovelist). */
export function ApprovalQueuePage() {
  const { t } = useTranslation();
  const { role, project } = getSession();
  const empId = role === 'emporder' ? (project?.empid ?? null) : null;
  return (
    <>
      <PageHeader title={t('menu.approvals')} />
      <Flex vertical gap={16}>
        <ApprovalQueue />
        {empId !== null ? <LeavePanel empId={empId} /> : null}
      </Flex>
    </>
  );
}
