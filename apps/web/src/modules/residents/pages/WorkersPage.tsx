import { FileZipOutlined, PlusOutlined } from '@ant-design/icons';
import { addResidentVisitor, addSupplier, type ResidentVisitor, updateRvPermission } from '@openvisit/contract';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FaceZipModal } from '../../../core/faces/public';
import { useCanCall } from '../../../platform/access';
import { PageHeader } from '../../../platform/components/PageHeader';
import { ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useSuppliers, useWorkers } from '../api.suppliers';
import { RefuseWorkerModal } from '../components/RefuseWorkerModal';
import { ResidentDrawer } from '../components/ResidentDrawer';
import { useWorkerZipTarget, WorkerFaceModal } from '../components/WorkerFace';
import { WorkerFilesDrawer } from '../components/WorkerFilesDrawer';
import { WorkerPassModal } from '../components/WorkerPassModal';
import { useWorkerColumns, WorkerFilterBar } from '../components/WorkerTable';
import { workerParams } from '../query.suppliers';

/** The drawer's worker; `key` renews the form for each opening. */
type Editing = { open: boolean; key: number; worker: ResidentVisitor | null };

/**
 * Supplier workers: a server company's own (/servercom/server), every supplier's for HSE (/hsehome/hseemplist) and the
 * administrator (/supplier/resident), with their face photo (one by one or a zip), certificate state, files and QR
 * pass; who may add, edit or approve is read from the contract. Filters and paging are kept in the URL.
 */
export function WorkersPage({ approvalPath }: { approvalPath?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useListQuery(workerParams);
  const workers = useWorkers(q.values);
  const table = useListPage(q, workers);
  const canEdit = useCanCall(addResidentVisitor);
  const canDecide = useCanCall(updateRvPermission);
  // Managers see every supplier company's workers; a server company its own, the company it adds to.
  const everySupplier = useCanCall(addSupplier);
  const own = useSuppliers();
  const ownCompany = !everySupplier && canEdit ? own.data?.[0]?.name : undefined;
  const [editing, setEditing] = useState<Editing>({ open: false, key: 0, worker: null });
  const [refusing, setRefusing] = useState<ResidentVisitor | null>(null);
  const [face, setFace] = useState<ResidentVisitor | null>(null);
  const [files, setFiles] = useState<ResidentVisitor | null>(null);
  const [pass, setPass] = useState<ResidentVisitor | null>(null);
  const [zip, setZip] = useState(false);
  const zipTarget = useWorkerZipTarget();
  const edit = (worker: ResidentVisitor | null) => setEditing((e) => ({ open: true, key: e.key + 1, worker }));
  const columns = useWorkerColumns({
    canDecide,
    onRefuse: setRefusing,
    onEdit: canEdit ? edit : undefined,
    onFace: canEdit ? setFace : undefined,
    onFiles: setFiles,
    onPass: setPass,
  });
  return (
    <>
      <PageHeader
        title={t('suppliers.workers.title')}
        actions={
          <Space wrap>
            {approvalPath && canDecide && <Button onClick={() => navigate(approvalPath)}>{t('suppliers.approval.open')}</Button>}
            {canEdit && (
              <Button icon={<FileZipOutlined />} onClick={() => setZip(true)}>
                {t('suppliers.faces.zipButton')}
              </Button>
            )}
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)} disabled={!everySupplier && !ownCompany}>
                {t('suppliers.workers.add')}
              </Button>
            )}
          </Space>
        }
      />
      <Card>
        <WorkerFilterBar values={q.values} set={q.set} suppliers={everySupplier} />
        <ListTable<ResidentVisitor>
          rowKey="rid"
          {...table.props}
          empty={t(q.filtered ? 'suppliers.workers.emptySearch' : 'suppliers.workers.empty')}
          emptyAction={q.filtered ? <Button onClick={q.reset}>{t('suppliers.workers.clear')}</Button> : undefined}
          columns={columns}
        />
      </Card>
      <ResidentDrawer
        key={editing.key}
        open={editing.open}
        resident={editing.worker}
        fixedCompany={ownCompany}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <WorkerFaceModal worker={face} onClose={() => setFace(null)} />
      <FaceZipModal open={zip} onClose={() => setZip(false)} target={zipTarget} />
      <WorkerFilesDrawer worker={files} onClose={() => setFiles(null)} />
      <WorkerPassModal worker={pass} onClose={() => setPass(null)} />
      <RefuseWorkerModal worker={refusing} onClose={() => setRefusing(null)} />
    </>
  );
}

/** The administrator's supplier › workers (/supplier/resident): every supplier's, with the way to the approval queue. */
export function SupplierResidentsPage() {
  return <WorkersPage approvalPath="/supplier/approvelist" />;
}
