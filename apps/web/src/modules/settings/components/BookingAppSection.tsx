import { CopyOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Input, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';
import { useBookingApp, useRemoveBookingApp, useResetBookingApp } from '../api';

/** A read-only value with a copy button. */
function Copyable({ value, label, secret = false, testId }: { value: string; label: string; secret?: boolean; testId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      void message.success(t('settings.bookingApp.copied', { what: label }));
    } catch {
      void message.info(value);
    }
  };
  const Field = secret ? Input.Password : Input;
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
      <Field readOnly value={value} aria-label={label} data-testid={testId} />
      <Button icon={<CopyOutlined />} onClick={() => void copy()}>
        {t('settings.bookingApp.copy')}
      </Button>
    </Space.Compact>
  );
}

/**
 * The booking app: the company's own site or app books visits with a signature (appCode, timestamp, authid), the
 * original product's `addVisitorApponintmnet`. Made, given a new secret (the old one stops working) or removed.
 */
export function BookingAppSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const app = useBookingApp();
  const reset = useResetBookingApp();
  const remove = useRemoveBookingApp();
  const data = app.data;
  const make = async () => {
    try {
      await reset.mutateAsync();
      void message.success(t(data?.appCode ? 'settings.bookingApp.renewed' : 'settings.bookingApp.made'));
    } catch {
      // shown by the error policy
    }
  };
  const drop = async () => {
    try {
      await remove.mutateAsync();
      void message.success(t('settings.bookingApp.removed'));
    } catch {
      // shown by the error policy
    }
  };
  const endpoint = `${window.location.origin}/qcvisit/addVisitorApponintmnet`;
  return (
    <Card size="small" title={t('settings.bookingApp.title')} loading={app.isPending}>
      <Typography.Paragraph type="secondary">{t('settings.bookingApp.intro')}</Typography.Paragraph>
      {data?.appCode && data.secret ? (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'code', label: 'appCode', children: <Copyable value={data.appCode} label="appCode" testId="booking-app-code" /> },
              {
                key: 'secret',
                label: t('settings.bookingApp.secret'),
                children: <Copyable value={data.secret} label={t('settings.bookingApp.secret')} secret testId="booking-app-secret" />,
              },
              { key: 'endpoint', label: t('settings.bookingApp.endpoint'), children: <Typography.Text code>{endpoint}</Typography.Text> },
              { key: 'since', label: t('settings.bookingApp.since'), children: formatDateTime(data.createTime) },
              {
                key: 'used',
                label: t('settings.bookingApp.lastUsed'),
                children: data.lastUsed ? formatDateTime(data.lastUsed) : t('settings.bookingApp.neverUsed'),
              },
            ]}
          />
          <Alert type="info" showIcon title={t('settings.bookingApp.howToSign')} />
          <Space wrap>
            <Popconfirm title={t('settings.bookingApp.renewConfirm')} okButtonProps={{ danger: true }} onConfirm={make}>
              <Button icon={<ReloadOutlined />} loading={reset.isPending}>
                {t('settings.bookingApp.renew')}
              </Button>
            </Popconfirm>
            <Popconfirm title={t('settings.bookingApp.removeConfirm')} okButtonProps={{ danger: true }} onConfirm={drop}>
              <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                {t('settings.bookingApp.remove')}
              </Button>
            </Popconfirm>
          </Space>
        </Flex>
      ) : (
        <Empty description={t('settings.bookingApp.none')}>
          <Button type="primary" loading={reset.isPending} onClick={() => void make()}>
            {t('settings.bookingApp.make')}
          </Button>
        </Empty>
      )}
    </Card>
  );
}
