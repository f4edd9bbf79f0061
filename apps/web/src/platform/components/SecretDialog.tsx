import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A secret shown once after it was issued (a device's, a webhook endpoint's): a copy button and the warning that it
 * cannot be shown again (the server keeps it sealed or hashed). It closes only by the button saying it was copied.
 */
export function SecretDialog(props: {
  secret: string | null;
  title: string;
  warning: string;
  /** The field's accessible name. */
  label: string;
  /** How it is used, under the field. */
  note?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (!props.secret) return;
    try {
      await navigator.clipboard.writeText(props.secret);
      void message.success(t('common.secretCopied'));
    } catch {
      // No clipboard (an insecure origin): the field stays selectable.
    }
  };
  return (
    <Modal
      open={props.secret !== null}
      title={props.title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      // The secret leaves the page once copied, not kept hidden in it.
      destroyOnHidden
      onCancel={props.onClose}
      footer={
        <Button type="primary" onClick={props.onClose} data-testid="secret-done">
          {t('common.secretDone')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Alert type="warning" showIcon message={props.warning} />
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            aria-label={props.label}
            value={props.secret ?? ''}
            data-testid="shown-secret"
            onFocus={(e) => e.target.select()}
            style={{ fontFamily: 'monospace' }}
          />
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('common.secretCopy')}
          </Button>
        </Space.Compact>
        {props.note && <Typography.Text type="secondary">{props.note}</Typography.Text>}
      </Space>
    </Modal>
  );
}
