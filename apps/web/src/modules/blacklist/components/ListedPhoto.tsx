import { DeleteOutlined } from '@ant-design/icons';
import type { ListedPerson } from '@openvisit/contract';
import { App, Button, Image, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FaceUploadControls, PhotoChooser, PhotoSection, PhotoThumb, useFaceSender, useObjectUrl } from '../../../core/faces/public';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { listedPhotoLoader, useDeleteListedPhoto, useUploadListedPhoto } from '../api';
import type { ListKind } from '../kinds';

const SIZE = 96;

/** An entry's photo as a thumbnail (a click shows it large); nothing when the entry has none. */
export function ListedThumb({ kind, bid, photo, name, size = 36 }: { kind: ListKind; bid: number; photo: string; name: string; size?: number }) {
  const { t } = useTranslation();
  if (!photo) return null;
  return (
    <PhotoThumb
      photoKey={photo}
      load={listedPhotoLoader(kind, bid)}
      alt={t('blacklist.photo.of', { name })}
      size={size}
      testId={`listed-photo-${bid}`}
    />
  );
}

/** The dialog's photo section, with the advice on what the photo is for. */
function ListedPhotoSection({ thumb, children }: { thumb: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PhotoSection title={t('blacklist.photo.title')} testId="listed-photo-field" thumb={thumb}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('blacklist.photo.advice')}
      </Typography.Text>
      {children}
    </PhotoSection>
  );
}

/**
 * The photo of a new entry: chosen and checked now, sent once the entry is saved (an upload names the entry). The
 * dialog holds the file.
 */
export function NewListedPhoto({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) {
  const { t } = useTranslation();
  const url = useObjectUrl(value ?? undefined);
  return (
    <ListedPhotoSection
      thumb={
        url ? <Image src={url} alt={t('blacklist.photo.chosen')} width={SIZE} height={SIZE} style={{ objectFit: 'cover', borderRadius: 6 }} /> : null
      }
    >
      {value ? <Typography.Text>{t('blacklist.photo.sentOnSave')}</Typography.Text> : null}
      <PhotoChooser
        value={value}
        onChange={onChange}
        testIds={{ upload: 'listed-photo-upload', remove: 'listed-photo-remove', problem: 'listed-photo-problem' }}
      />
    </ListedPhotoSection>
  );
}

/** The photo of an entry being edited: shown, replaced at once (with progress) or removed after confirmation. */
export function ListedPhotoField({ kind, entry }: { kind: ListKind; entry: ListedPerson }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadListedPhoto(kind);
  const remove = useDeleteListedPhoto(kind);
  const [photo, setPhoto] = useState(entry.photo);
  const sender = useFaceSender(
    (file, onProgress) => upload.mutateAsync({ bid: entry.bid, file, onProgress }),
    (saved) => {
      setPhoto(saved.photo);
      void message.success(t('blacklist.photo.saved', { name: entry.name }));
    },
  );
  const drop = async () => {
    try {
      setPhoto((await remove.mutateAsync(entry.bid)).photo);
      sender.setProblem(null);
      void message.success(t('blacklist.photo.removed', { name: entry.name }));
    } catch {
      // shown by the error policy
    }
  };
  return (
    <ListedPhotoSection
      thumb={
        <PhotoThumb
          key={photo}
          photoKey={photo}
          load={listedPhotoLoader(kind, entry.bid)}
          alt={t('blacklist.photo.of', { name: entry.name })}
          size={SIZE}
        />
      }
    >
      <FaceUploadControls sender={sender} hasPhoto={photo !== ''} testId="listed-photo-upload" problemTestId="listed-photo-problem">
        {photo ? (
          <ConfirmDelete title={t('blacklist.photo.removeConfirm', { name: entry.name })} onConfirm={drop}>
            <Button danger icon={<DeleteOutlined />} loading={remove.isPending} disabled={sender.busy} data-testid="listed-photo-remove">
              {t('employees.faces.field.remove')}
            </Button>
          </ConfirmDelete>
        ) : null}
      </FaceUploadControls>
    </ListedPhotoSection>
  );
}
