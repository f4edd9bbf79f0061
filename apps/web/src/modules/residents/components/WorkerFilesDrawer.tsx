import { DownloadOutlined } from '@ant-design/icons';
import type { ResidentFile, ResidentVisitor } from '@openvisit/contract';
import { App, Button, DatePicker, Drawer, Empty, Flex, Select, Space, Table, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { DAY_FORMAT, formatDateTime } from '../../../platform/format';
import { downloadWorkerFile, downloadWorkerFiles, useDeleteWorkerFile, useUploadWorkerFile, useWorkerFiles } from '../api.suppliers';

type Kind = 'labour' | 'certificate' | 'other';

/** A worker's files: labour contracts and photos, certificates with their expiry, others; pdf, jpg or png. */
export function WorkerFilesDrawer({ worker, onClose }: { worker: ResidentVisitor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const files = useWorkerFiles(worker?.rid ?? null);
  const upload = useUploadWorkerFile();
  const remove = useDeleteWorkerFile();
  const [kind, setKind] = useState<Kind>('labour');
  const [expiry, setExpiry] = useState<Dayjs | null>(null);
  const [zipping, setZipping] = useState(false);
  const needsExpiry = kind === 'certificate' && !expiry;
  const downloadAll = async () => {
    if (!worker) return;
    setZipping(true);
    try {
      await downloadWorkerFiles(worker.rid);
    } catch {
      // shown by the error policy
    } finally {
      setZipping(false);
    }
  };
  return (
    <Drawer
      open={worker !== null}
      onClose={onClose}
      title={t('suppliers.files.title', { name: worker?.name ?? '' })}
      width={640}
      destroyOnHidden
      extra={
        <Button icon={<DownloadOutlined />} loading={zipping} disabled={!files.data?.length} onClick={() => void downloadAll()}>
          {t('suppliers.files.downloadAll')}
        </Button>
      }
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Select<Kind>
          aria-label={t('suppliers.files.kind')}
          value={kind}
          onChange={setKind}
          style={{ width: 180 }}
          options={(['labour', 'certificate', 'other'] as const).map((k) => ({ value: k, label: t(`suppliers.files.kinds.${k}`) }))}
        />
        {kind === 'certificate' && (
          <DatePicker aria-label={t('suppliers.files.expiresOn')} placeholder={t('suppliers.files.expiresOn')} value={expiry} onChange={setExpiry} />
        )}
        <Upload
          accept=".pdf,.jpg,.jpeg,.png"
          showUploadList={false}
          disabled={needsExpiry || upload.isPending}
          customRequest={({ file }) => {
            if (!worker) return;
            upload.mutate(
              { rid: worker.rid, file: file as File, kind, expiresOn: kind === 'certificate' ? expiry?.format(DAY_FORMAT) : undefined },
              { onSuccess: (f) => void message.success(t('suppliers.files.uploaded', { name: f.name })) },
            );
          }}
        >
          <Button type="primary" loading={upload.isPending} disabled={needsExpiry}>
            {t('suppliers.files.upload')}
          </Button>
        </Upload>
      </Flex>
      <Table<ResidentFile>
        rowKey="fid"
        size="small"
        pagination={false}
        loading={files.isPending}
        dataSource={files.data ?? []}
        locale={{ emptyText: <Empty description={t('suppliers.files.empty')} /> }}
        columns={[
          { key: 'name', title: t('suppliers.files.name'), dataIndex: 'name' },
          { key: 'kind', title: t('suppliers.files.kind'), render: (_: unknown, f) => t(`suppliers.files.kinds.${f.kind}`) },
          { key: 'expiresOn', title: t('suppliers.files.expiresOn'), render: (_: unknown, f) => f.expiresOn ?? '—' },
          { key: 'createTime', title: t('suppliers.files.uploadedAt'), render: (_: unknown, f) => formatDateTime(f.createTime) },
          {
            key: 'actions',
            title: t('suppliers.companies.actions'),
            render: (_: unknown, f) => (
              <Space>
                <Button type="link" style={{ padding: 0 }} onClick={() => void downloadWorkerFile(f.fid)}>
                  {t('suppliers.files.download')}
                </Button>
                <ConfirmDelete title={t('suppliers.files.deleteConfirm', { name: f.name })} onConfirm={() => remove.mutateAsync(f.fid)}>
                  <Button type="link" danger style={{ padding: 0 }}>
                    {t('common.delete')}
                  </Button>
                </ConfirmDelete>
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
