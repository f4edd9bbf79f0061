import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Recovery codes, shown once after they were made: a list to read, copy or download. It closes only by the button
 * saying they were kept (the server keeps their hashes alone).
 */
export function RecoveryCodes({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = (codes ?? []).join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('passkeys.codes.copied'));
    } catch {
      // No clipboard (an insecure origin): the list stays selectable, and the file downloads.
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t('passkeys.codes.fileName');
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Modal
      open={codes !== null}
      title={t('passkeys.codes.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="codes-done">
          {t('passkeys.codes.done')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Alert type="warning" showIcon message={t('passkeys.codes.warning')} />
        <ul
          aria-label={t('passkeys.codes.label')}
          data-testid="recovery-codes"
          style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, margin: 0 }}
        >
          {(codes ?? []).map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Space wrap>
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('passkeys.codes.copy')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={download}>
            {t('passkeys.codes.download')}
          </Button>
        </Space>
      </Space>
    </Modal>
  );
}
