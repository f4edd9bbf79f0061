import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { CAROUSEL_PICTURES, PAD_IMAGE_EXTENSIONS, PAD_PICTURE_RULES, PAD_UPLOAD_MAX_BYTES, type PadPictureKind } from '@openvisit/contract';
import { Alert, App, Button, Flex, Image, Progress, Space, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../core/faces/public';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { checkPictureFile, pictureRules, usePadSettings, usePadWrite, usePictureUpload, usePictureUrl } from '../api';

const ACCEPT = PAD_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The words for a refused picture: a check of the client or the server's `file` rule. */
export function usePictureProblem() {
  const { t } = useTranslation();
  return (kind: PadPictureKind, rule: string, from: 'client' | 'server') => {
    const { min } = PAD_PICTURE_RULES[kind];
    if (rule === 'type') return t('registration.picture.errors.type');
    if (rule === 'imageTooSmall') return t('registration.picture.errors.imageTooSmall', { width: min.width, height: min.height });
    if (rule === 'carouselFull') return t('registration.picture.errors.carouselFull', { max: CAROUSEL_PICTURES.max });
    if (rule === 'size')
      return from === 'client'
        ? t('registration.picture.errors.size', { max: formatBytes(PAD_UPLOAD_MAX_BYTES) })
        : t('registration.picture.errors.serverSize');
    return t('registration.picture.errors.other', { rule });
  };
}

/** Sends a chosen picture, with its progress and problems; answers whether it was saved. */
function usePictureSender(kind: PadPictureKind) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = usePictureUpload(kind);
  const problemText = usePictureProblem();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (file: File) => {
    setProblem(null);
    const local = checkPictureFile(file);
    if (local) {
      setProblem(problemText(kind, local, 'client'));
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: (f) => setProgress(Math.round(f * 100)) });
      void message.success(t('registration.picture.saved'));
    } catch (err) {
      const rules = pictureRules(err);
      if (rules.length) setProblem(rules.map((r) => problemText(kind, r, 'server')).join('; '));
    } finally {
      setProgress(null);
    }
  };
  return { send, progress, problem };
}

function ProgressLine({ progress, testId }: { progress: number | null; testId: string }) {
  const { t } = useTranslation();
  if (progress === null) return null;
  return (
    <div data-testid={testId}>
      <Progress percent={progress} size="small" status="active" />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {progress < 100 ? t('registration.picture.uploading', { percent: progress }) : t('registration.picture.processing')}
      </Typography.Text>
    </div>
  );
}

/** A stored picture's preview; `alt` names it (the logo, picture 2 of the carousel). */
function Thumb({ url, size, testId, alt }: { url: string; size: number; testId: string; alt: string }) {
  return url ? (
    <Image
      src={url}
      alt={alt}
      width={size}
      height={size}
      style={{ objectFit: 'contain', background: '#fafafa', border: '1px solid #f0f0f0' }}
      data-testid={testId}
    />
  ) : (
    <Flex
      align="center"
      justify="center"
      style={{ width: size, height: size, background: '#fafafa', border: '1px dashed #d9d9d9', color: '#bfbfbf', fontSize: 28 }}
    >
      <PictureOutlined />
    </Flex>
  );
}

