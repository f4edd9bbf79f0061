import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { type Employee, FACE_IMAGE_EXTENSIONS, FACE_UPLOAD_MAX_BYTES, Status } from '@openvisit/contract';
import { Alert, App, Avatar, Button, Divider, Flex, Image, Progress, Space, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/apiError';
import { ConfirmDelete } from '../../platform/components/ConfirmDelete';
import { ruleMessage } from '../../platform/validationText';
import { FaceStatusTag, FaceThumb } from './FaceThumb';
import { checkFacePhoto, fileRules, formatBytes, useDeleteFace, useObjectUrl, useUploadFace } from './facesApi';

const ACCEPT = FACE_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The words for a refused photo: a check of the client ('type', 'size') or the server's `file` rule. */
export function useFaceProblemText() {
  const { t } = useTranslation();
  return (rule: string, from: 'client' | 'server') => {
    if (rule === 'type') return t('employees.faces.errors.type');
    if (rule === 'imageTooSmall') return t('employees.faces.errors.imageTooSmall');
    if (rule === 'noFace' || rule === 'multipleFaces') return ruleMessage(t, rule);
    if (rule === 'size')
      return from === 'client'
        ? t('employees.faces.errors.size', { max: formatBytes(FACE_UPLOAD_MAX_BYTES) })
        : t('employees.faces.errors.serverSize');
    return t('employees.faces.errors.other', { rule });
  };
}

/** What the server said of a photo it refused, in the reader's words; null when the error policy has shown it. */
export function useUploadProblem() {
  const problemText = useFaceProblemText();
  return (err: unknown): string | null => {
    const rules = fileRules(err);
    if (rules.length) return rules.map((r) => problemText(r, 'server')).join('; ');
    if (err instanceof ApiError && err.status === Status.FILE_TYPE_ERROR && !err.isTransport) return problemText('type', 'server');
    return null;
  };
}

/**
 * Sends one person's face photo at once: checked as chosen with the contract's limits, with progress; a refused photo
 * becomes `problem` in the reader's words (`otherProblem` words what else the call leaves to the form).
 */
export function useFaceSender<T>(
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<T>,
  onSaved: (saved: T) => void,
  otherProblem: (err: unknown) => string | null = () => null,
) {
  const problemText = useFaceProblemText();
  const uploadProblem = useUploadProblem();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (file: File) => {
    setProblem(null);
    const local = checkFacePhoto(file);
    if (local) {
      setProblem(problemText(local, 'client'));
      return;
    }
    setProgress(0);
    try {
      onSaved(await upload(file, (f) => setProgress(Math.round(f * 100))));
    } catch (err) {
      setProblem(uploadProblem(err) ?? otherProblem(err));
    } finally {
      setProgress(null);
    }
  };
  return { send, progress, busy: progress !== null, problem, setProblem };
}

/** The photo's upload button (replace when there is one), its progress and its problem. */
export function FaceUploadControls({
  sender,
  hasPhoto,
  testId,
  progressTestId,
  problemTestId,
  children,
}: {
  sender: ReturnType<typeof useFaceSender>;
  hasPhoto: boolean;
  testId: string;
  progressTestId?: string;
  problemTestId: string;
  /** Beside the upload button (a remove button). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { send, progress, busy, problem } = sender;
  return (
    <>
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
          <Button icon={<UploadOutlined />} loading={busy} data-testid={testId}>
            {hasPhoto ? t('employees.faces.field.replace') : t('employees.faces.field.upload')}
          </Button>
        </Upload>
        {children}
      </Space>
      {progress !== null ? (
        <div data-testid={progressTestId}>
          <Progress percent={progress} size="small" status="active" />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {progress < 100 ? t('employees.faces.field.uploading', { percent: progress }) : t('employees.faces.field.processing')}
          </Typography.Text>
        </div>
      ) : null}
      {problem ? <Alert type="error" showIcon title={problem} role="alert" data-testid={problemTestId} /> : null}
    </>
  );
}

/** A photo's section of a form: its title, the picture beside its advice, buttons and messages. */
export function PhotoSection({ title, testId, thumb, children }: { title: string; testId: string; thumb: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} data-testid={testId}>
      <Divider titlePlacement="start" style={{ marginTop: 0 }}>
        {title}
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

/** The drawer's face photo section. */
function FaceSection({ thumb, children }: { thumb: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PhotoSection title={t('employees.faces.field.title')} testId="face-photo-field" thumb={thumb}>
      {children}
    </PhotoSection>
  );
}

/**
 * A photo chosen now and sent later (once what it belongs to is saved): checked as chosen with the contract's limits,
 * replaced or dropped; a refused file is said in the reader's words.
 */
export function PhotoChooser({
  value,
  onChange,
  testIds,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  testIds: { upload: string; remove: string; problem: string };
}) {
  const { t } = useTranslation();
  const problemText = useFaceProblemText();
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (file: File) => {
    const local = checkFacePhoto(file);
    setProblem(local ? problemText(local, 'client') : null);
    if (!local) onChange(file);
  };
  return (
    <>
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
          <Button icon={<UploadOutlined />} data-testid={testIds.upload}>
            {value ? t('employees.faces.field.replace') : t('employees.faces.field.choose')}
          </Button>
        </Upload>
        {value ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} data-testid={testIds.remove}>
            {t('employees.faces.field.remove')}
          </Button>
        ) : null}
      </Space>
      {problem ? <Alert type="error" showIcon title={problem} data-testid={testIds.problem} /> : null}
    </>
  );
}

/**
 * The face photo of a new employee: chosen and checked now, sent once the employee is saved (an upload needs the
 * employee's id). The drawer holds the file.
 */
export function NewFacePhoto({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) {
  const { t } = useTranslation();
  const url = useObjectUrl(value ?? undefined);
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
      <PhotoChooser value={value} onChange={onChange} testIds={{ upload: 'face-upload', remove: 'face-remove', problem: 'face-problem' }} />
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
