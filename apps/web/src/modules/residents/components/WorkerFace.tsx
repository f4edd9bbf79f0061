import { UserOutlined } from '@ant-design/icons';
import { FACE_UPLOAD_MAX_BYTES, FACE_ZIP_MAX_BYTES, FACE_ZIP_MAX_ENTRIES, type ResidentVisitor, Status } from '@openvisit/contract';
import { App, Avatar, Flex, Image, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaceZipTarget } from '../../../core/faces/public';
import { FaceUploadControls, formatBytes, useFaceSender, useObjectUrl } from '../../../core/faces/public';
import { ApiError } from '../../../platform/apiError';
import { useUploadWorkerFace, useUploadWorkerFaceZip, useWorkerFace } from '../api.suppliers';

/** A worker's stored face photo (a click shows it large), or a placeholder without one. */
export function WorkerFaceThumb({ worker, size = 36 }: { worker: Pick<ResidentVisitor, 'rid' | 'name' | 'face'>; size?: number }) {
  const { t } = useTranslation();
  const photo = useWorkerFace(worker.rid, worker.face);
  const url = useObjectUrl(worker.face ? photo.data : undefined);
  const alt = t('suppliers.faces.photoOf', { name: worker.name });
  return url ? (
    <Image src={url} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6 }} preview={{ mask: null }} />
  ) : (
    <span role="img" aria-label={worker.face ? alt : t('suppliers.faces.noPhoto')} style={{ flex: 'none', display: 'inline-flex' }}>
      <Avatar shape="square" size={size} icon={<UserOutlined aria-hidden />} style={{ opacity: worker.face ? 1 : 0.45 }} />
    </span>
  );
}

/**
 * A worker's face photo: the stored one, and a new one sent at once (uploadRvFace), checked as chosen with the
 * contract's limits (the employees' checks), with progress; a refusal shows the server's reason in the dialog.
 */
export function WorkerFaceModal({ worker, onClose }: { worker: ResidentVisitor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadWorkerFace();
  const [current, setCurrent] = useState<ResidentVisitor | null>(null);
  const sender = useFaceSender(
    (file, onProgress) => upload.mutateAsync({ rid: worker?.rid ?? 0, file, onProgress }),
    (saved) => {
      setCurrent(saved);
      void message.success(t('suppliers.faces.saved', { name: saved.name }));
    },
    // Other refusals the form silenced, with the server's reason.
    (err) => (err instanceof ApiError && !err.isTransport && err.status === Status.BAD_PARAMS ? err.reason : null),
  );
  const shown = current?.rid === worker?.rid ? current : worker;

  const close = () => {
    if (sender.busy) return;
    sender.setProblem(null);
    setCurrent(null);
    onClose();
  };

  return (
    <Modal open={worker !== null} title={t('suppliers.faces.title', { name: worker?.name ?? '' })} onCancel={close} footer={null} destroyOnHidden>
      {shown ? (
        <Flex gap={16} align="flex-start" data-testid="worker-face">
          <WorkerFaceThumb key={String(shown.face)} worker={shown} size={112} />
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text>{shown.face ? t('suppliers.faces.stored') : t('suppliers.faces.noPhoto')}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('employees.faces.field.advice', { max: formatBytes(FACE_UPLOAD_MAX_BYTES) })}
            </Typography.Text>
            <FaceUploadControls sender={sender} hasPhoto={Boolean(shown.face)} testId="worker-face-upload" problemTestId="worker-face-problem" />
          </Flex>
        </Flex>
      ) : null}
    </Modal>
  );
}

/** The employees' batch dialog for workers: photos named by phone or certificate number (updateAllResidentFace). */
export function useWorkerZipTarget(): FaceZipTarget {
  const { t } = useTranslation();
  const upload = useUploadWorkerFaceZip();
  return {
    upload: (file, onProgress) => upload.mutateAsync({ file, onProgress }),
    naming: t('suppliers.faces.zipNaming'),
    limits: t('suppliers.faces.zipLimits', { files: FACE_ZIP_MAX_ENTRIES, size: formatBytes(FACE_ZIP_MAX_BYTES) }),
    keyTitle: t('suppliers.faces.zipKey'),
    noMatch: t('suppliers.faces.zipNoMatch'),
  };
}
