import type { ResidentVisitor } from '@openvisit/contract';
import { Alert, Flex, Modal, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../platform/format';
import { useWorkerPass } from '../api.suppliers';

/** A worker's QR pass (getRvQrcode): the desk and the door readers accept it while the worker is approved and valid. */
export function WorkerPassModal({ worker, onClose }: { worker: ResidentVisitor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const pass = useWorkerPass(worker?.rid ?? null);
  const [image, setImage] = useState<string | null>(null);
  const text = pass.data?.qrcode;
  useEffect(() => {
    setImage(null);
    // SVG: drawn without a canvas, sharp when printed.
    if (text) void QRCode.toString(text, { type: 'svg', margin: 1 }).then((svg) => setImage(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`));
  }, [text]);
  return (
    <Modal open={worker !== null} onCancel={onClose} footer={null} title={t('suppliers.pass.title', { name: worker?.name ?? '' })} destroyOnHidden>
      <Flex vertical align="center" gap={12}>
        {pass.data && pass.data.rstatus !== 1 && <Alert type="warning" showIcon title={t('suppliers.pass.notApproved')} />}
        {image && <img src={image} width={240} height={240} alt={t('suppliers.pass.alt', { name: worker?.name ?? '' })} />}
        {pass.data && (
          <Typography.Text type="secondary">
            {t('suppliers.pass.valid', { from: formatDate(pass.data.startDate), to: formatDate(pass.data.endDate) })}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
