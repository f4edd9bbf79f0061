import { logisticsPhoto } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Image, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../../platform/api';

const PHOTO_SIZE = 96;

/** An object URL of a blob for as long as the component shows it. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

/** A stored photo of the company, fetched with the session (the download is authorised by it, never a bare address). */
export function StoredPhoto({ photoKey, alt }: { photoKey: string; alt: string }) {
  const { t } = useTranslation();
  const photo = useQuery({
    queryKey: ['logistics', 'photo', photoKey],
    queryFn: () => fetchFile(logisticsPhoto, { key: photoKey }, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useObjectUrl(photo.data);
  if (photo.isError) return <Typography.Text type="danger">{t('logistics.photos.failed')}</Typography.Text>;
  if (!url) return <Skeleton.Image active style={{ width: PHOTO_SIZE, height: PHOTO_SIZE }} />;
  return <Image src={url} width={PHOTO_SIZE} height={PHOTO_SIZE} style={{ objectFit: 'cover' }} alt={alt} />;
}

/** A booking's photos in its details, each previewable. */
export function BookingPhotos({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  if (!keys.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logistics.detail.noPhotos')} />;
  return (
    <Image.PreviewGroup>
      <Flex gap={8} wrap data-testid="booking-photos">
        {keys.map((k, i) => (
          <StoredPhoto key={k} photoKey={k} alt={t('logistics.detail.photo', { n: i + 1 })} />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}
