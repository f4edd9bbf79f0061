import { CameraOutlined } from '@ant-design/icons';
import { passRecordPhoto, vehicleRecordPhoto } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../../platform/api';

/**
 * The camera picture a device sent with a pass (a face terminal's, a barrier's): a button in the row, the picture in a
 * dialog, fetched only when opened.
 */
export function Snapshot({ what, id, caption }: { what: 'pass' | 'vehicle'; id: number; caption: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const picture = useQuery({
    queryKey: ['passSnapshot', what, id],
    queryFn: async () => URL.createObjectURL(await fetchFile(what === 'pass' ? passRecordPhoto : vehicleRecordPhoto, { id }, { silent: true })),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => () => (picture.data ? URL.revokeObjectURL(picture.data) : undefined), [picture.data]);
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<CameraOutlined />}
        aria-label={t('passRecords.snapshot.open', { name: caption })}
        title={t('passRecords.snapshot.title')}
        onClick={() => setOpen(true)}
      />
      <Modal open={open} title={`${t('passRecords.snapshot.title')} · ${caption}`} footer={null} onCancel={() => setOpen(false)} width={560}>
        {picture.data ? (
          <img src={picture.data} alt={t('passRecords.snapshot.alt', { name: caption })} style={{ width: '100%', height: 'auto' }} />
        ) : picture.isError ? (
          <Typography.Text type="danger">{t('passRecords.snapshot.failed')}</Typography.Text>
        ) : (
          <Skeleton.Image active style={{ width: 512, height: 288 }} />
        )}
      </Modal>
    </>
  );
}
