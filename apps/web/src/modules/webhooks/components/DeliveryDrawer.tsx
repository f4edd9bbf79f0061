import { App, Button, Descriptions, Drawer, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { useDelivery, useResendDelivery } from '../api';
import { DeliveryState } from './DeliveryState';
import { eventLabel } from './eventLabels';

const pretty = (json: string) => {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
};
const headerLines = (h: Record<string, string>) =>
  Object.entries(h)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

/** One delivery: the body sent, each attempt's request headers and answer, and "send again now". */
export function DeliveryDrawer({ deliveryId, enabled, onClose }: { deliveryId: number | null; enabled: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const q = useDelivery(deliveryId);
  const resend = useResendDelivery();
  const d = q.data;
  const again = async () => {
    try {
      await resend.mutateAsync(deliveryId ?? 0);
      void message.success(t('webhooks.delivery.resent'));
    } catch {
      // shown by the error policy
    }
  };
  return (
    <Drawer
      open={deliveryId !== null}
      onClose={onClose}
      destroyOnHidden
      width="min(860px, 100vw)"
      title={d ? `${t('webhooks.delivery.title')} ${d.delivery.id} · ${eventLabel(d.delivery.type, lang)}` : t('webhooks.delivery.title')}
      extra={
        <Button type="primary" disabled={!enabled || !d} loading={resend.isPending} onClick={() => void again()}>
          {t('webhooks.delivery.resend')}
        </Button>
      }
      data-testid="webhook-delivery"
    >
      {!d ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('webhooks.delivery.eventId')}>
              <Typography.Text code copyable>
                {d.delivery.eventId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('webhooks.log.columns.state')}>
              <DeliveryState d={d.delivery} />
              {d.delivery.requestedBy && <Tag bordered={false}>{t('webhooks.delivery.requestedBy', { name: d.delivery.requestedBy })}</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('webhooks.delivery.body')}</Typography.Title>
            <Typography.Paragraph copyable={{ text: d.body }}>
              <pre style={{ maxHeight: 320, overflow: 'auto', margin: 0 }}>{pretty(d.body)}</pre>
            </Typography.Paragraph>
          </div>
          <Typography.Title level={5}>{t('webhooks.delivery.attempts')}</Typography.Title>
          {d.attempts.length === 0 && <Empty description={t('webhooks.delivery.noAttempts')} />}
          {d.attempts.map((a, i) => (
            <Descriptions key={a.at} size="small" column={1} bordered title={`${i + 1}. ${formatDateTime(a.at, '—', { seconds: true })}`}>
              <Descriptions.Item label={t('webhooks.delivery.answer')}>
                {a.httpStatus === null ? (
                  <Tag color="red">{t('webhooks.delivery.noAnswer', { error: a.error })}</Tag>
                ) : (
                  <Tag color={a.httpStatus >= 200 && a.httpStatus < 300 ? 'green' : 'red'}>HTTP {a.httpStatus}</Tag>
                )}
                {t('webhooks.delivery.duration', { ms: a.durationMs })}
              </Descriptions.Item>
              <Descriptions.Item label={t('webhooks.delivery.request')}>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{`POST ${a.url}\n${headerLines(a.requestHeaders)}`}</pre>
              </Descriptions.Item>
              {a.httpStatus !== null && (
                <Descriptions.Item label={t('webhooks.delivery.answerBody')}>
                  <pre style={{ margin: 0, maxHeight: 200, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {[headerLines(a.responseHeaders), a.responseBody].filter(Boolean).join('\n\n') || '—'}
                  </pre>
                </Descriptions.Item>
              )}
            </Descriptions>
          ))}
        </Flex>
      )}
    </Drawer>
  );
}
