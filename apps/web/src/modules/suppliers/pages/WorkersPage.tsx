import { addResidentVisitor, CERT_STATUSES, type CertStatus, type ResidentVisitor, updateRvPermission } from '@openvisit/contract';
import { App, Button, Card, Empty, Flex, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDate } from '../../../platform/format';
import { useDecideResidents } from '../../residents/api';
import { ResidentDrawer } from '../../residents/components/ResidentDrawer';
import { useWorkers, type WorkerFilters } from '../api';
import { RefuseWorkerModal } from '../components/RefuseWorkerModal';
import { WorkerFilesDrawer } from '../components/WorkerFilesDrawer';
import { WorkerPassModal } from '../components/WorkerPassModal';

const PAGE = 20;
const CERT_COLORS: Record<CertStatus, string> = { none: 'default', valid: 'green', expiring: 'orange', expired: 'red' };
const APPROVAL = ['pending', 'approved', 'refused'] as const;

/**
 * Supplier workers: a server company's own (/servercom/server), every supplier's for HSE (/hsehome/hseemplist), with
 * their certificate state, files and QR pass; who may add or edit is read from the contract.
 */
export function WorkersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [f, setF] = useState<WorkerFilters>({ startIndex: 0, requestedCount: PAGE });
  const set = (patch: Partial<WorkerFilters>) => setF((old) => ({ ...old, startIndex: 0, ...patch }));
  const workers = useWorkers(f);
  const canEdit = useCanCall(addResidentVisitor);
  const canDecide = useCanCall(updateRvPermission);
  const decide = useDecideResidents();
  const [refusing, setRefusing] = useState<ResidentVisitor | null>(null);
  const [editing, setEditing] = useState<ResidentVisitor | null | 'new'>(null);
  const [files, setFiles] = useState<ResidentVisitor | null>(null);
  const [pass, setPass] = useState<ResidentVisitor | null>(null);
  return (
    <>
      <PageHeader
        title={t('suppliers.workers.title')}
        actions={
          canEdit && (
            <Button type="primary" onClick={() => setEditing('new')}>
              {t('suppliers.workers.add')}
            </Button>
          )
        }
      />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label={t('suppliers.workers.search')}
            placeholder={t('suppliers.workers.search')}
            allowClear
            style={{ width: 220 }}
            onSearch={(name) => set({ name: name || undefined })}
          />
          <Select<CertStatus>
            aria-label={t('suppliers.workers.certificate')}
            placeholder={t('suppliers.workers.certificate')}
            allowClear
            style={{ width: 200 }}
            options={CERT_STATUSES.map((s) => ({ value: s, label: t(`suppliers.workers.cert.${s}`) }))}
            onChange={(certStatus?: CertStatus) => set({ certStatus })}
          />
        </Flex>
        <Table<ResidentVisitor>
          rowKey="rid"
          loading={workers.isPending}
          dataSource={workers.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('suppliers.workers.empty')} /> }}
          pagination={{
            current: Math.floor(Number(f.startIndex ?? 0) / PAGE) + 1,
            pageSize: PAGE,
            total: workers.data?.count ?? 0,
            showSizeChanger: false,
            onChange: (page) => setF((old) => ({ ...old, startIndex: (page - 1) * PAGE })),
          }}
          columns={[
            { key: 'name', title: t('suppliers.workers.name'), dataIndex: 'name' },
            { key: 'company', title: t('suppliers.workers.company'), dataIndex: 'company' },
            { key: 'phone', title: t('suppliers.workers.phone'), dataIndex: 'phone' },
            { key: 'project', title: t('suppliers.workers.project'), dataIndex: 'pName' },
            {
              key: 'validity',
              title: t('suppliers.workers.validity'),
              render: (_: unknown, w) => `${formatDate(w.startDate)} – ${formatDate(w.endDate)}`,
            },
            {
              key: 'cert',
              title: t('suppliers.workers.certificate'),
              render: (_: unknown, w) => (
                <Tag color={CERT_COLORS[w.certStatus]}>
                  {t(`suppliers.workers.cert.${w.certStatus}`)}
                  {w.certExpiry ? ` · ${w.certExpiry}` : ''}
                </Tag>
              ),
            },
            {
              key: 'status',
              title: t('suppliers.workers.approval'),
              render: (_: unknown, w) => t(`suppliers.workers.status.${APPROVAL[w.rstatus] ?? 'pending'}`),
            },
            {
              key: 'actions',
              title: t('suppliers.companies.actions'),
              render: (_: unknown, w) => (
                <Space>
                  {canDecide && w.rstatus !== 1 && (
                    <Button
                      type="link"
                      style={{ padding: 0 }}
                      aria-label={t('suppliers.workers.approveOne', { name: w.name })}
                      onClick={() =>
                        decide.mutate(
                          { rids: [w.rid], rstatus: 1 },
                          { onSuccess: () => void message.success(t('suppliers.workers.approved', { name: w.name })) },
                        )
                      }
                    >
                      {t('suppliers.workers.approve')}
                    </Button>
                  )}
                  {canDecide && w.rstatus === 0 && (
                    <Button type="link" danger style={{ padding: 0 }} onClick={() => setRefusing(w)}>
                      {t('suppliers.workers.refuse')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(w)}>
                      {t('common.edit')}
                    </Button>
                  )}
                  <Button type="link" style={{ padding: 0 }} onClick={() => setFiles(w)}>
                    {t('suppliers.workers.files')}
                  </Button>
                  <Button type="link" style={{ padding: 0 }} onClick={() => setPass(w)}>
                    {t('suppliers.workers.pass')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ResidentDrawer open={editing !== null} resident={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <WorkerFilesDrawer worker={files} onClose={() => setFiles(null)} />
      <WorkerPassModal worker={pass} onClose={() => setPass(null)} />
      <RefuseWorkerModal worker={refusing} onClose={() => setRefusing(null)} />
    </>
  );
}