/** One picture of the pad settings (logo, background, default photo): preview, upload with progress, removal after a confirmation. */
export function PictureField({ kind, title }: { kind: 'logo' | 'backgroundPic' | 'defaultPhoto'; title: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = usePadSettings().data;
  const key = settings?.[kind] ?? '';
  const url = usePictureUrl(key, kind === 'logo' ? 'logo' : 'picture');
  const { send, progress, problem } = usePictureSender(kind);
  const write = usePadWrite();
  const { advice } = PAD_PICTURE_RULES[kind];
  const busy = progress !== null;
  return (
    <section aria-label={title} data-testid={`picture-${kind}`}>
      <Typography.Text strong>{title}</Typography.Text>
      <Flex gap={16} align="flex-start" style={{ marginTop: 8 }}>
        <Thumb url={url} size={96} testId={`picture-${kind}-preview`} alt={title} />
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`registration.picture.advice.${kind}`, { width: advice.width, height: advice.height, max: formatBytes(PAD_UPLOAD_MAX_BYTES) })}
          </Typography.Text>
          <Space wrap>
            <Upload
              accept={ACCEPT}
              showUploadList={false}
              multiple={false}
              disabled={busy}
              beforeUpload={(file) => {
                void send(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={busy} data-testid={`picture-${kind}-upload`}>
                {key ? t('registration.picture.replace') : t('registration.picture.upload')}
              </Button>
            </Upload>
            {key ? (
              <ConfirmDelete
                title={t('registration.picture.removeConfirm', { what: title })}
                onConfirm={async () => {
                  try {
                    await write.mutateAsync({ call: 'delPadPicture', input: { kind } });
                    void message.success(t('registration.picture.removed'));
                  } catch {
                    // shown by the error policy
                  }
                }}
              >
                <Button danger icon={<DeleteOutlined />} disabled={busy} data-testid={`picture-${kind}-remove`}>
                  {t('registration.picture.remove')}
                </Button>
              </ConfirmDelete>
            ) : null}
          </Space>
          <ProgressLine progress={progress} testId={`picture-${kind}-progress`} />
          {problem ? <Alert type="error" showIcon title={problem} data-testid={`picture-${kind}-problem`} /> : null}
        </Flex>
      </Flex>
    </section>
  );
}

function CarouselThumb({ pictureKey, n }: { pictureKey: string; n: number }) {
  const { t } = useTranslation();
  return <Thumb url={usePictureUrl(pictureKey, 'picture')} size={72} testId="carousel-thumb" alt={t('registration.picture.carouselNth', { n })} />;
}

/** The home carousel: 2 to 5 pictures, added one by one, reordered and removed (after a confirmation). */
export function CarouselField({ title }: { title: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const keys = usePadSettings().data?.carouselPic ?? [];
  const { send, progress, problem } = usePictureSender('carouselPic');
  const write = usePadWrite();
  const { advice } = PAD_PICTURE_RULES.carouselPic;
  const busy = progress !== null || write.isPending;
  const save = async (next: string[], done: string) => {
    try {
      await write.mutateAsync({ call: 'updateCarouselPic', input: { carouselPic: next } });
      void message.success(done);
    } catch {
      // shown by the error policy
    }
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...keys];
    const [k] = next.splice(i, 1);
    if (k) next.splice(i + by, 0, k);
    void save(next, t('registration.picture.reordered'));
  };
  return (
    <section aria-label={title} data-testid="picture-carousel">
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 8px' }}>
        {t('registration.picture.advice.carouselPic', {
          width: advice.width,
          height: advice.height,
          min: CAROUSEL_PICTURES.min,
          max: CAROUSEL_PICTURES.max,
        })}
      </Typography.Paragraph>
      <Flex gap={12} wrap align="flex-start">
        {keys.map((k, i) => (
          <Flex key={k} vertical align="center" gap={4} data-testid={`carousel-item-${i + 1}`}>
            <CarouselThumb pictureKey={k} n={i + 1} />
            <Space size={0}>
              <Tooltip title={t('registration.order.earlier')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowLeftOutlined />}
                  disabled={i === 0 || busy}
                  onClick={() => move(i, -1)}
                  aria-label={t('registration.order.earlier')}
                />
              </Tooltip>
              <Tooltip title={t('registration.order.later')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowRightOutlined />}
                  disabled={i === keys.length - 1 || busy}
                  onClick={() => move(i, 1)}
                  aria-label={t('registration.order.later')}
                />
              </Tooltip>
              <ConfirmDelete
                title={t('registration.picture.removeCarouselConfirm', { n: i + 1 })}
                onConfirm={() =>
                  save(
                    keys.filter((x) => x !== k),
                    t('registration.picture.removed'),
                  )
                }
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={busy}
                  aria-label={t('registration.picture.removeNth', { n: i + 1 })}
                />
              </ConfirmDelete>
            </Space>
          </Flex>
        ))}
        {keys.length < CAROUSEL_PICTURES.max ? (
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            multiple={false}
            disabled={busy}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={progress !== null} style={{ height: 72 }} data-testid="picture-carouselPic-upload">
              {t('registration.picture.addCarousel')}
            </Button>
          </Upload>
        ) : null}
      </Flex>
      <Typography.Text
        type={keys.length > 0 && keys.length < CAROUSEL_PICTURES.min ? 'warning' : 'secondary'}
        style={{ fontSize: 12 }}
        data-testid="carousel-count"
      >
        {keys.length === 0
          ? t('registration.picture.carouselNone')
          : keys.length < CAROUSEL_PICTURES.min
            ? t('registration.picture.carouselTooFew', { count: keys.length, min: CAROUSEL_PICTURES.min })
            : t('registration.picture.carouselCount', { count: keys.length, max: CAROUSEL_PICTURES.max })}
      </Typography.Text>
      <ProgressLine progress={progress} testId="picture-carouselPic-progress" />
      {problem ? <Alert type="error" showIcon title={problem} data-testid="picture-carouselPic-problem" style={{ marginTop: 8 }} /> : null}
    </section>
  );
}
