import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A device's secret, shown once after it was issued (adding the device or rotating): a copy button and the warning
 * that it cannot be shown again. The server keeps only its hash.
 */
export function SecretDialog({ shown, onClose }: { shown: { eid: number; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      void message.success(t('devices.secret.copied'));
    } catch {
      // No clipboard (an insecure origin): the field stays selectable.
    }
  };
  return (
    <Modal
      open={shown !== null}
      title={t('devices.secret.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t('devices.secret.done')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Alert type="warning" showIcon message={t('devices.secret.warning')} />
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            aria-label={t('devices.secret.label', { eid: shown?.eid ?? 0 })}
            value={shown?.secret ?? ''}
            data-testid="device-secret"
            onFocus={(e) => e.target.select()}
            style={{ fontFamily: 'monospace' }}
          />
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('devices.secret.copy')}
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary">{t('devices.secret.credential', { eid: shown?.eid ?? 0 })}</Typography.Text>
      </Space>
    </Modal>
  );
}
