import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { fileExtension, LOGISTICS_PHOTO_EXTENSIONS, LOGISTICS_PHOTO_MAX_BYTES, LOGISTICS_PHOTOS_MAX, Status } from '@openvisit/contract';
import { Button, Flex, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { errorText } from '../../../platform/notify';
import { ruleMessage } from '../../../platform/validationText';

const SIZE = 96;

/** A photo just chosen in this browser, shown from the file itself. */
function LocalPhoto({ file, alt }: { file: Blob; alt: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url ? <img src={url} width={SIZE} height={SIZE} style={{ objectFit: 'cover', borderRadius: 6 }} alt={alt} /> : null;
}

/** The words of a refused photo: the client's own checks and the server's field failures alike. */
function problemText(t: TFunction, err: unknown): string {
  const rule = err instanceof ApiError ? err.fieldErrors.find((f) => f.field === 'file')?.rule : undefined;
  if (rule === 'type' || (err instanceof ApiError && err.status === Status.FILE_TYPE_ERROR)) return t('logistics.photos.type');
  if (rule === 'size' || (err instanceof ApiError && err.http === 413)) return t('logistics.photos.size');
  if (rule) return ruleMessage(t, rule);
  return err instanceof ApiError ? errorText(err) : t('logistics.photos.failed');
}

/**
 * The booking form's photos (a form control: the keys): each chosen jpg or png is checked here (type, 8 MB), uploaded
 * by `upload` (the console's call or the public page's with its link), and shown; removing one takes it off the
 * booking. Plain elements besides the buttons: the public page shows it too.
 */
export function PhotoField({
  value = [],
  onChange,
  upload,
  stored,
}: {
  value?: string[];
  onChange?: (keys: string[]) => void;
  upload: (file: Blob, name: string) => Promise<{ key: string }>;
  /** Draws a photo already on the booking (the console's, fetched with the session); the public page has none. */
  stored?: (key: string, alt: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<Record<string, Blob>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File) => {
    setProblem(null);
    if (!(LOGISTICS_PHOTO_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return setProblem(t('logistics.photos.type'));
    if (file.size > LOGISTICS_PHOTO_MAX_BYTES) return setProblem(t('logistics.photos.size'));
    setBusy(true);
    try {
      const { key } = await upload(file, file.name);
      setLocal((m) => ({ ...m, [key]: file }));
      onChange?.([...value, key]);
    } catch (err) {
      setProblem(problemText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        {value.map((k, i) => {
          const alt = t('logistics.detail.photo', { n: i + 1 });
          const file = local[k];
          return (
            <Flex key={k} vertical align="center" gap={2}>
              {file ? <LocalPhoto file={file} alt={alt} /> : stored?.(k, alt)}
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('logistics.photos.remove', { n: i + 1 })}
                onClick={() => onChange?.(value.filter((x) => x !== k))}
              />
            </Flex>
          );
        })}
        {value.length < LOGISTICS_PHOTOS_MAX ? (
          <Upload
            accept={LOGISTICS_PHOTO_EXTENSIONS.map((e) => `.${e}`).join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button icon={busy ? <LoadingOutlined /> : <PlusOutlined />} disabled={busy} data-testid="photo-add">
              {t('logistics.photos.add')}
            </Button>
          </Upload>
        ) : null}
      </Flex>
      <span role={problem ? 'alert' : undefined} style={{ color: problem ? '#cf1322' : 'rgba(0, 0, 0, 0.65)' }} data-testid="photo-note">
        {problem ?? t('logistics.photos.help', { max: LOGISTICS_PHOTOS_MAX })}
      </span>
    </Flex>
  );
}
