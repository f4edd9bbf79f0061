import { UploadOutlined } from '@ant-design/icons';
import { QUESTIONNAIRE_LIMITS, Status, VIDEO_TYPES } from '@openvisit/contract';
import { App, Button, Form, Input, Modal, Progress, Space, Typography, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { checkVideo, formatBytes, useUploadVideo, VIDEO_MAX_BYTES } from '../api.videos';

const ACCEPT = VIDEO_TYPES.map((e) => `.${e}`).join(',');

/** The server's refusals of the file itself: shown on the file, in the same words as the check made before sending. */
function fileProblemOf(err: unknown): 'type' | 'size' | null {
  if (!(err instanceof ApiError) || err.isTransport) return null;
  if (err.status === Status.VIDEO_NOT_MP4) return 'type';
  if (err.status === Status.VIDEO_TOO_LARGE) return 'size';
  return null;
}

/**
 * Upload of a training video: a title and an MP4 file, checked as chosen (type and size, the server's own limits and
 * words), sent with a real progress bar (the browser's upload progress) and cancellable while it runs.
 */
export function VideoUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const [form] = Form.useForm<{ title: string }>();
  const upload = useUploadVideo();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'type' | 'size' | 'required' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const sending = progress !== null;

  const choose = (chosen: File) => {
    const failure = checkVideo(chosen);
    setProblem(failure);
    setFile(failure ? null : chosen);
  };

  const send = async ({ title }: { title: string }) => {
    if (!file) {
      setProblem('required');
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    try {
      await upload.mutateAsync({ title, file, signal: abort.signal, onProgress: setProgress });
      void message.success(t('questionnaireVideos.upload.done'));
      onClose();
    } catch (err) {
      if (abort.signal.aborted) void message.info(t('questionnaireVideos.upload.cancelled'));
      else {
        const fileProblem = fileProblemOf(err);
        if (fileProblem) setProblem(fileProblem);
        else handleFormError(form, err);
      }
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  const percent = Math.floor((progress ?? 0) * 100);
  return (
    <Modal
      open={open}
      title={t('questionnaireVideos.upload.title')}
      onCancel={sending ? undefined : onClose}
      closable={!sending}
      mask={{ closable: !sending }}
      destroyOnHidden
      footer={
        sending ? (
          <Button danger onClick={() => controller.current?.abort()} data-testid="video-upload-cancel">
            {t('questionnaireVideos.upload.cancel')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('questionnaireVideos.upload.close')}</Button>
            <Button type="primary" onClick={() => form.submit()} data-testid="video-upload-send">
              {t('questionnaireVideos.upload.send')}
            </Button>
          </Space>
        )
      }
    >
      <Form form={form} layout="vertical" onFinish={(v) => void send(v)} disabled={sending}>
        <Form.Item
          label={t('questionnaireVideos.upload.name')}
          name="title"
          rules={[...rules.required(), { max: QUESTIONNAIRE_LIMITS.title, message: t('validation.tooLong', { max: QUESTIONNAIRE_LIMITS.title }) }]}
        >
          <Input placeholder={t('questionnaireVideos.upload.namePlaceholder')} maxLength={QUESTIONNAIRE_LIMITS.title} />
        </Form.Item>
        <Form.Item
          label={t('questionnaireVideos.upload.file')}
          required
          validateStatus={problem ? 'error' : undefined}
          help={
            problem ? (
              <span data-testid="video-upload-problem">{problemText(t, problem)}</span>
            ) : (
              t('questionnaireVideos.upload.advice', { max: formatBytes(VIDEO_MAX_BYTES) })
            )
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Upload
              accept={ACCEPT}
              showUploadList={false}
              multiple={false}
              beforeUpload={(chosen) => {
                choose(chosen);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="video-upload-choose">
                {file ? t('questionnaireVideos.upload.replace') : t('questionnaireVideos.upload.choose')}
              </Button>
            </Upload>
            {file ? (
              <Typography.Text data-testid="video-upload-chosen">
                {t('questionnaireVideos.upload.chosen', { name: file.name, size: formatBytes(file.size) })}
              </Typography.Text>
            ) : null}
          </Space>
        </Form.Item>
      </Form>
      {sending ? (
        <div data-testid="video-upload-progress">
          <Progress percent={percent} status="active" aria-label={t('questionnaireVideos.upload.progress', { percent })} />
          <Typography.Text type="secondary">
            {percent >= 100 ? t('questionnaireVideos.upload.checking') : t('questionnaireVideos.upload.progress', { percent })}
          </Typography.Text>
        </div>
      ) : null}
    </Modal>
  );
}

function problemText(t: TFunction, problem: 'type' | 'size' | 'required'): string {
  if (problem === 'required') return t('questionnaireVideos.upload.required');
  return problem === 'type' ? t('questionnaireVideos.upload.errors.type') : t('questionnaireVideos.upload.errors.size');
}
