import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Flex, Input, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQrCode } from '../../../core/badge/public';
import { formatDateTime } from '../../../platform/format';
import { useLogisticsLink, useResetLink } from '../api';

/** The public booking page of a link token, on this site. */
export function bookingUrl(token: string): string {
  return `${window.location.origin}/logistics-booking?token=${encodeURIComponent(token)}`;
}

/** The company's public booking link: made or replaced (the old one stops working), copied, shown as a QR code. */
export function LinkPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const link = useLogisticsLink(true);
  const reset = useResetLink();
  const token = link.data?.token ?? null;
  const url = token ? bookingUrl(token) : null;
  const qr = useQrCode(url);
  const make = async () => {
    try {
      await reset.mutateAsync();
      void message.success(t(token ? 'logistics.link.replaced' : 'logistics.link.made'));
    } catch {
      // shown by the error policy
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('logistics.link.copied'));
    } catch {
      void message.info(url);
    }
  };
  return (
    <Card title={t('logistics.link.title')} loading={link.isPending}>
      <Typography.Paragraph type="secondary">{t('logistics.link.intro')}</Typography.Paragraph>
      {url ? (
        <Flex gap={24} wrap align="flex-start">
          <Flex vertical gap={12} style={{ flex: '1 1 360px' }}>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={url} aria-label={t('logistics.link.url')} data-testid="logistics-link" />
              <Button icon={<CopyOutlined />} onClick={() => void copy()}>
                {t('logistics.link.copy')}
              </Button>
            </Space.Compact>
            <Typography.Text type="secondary">{t('logistics.link.since', { time: formatDateTime(link.data?.createTime) })}</Typography.Text>
            <Alert type="warning" showIcon title={t('logistics.link.replaceHelp')} />
            <Popconfirm title={t('logistics.link.replaceConfirm')} okButtonProps={{ danger: true }} onConfirm={make}>
              <Button icon={<ReloadOutlined />} loading={reset.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('logistics.link.replace')}
              </Button>
            </Popconfirm>
          </Flex>
          {qr ? <img src={qr} alt={t('logistics.link.qr')} width={180} height={180} /> : null}
        </Flex>
      ) : (
        <Empty description={t('logistics.link.none')}>
          <Button type="primary" loading={reset.isPending} onClick={() => void make()}>
            {t('logistics.link.make')}
          </Button>
        </Empty>
      )}
    </Card>
  );
}
