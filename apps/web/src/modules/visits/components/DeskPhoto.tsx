import { CameraOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { VISITOR_PHOTO_MAX_CHARS } from '@openvisit/contract';
import { Alert, App, Button, Flex, Image, Modal, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captureFrame, useCamera } from '../../../platform/camera';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** The desk's webcam in a dialog: take, look, take again or use. The camera stops when the dialog closes. */
function CameraDialog({ onUse, onClose }: { onUse: (photo: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { videoRef, state } = useCamera('user');
  const [shot, setShot] = useState<string | null>(null);
  const problem = state === 'none' ? t('reception.photo.noCamera') : state === 'denied' ? t('reception.photo.denied') : null;
  return (
    <Modal
      open
      title={t('reception.photo.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        shot ? (
          <Space>
            <Button onClick={() => setShot(null)}>{t('reception.photo.retake')}</Button>
            <Button type="primary" onClick={() => onUse(shot)}>
              {t('reception.photo.use')}
            </Button>
          </Space>
        ) : (
          <Button
            type="primary"
            icon={<CameraOutlined />}
            disabled={state !== 'live'}
            onClick={() => {
              const frame = videoRef.current ? captureFrame(videoRef.current) : null;
              if (frame) setShot(frame);
            }}
          >
            {t('reception.photo.take')}
          </Button>
        )
      }
    >
      {problem ? <Alert type="warning" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
      <video
        ref={videoRef}
        muted
        playsInline
        autoPlay
        hidden={!!shot || !!problem}
        data-testid="desk-camera"
        style={{ width: '100%', borderRadius: 8, transform: 'scaleX(-1)', background: '#000' }}
      />
      {shot ? <img src={shot} alt={t('reception.photo.title')} style={{ width: '100%', borderRadius: 8 }} data-testid="desk-photo-shot" /> : null}
    </Modal>
  );
}

/**
 * The visitor's photo at the desk, as a form control: taken with the desk's webcam, or a picture file chosen (a desk
 * without a camera). The value is a data URL; the server checks, turns and scales it as it does the kiosk's.
 */
export function DeskPhoto({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [camera, setCamera] = useState(false);
  const read = (file: File) => {
    if (!PHOTO_TYPES.includes(file.type)) {
      message.error(t('reception.photo.type'));
      return false;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      if (url.length > VISITOR_PHOTO_MAX_CHARS) message.error(t('reception.photo.size'));
      else onChange?.(url);
    };
    reader.readAsDataURL(file);
    return false;
  };
  return (
    <Flex gap={12} align="center" id={id}>
      {value ? <Image src={value} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 8 }} data-testid="desk-photo" /> : null}
      <Space wrap>
        <Button icon={<CameraOutlined />} onClick={() => setCamera(true)}>
          {value ? t('reception.photo.retake') : t('reception.photo.take')}
        </Button>
        <Upload accept={PHOTO_TYPES.join(',')} showUploadList={false} beforeUpload={read}>
          <Button icon={<UploadOutlined />}>{t('reception.photo.file')}</Button>
        </Upload>
        {value ? (
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('reception.photo.remove')} onClick={() => onChange?.('')} />
        ) : null}
      </Space>
      {camera ? (
        <CameraDialog
          onClose={() => setCamera(false)}
          onUse={(photo) => {
            onChange?.(photo);
            setCamera(false);
          }}
        />
      ) : null}
    </Flex>
  );
}
