import { CameraOutlined, CheckCircleTwoTone } from '@ant-design/icons';
import { fileExtension, IMAGE_MAX_BYTES, INVITE_PHOTO_EXTENSIONS, type Invitation, Status, uploadAppointmentPhoto } from '@openvisit/contract';
import { Alert, Button, Card, Checkbox, Flex, Image, Progress, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { useLang } from '../../../platform/i18n';
import { errorText } from '../../../platform/notify';
import { ruleMessage } from '../../../platform/validationText';

/** The longer edge a phone's photo is scaled to before it is sent, when it is over the size limit. */
const SHRINK_EDGE = 960;

/**
 * A photo over the limit, scaled down in the browser to a JPEG that fits (phones take photos of several MB; the server
 * takes at most 1 MB, as spec section 5 asks). Null when the browser cannot decode or encode it.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    for (const [edge, quality] of [
      [SHRINK_EDGE, 0.85],
      [SHRINK_EDGE, 0.7],
      [640, 0.7],
    ] as const) {
      const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      const ctx = canvas.getContext('2d');
      if (!ctx) return null;
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size <= IMAGE_MAX_BYTES) return blob;
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * The visitor's face photo on the invitation page (for face recognition at the gate): a jpg or png, at least 100×100
 * px and at most 1 MB (a larger photo is scaled down here first); upload progress, a preview of what was sent, and the
 * server's refusals in words.
 */
export function VisitorPhotoUpload({ token, data, onSaved }: { token: string; data: Invitation; onSaved: (next: Invitation) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  // The photo is for face recognition alone: asked apart from the visit's terms, in the page's language.
  const consentText = data.faceConsent[lang];
  const [agreed, setAgreed] = useState(data.faceConsented);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  if (!data.canSupplement && !data.hasPhoto) return null;

  const send = async (file: File) => {
    setProblem(null);
    if (!(INVITE_PHOTO_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) {
      setProblem(t('invitations.page.photoType'));
      return;
    }
    const blob = file.size > IMAGE_MAX_BYTES ? await shrinkPhoto(file) : file;
    if (!blob) {
      setProblem(t('invitations.page.photoSize'));
      return;
    }
    setProgress(0);
    try {
      const next = await uploadFile(
        uploadAppointmentPhoto,
        blob,
        blob === file ? file.name : 'photo.jpg',
        { secid: token, faceConsent: String(consentText.id) },
        {
          silent: 'form',
          onProgress: setProgress,
        },
      );
      setPreview(URL.createObjectURL(blob));
      onSaved(next);
    } catch (err) {
      const rule = err instanceof ApiError ? err.fieldErrors.find((f) => f.field === 'file')?.rule : undefined;
      if (rule === 'type' || (err instanceof ApiError && err.status === Status.FILE_TYPE_ERROR)) setProblem(t('invitations.page.photoType'));
      else if (rule === 'size') setProblem(t('invitations.page.photoSize'));
      else if (rule) setProblem(ruleMessage(t, rule));
      else setProblem(err instanceof ApiError ? errorText(err) : t('spreadsheet.failed'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card size="small" title={t('invitations.page.photo')} data-testid="visitor-photo">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('invitations.page.photoHelp')}</Typography.Text>
        {data.canSupplement ? (
          <Flex vertical gap={4} data-testid="face-consent">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 160, overflow: 'auto' }} data-testid="face-consent-text">
              {consentText.text}
            </Typography.Paragraph>
            <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
              {t('invitations.page.faceConsent', { version: consentText.version })}
            </Checkbox>
          </Flex>
        ) : null}
        {problem ? <Alert type="error" showIcon title={problem} data-testid="photo-problem" /> : null}
        {data.hasPhoto ? (
          <Flex gap={12} align="center" data-testid="photo-done">
            {preview ? <Image src={preview} width={72} height={72} style={{ objectFit: 'cover' }} alt={t('invitations.page.photoThumb')} /> : null}
            <Typography.Text>
              <CheckCircleTwoTone twoToneColor="#52c41a" /> {t('invitations.page.photoReceived')}
            </Typography.Text>
          </Flex>
        ) : null}
        {progress !== null ? <Progress percent={Math.round(progress * 100)} size="small" status="active" /> : null}
        {data.canSupplement ? (
          <Upload
            accept={INVITE_PHOTO_EXTENSIONS.map((e) => `.${e}`).join(',')}
            capture="user"
            disabled={!agreed}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button icon={<CameraOutlined />} loading={progress !== null} disabled={!agreed} data-testid="photo-choose">
              {data.hasPhoto ? t('invitations.page.photoReplace') : t('invitations.page.photoChoose')}
            </Button>
          </Upload>
        ) : null}
      </Flex>
    </Card>
  );
}
