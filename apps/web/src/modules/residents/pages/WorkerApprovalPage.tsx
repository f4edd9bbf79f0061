import { CheckOutlined } from '@ant-design/icons';
import type { ResidentVisitor } from '@openvisit/contract';
import { Alert, App, Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { BatchBar, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useDecideResidents } from '../api';
import { useWorkers } from '../api.suppliers';
import { RefuseWorkerModal } from '../components/RefuseWorkerModal';
import { WorkerFilesDrawer } from '../components/WorkerFilesDrawer';
import { useWorkerColumns, WorkerFilterBar } from '../components/WorkerTable';
import { approvalParams } from '../query.suppliers';

/**
 * Supplier › approval (/supplier/approvelist, hidden from the menu, reached from the workers): the workers waiting for
 * approval, approved one by one or selected, refused with a reason; certificates expiring or expired are flagged
 * (an expired one cannot be approved: 750). Filters in the URL.
 */
export function WorkerApprovalPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const q = useListQuery(approvalParams);
  const workers = useWorkers({ ...q.values, rstatus: 0 });
  const table = useListPage(q, workers, { selectable: true });
  const { selection, setSelection } = table;
  const decide = useDecideResidents();
  const [refusing, setRefusing] = useState<ResidentVisitor | null>(null);
  const [files, setFiles] = useState<ResidentVisitor | null>(null);
  const columns = useWorkerColumns({ canDecide: true, onRefuse: setRefusing, onFiles: setFiles });
  const list = table.rows;
  const expiring = list.filter((w) => w.certStatus === 'expiring').length;
  const expired = list.filter((w) => w.certStatus === 'expired').length;
  const approve = async () => {
    try {
      const { updated } = await decide.mutateAsync({ rids: selection, rstatus: 1 });
      void message.success(t('suppliers.approval.approved', { count: updated }));
      setSelection([]);
    } catch {
      // shown by the error policy (750 names the expired certificate)
    }
  };
  return (
    <>
      <PageHeader title={t('suppliers.approval.title')} />
      <Card>
        {expiring + expired > 0 && (
          <Alert
            type={expired ? 'error' : 'warning'}
            showIcon
            style={{ marginBottom: 16 }}
            title={t('suppliers.approval.warning', { expiring, expired })}
            data-testid="certificate-warning"
          />
        )}
        <Flex justify="space-between" wrap gap={8}>
          <WorkerFilterBar
            values={q.values}
            set={(patch) => {
              setSelection([]);
              q.set(patch);
            }}
            suppliers
            approval={false}
          />
          <BatchBar
            count={selection.length}
            extra={
              <Button icon={<CheckOutlined />} loading={decide.isPending} onClick={() => void approve()}>
                {t('suppliers.approval.approveSelected')}
              </Button>
            }
          />
        </Flex>
        <ListTable<ResidentVisitor>
          rowKey="rid"
          {...table.props}
          empty={t(q.filtered ? 'suppliers.workers.emptySearch' : 'suppliers.approval.empty')}
          emptyAction={q.filtered ? <Button onClick={q.reset}>{t('suppliers.workers.clear')}</Button> : undefined}
          columns={columns.filter((c) => c.key !== 'status')}
        />
      </Card>
      <WorkerFilesDrawer worker={files} onClose={() => setFiles(null)} />
      <RefuseWorkerModal worker={refusing} onClose={() => setRefusing(null)} />
    </>
  );
}
