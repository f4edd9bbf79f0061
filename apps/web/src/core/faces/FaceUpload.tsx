import { UploadOutlined } from '@ant-design/icons';
import { FACE_IMAGE_EXTENSIONS, FACE_UPLOAD_MAX_BYTES, Status } from '@openvisit/contract';
import { Alert, Button, Progress, Space, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/apiError';
import { ruleMessage } from '../../platform/validationText';
import { checkFacePhoto, fileRules, formatBytes } from './facesApi';

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
