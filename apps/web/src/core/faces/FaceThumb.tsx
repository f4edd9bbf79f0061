import { UserOutlined } from '@ant-design/icons';
import { type Employee, empFacePhoto, faceStatusLabel } from '@openvisit/contract';
import { Avatar, Image, Space, Tag, Tooltip, Typography } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../platform/api';
import { useLang } from '../../platform/i18n';
import { useObjectUrl, useStoredPhoto } from './facesApi';

/** Colours of the face statuses (spec section 4): normal, waiting for the devices, a photo to replace, an error. */
export function faceStatusColor(code: number): string {
  if (code === 0) return 'success';
  if (code === -9) return 'processing';
  if (code === 2 || code === 3 || code === 4) return 'warning';
  return 'error';
}

/** The face status as a coloured tag in the current language; unknown codes read "Photo error (code)". */
export function FaceStatusTag({ code }: { code: number }) {
  const lang = useLang();
  return (
    <Tag color={faceStatusColor(code)} data-testid="face-status" style={{ marginInlineEnd: 0 }}>
      {faceStatusLabel(code, lang)}
    </Tag>
  );
}

/** True once the element has come near the viewport (at once where IntersectionObserver is missing). */
function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/**
 * A stored photo, fetched with the session header when it comes on screen and cached by its stored key (`photoKey`,
 * '' for none); a click shows it large. Without a photo (or while it loads) a placeholder.
 */
export function PhotoThumb({
  photoKey,
  load,
  alt,
  size = 40,
  testId = 'photo-thumb',
}: {
  photoKey: string;
  load: (signal: AbortSignal) => Promise<Blob>;
  alt: string;
  size?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLSpanElement>(null);
  const near = useNearViewport(ref);
  const photo = useStoredPhoto(photoKey, load, near);
  const url = useObjectUrl(photoKey ? photo.data : undefined);
  return (
    <span ref={ref} style={{ display: 'inline-flex', width: size, height: size, flex: 'none' }} data-testid={testId}>
      {url ? (
        <Image
          src={url}
          alt={alt}
          width={size}
          height={size}
          style={{ objectFit: 'cover', borderRadius: 6 }}
          preview={{ mask: null }}
          data-testid="face-photo"
        />
      ) : (
        <Tooltip title={photoKey && photo.isError ? t('employees.faces.notLoaded') : undefined}>
          <Avatar
            shape="square"
            size={size}
            icon={<UserOutlined />}
            aria-label={photoKey ? alt : t('employees.faces.noPhoto')}
            style={{ opacity: photoKey ? 1 : 0.45 }}
          />
        </Tooltip>
      )}
    </span>
  );
}

/** An employee's face photo (PhotoThumb). */
export function FaceThumb({ employee, size = 40 }: { employee: Pick<Employee, 'empid' | 'avatar' | 'empName'>; size?: number }) {
  const { t } = useTranslation();
  return (
    <PhotoThumb
      photoKey={employee.avatar}
      load={(signal) => fetchFile(empFacePhoto, { empid: employee.empid }, { signal, silent: true })}
      alt={t('employees.faces.photoOf', { name: employee.empName })}
      size={size}
      testId="face-thumb"
    />
  );
}

/** The table's face column: thumbnail and status, or "No photo". */
export function FaceCell({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  return (
    <Space size={8} data-testid={`face-cell-${employee.empid}`}>
      <FaceThumb employee={employee} size={36} />
      {employee.face !== null ? (
        <FaceStatusTag code={employee.face} />
      ) : (
        <Typography.Text type="secondary">{employee.avatar ? '—' : t('employees.faces.noPhoto')}</Typography.Text>
      )}
    </Space>
  );
}
