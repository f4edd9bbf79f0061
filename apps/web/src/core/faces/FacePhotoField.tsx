import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { type Employee, FACE_IMAGE_EXTENSIONS, FACE_UPLOAD_MAX_BYTES } from '@openvisit/contract';
import { Alert, App, Avatar, Button, Divider, Flex, Image, Space, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../platform/components/ConfirmDelete';
import { FaceStatusTag, FaceThumb } from './FaceThumb';
import { FaceUploadControls, useFaceProblemText, useFaceSender } from './FaceUpload';
import { checkFacePhoto, formatBytes, useDeleteFace, useObjectUrl, useUploadFace } from './facesApi';

const ACCEPT = FACE_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The drawer's face photo section: the picture beside its advice, buttons and messages. */
function FaceSection({ thumb, children }: { thumb: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('employees.faces.field.title')} data-testid="face-photo-field">
      <Divider titlePlacement="start" style={{ marginTop: 0 }}>
        {t('employees.faces.field.title')}
      </Divider>
      <Flex gap={16} align="flex-start" style={{ marginBottom: 16 }}>
        {thumb}
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
          {children}
        </Flex>
      </Flex>
    </section>
  );
}

/**
 * The face photo of a new employee: chosen and checked now, sent once the employee is saved (an upload needs the
 * employee's id). The drawer holds the file.
 */
export function NewFacePhoto({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) {
  const { t } = useTranslation();
  const problemText = useFaceProblemText();
  const [problem, setProblem] = useState<string | null>(null);
  const url = useObjectUrl(value ?? undefined);
  const choose = (file: File) => {
    const local = checkFacePhoto(file);
    setProblem(local ? problemText(local, 'client') : null);
    if (!local) onChange(file);
  };
  return (
    <FaceSection
      thumb={
        url ? (
          <Image src={url} alt={t('employees.faces.field.chosen')} width={112} height={112} style={{ objectFit: 'cover', borderRadius: 6 }} />
        ) : (
          <Avatar shape="square" size={112} icon={<UserOutlined />} aria-label={t('employees.faces.noPhoto')} />
        )
      }
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('employees.faces.field.advice', { max: formatBytes(FACE_UPLOAD_MAX_BYTES) })}
      </Typography.Text>
      {value ? <Typography.Text>{t('employees.faces.field.sentOnSave')}</Typography.Text> : null}
      <Space wrap>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          multiple={false}
          beforeUpload={(file) => {
            choose(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="face-upload">
            {value ? t('employees.faces.field.replace') : t('employees.faces.field.choose')}
          </Button>
        </Upload>
        {value ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} data-testid="face-remove">
            {t('employees.faces.field.remove')}
          </Button>
        ) : null}
      </Space>
      {problem ? <Alert type="error" showIcon title={problem} data-testid="face-problem" /> : null}
    </FaceSection>
  );
}

/**
 * The face photo of the edit drawer: the current photo and its status, upload (checked as chosen with the
 * contract's limits, with progress) and removal with confirmation. Works on its own copy of the employee,
 * updated from each answer, so the drawer shows the new photo at once; the list is refreshed behind it.
 */
export function FacePhotoField({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadFace();
  const remove = useDeleteFace();
  const [current, setCurrent] = useState(employee);
  const sender = useFaceSender(
    (file, onProgress) => upload.mutateAsync({ empid: current.empid, file, onProgress }),
    (saved) => {
      setCurrent(saved);
      void message.success(t('employees.faces.field.saved', { name: saved.empName }));
    },
  );

  const drop = async () => {
    try {
      const saved = await remove.mutateAsync(current.empid);
      setCurrent(saved);
      sender.setProblem(null);
      void message.success(t('employees.faces.field.removed', { name: saved.empName }));
    } catch {
      // shown by the error policy
    }
  };

  const hasPhoto = current.avatar !== '';
  return (
    <FaceSection thumb={<FaceThumb key={current.avatar} employee={current} size={112} />}>
      <Space wrap>
        {current.face !== null ? (
          <FaceStatusTag code={current.face} />
        ) : (
          <Typography.Text type="secondary">{t('employees.faces.noPhoto')}</Typography.Text>
        )}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('employees.faces.field.advice', { max: formatBytes(FACE_UPLOAD_MAX_BYTES) })}
      </Typography.Text>
      <FaceUploadControls sender={sender} hasPhoto={hasPhoto} testId="face-upload" progressTestId="face-progress" problemTestId="face-problem">
        {hasPhoto ? (
          <ConfirmDelete title={t('employees.faces.field.removeConfirm', { name: current.empName })} onConfirm={drop}>
            <Button danger icon={<DeleteOutlined />} loading={remove.isPending} disabled={sender.busy} data-testid="face-remove">
              {t('employees.faces.field.remove')}
            </Button>
          </ConfirmDelete>
        ) : null}
      </FaceUploadControls>
    </FaceSection>
  );
}
