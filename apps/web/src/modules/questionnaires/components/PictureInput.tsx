import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { QUESTION_PICTURE_MAX_BYTES } from '@openvisit/contract';
import { Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PictureValue } from '../questionForm';

const TYPES = ['image/jpeg', 'image/png'];
const MAX_MB = QUESTION_PICTURE_MAX_BYTES / 1024 / 1024;

/** The client-side check of a picture, with the contract's limits: jpg or png, at most 1 MB. */
export function checkPicture(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!TYPES.includes(file.type)) return 'type';
  if (file.size > QUESTION_PICTURE_MAX_BYTES) return 'size';
  return null;
}

function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A question's optional picture: chosen (jpg/png ≤ 1 MB, read as a data URL), previewed, removed. */
export function PictureInput({ value = { kind: 'none' }, onChange }: { value?: PictureValue; onChange?: (v: PictureValue) => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const src = value.kind === 'keep' ? value.url : value.kind === 'new' ? value.dataUrl : null;
  const choose = async (file: File) => {
    const bad = checkPicture(file);
    if (bad) {
      setProblem(bad === 'type' ? t('questionnaires.question.pictureType') : t('questionnaires.question.pictureSize', { size: MAX_MB }));
      return;
    }
    setProblem(null);
    onChange?.({ kind: 'new', dataUrl: await readDataUrl(file) });
  };
  return (
    <Flex vertical gap={8}>
      {src ? (
        <img src={src} alt={t('questionnaires.question.picturePreview')} style={{ maxWidth: 240, maxHeight: 160, objectFit: 'contain' }} />
      ) : null}
      <Flex gap={8}>
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button icon={<PictureOutlined />} data-testid="picture-choose">
            {t(src ? 'questionnaires.question.pictureReplace' : 'questionnaires.question.pictureChoose', { size: MAX_MB })}
          </Button>
        </Upload>
        {src ? (
          <Button icon={<DeleteOutlined />} danger onClick={() => onChange?.({ kind: 'none' })}>
            {t('questionnaires.question.pictureRemove')}
          </Button>
        ) : null}
      </Flex>
      {problem ? (
        <span role="alert" className="ant-form-item-explain-error">
          {problem}
        </span>
      ) : null}
    </Flex>
  );
}
