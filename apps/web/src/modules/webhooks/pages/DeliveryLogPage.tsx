import { SUBSCRIBABLE_EVENTS, WEBHOOK_DELIVERY_STATES, type webhookDelivery } from '@openvisit/contract';
import { Alert, Button, Card, Flex, Result, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { defineListParams, ListTable, oneOf, pageWindow, useListPage, useListQuery } from '../../../platform/list';
import { useDeliveries, useWebhooks } from '../api';
import { DeliveryDrawer } from '../components/DeliveryDrawer';
import { DeliveryState } from '../components/DeliveryState';
import { eventLabel } from '../components/eventLabels';
import { ReplayModal } from '../components/ReplayModal';

type Delivery = z.infer<typeof webhookDelivery>;

const logParams = defineListParams({ state: oneOf(WEBHOOK_DELIVERY_STATES), type: oneOf([...SUBSCRIBABLE_EVENTS, 'webhook.test'] as const) });

/** Settings › integrations › webhooks › an endpoint's delivery log: newest first, filters in the URL, each in a drawer. */
export function DeliveryLogPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const id = Number(useParams().id);
  const endpoint = useWebhooks().data?.find((e) => e.id === id);
  const list = useListQuery(logParams);
  const f = list.values;
  const deliveries = useDeliveries({ id, ...pageWindow(f), state: f.state, type: f.type });
  const table = useListPage(list, deliveries, { background: true });
  const [open, setOpen] = useState<number | null>(null);
  const [replaying, setReplaying] = useState(false);
  const back = <Link to="/integrations/webhooks">{t('webhooks.log.back')}</Link>;
  if (deliveries.isError && !deliveries.data) return <Result status="404" title={t('webhooks.log.title')} extra={back} />;
  return (
    <>
      <PageHeader
        title={t('webhooks.log.title')}
        extra={endpoint ? <Typography.Text code>{endpoint.url}</Typography.Text> : <Spin size="small" />}
        actions={
          <>
            {back}
            <Button disabled={!endpoint?.enabled} onClick={() => setReplaying(true)}>
              {t('webhooks.log.replay')}
            </Button>
          </>
        }
      />
      {endpoint && !endpoint.enabled && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('webhooks.log.offNotice')} />}
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label={t('webhooks.log.stateFilter')}
            placeholder={t('webhooks.log.stateFilter')}
            allowClear
            value={f.state}
            onChange={(v) => list.set({ state: v })}
            options={WEBHOOK_DELIVERY_STATES.map((s) => ({ value: s, label: t(`webhooks.log.states.${s}`) }))}
            style={{ width: 140 }}
          />
          <Select
            aria-label={t('webhooks.log.typeFilter')}
            placeholder={t('webhooks.log.typeFilter')}
            allowClear
            value={f.type}
            onChange={(v) => list.set({ type: v })}
            options={[...SUBSCRIBABLE_EVENTS, 'webhook.test' as const].map((e) => ({ value: e, label: eventLabel(e, lang) }))}
            style={{ width: 220 }}
          />
        </Flex>
        <ListTable<Delivery>
          rowKey="id"
          {...table.props}
          totalText={(n) => t('webhooks.log.total', { count: n })}
          empty={list.filtered ? t('webhooks.log.emptyFiltered') : t('webhooks.log.empty')}
          emptyAction={list.filtered ? <Button onClick={() => list.reset()}>{t('webhooks.log.clearFilters')}</Button> : undefined}
          columns={[
            {
              key: 'time',
              title: t('webhooks.log.columns.time'),
              kind: 'dateTime',
              render: (_v, d) => formatDateTime(d.eventTime, '—', { seconds: true }),
            },
            {
              key: 'event',
              title: t('webhooks.log.columns.event'),
              kind: 'text',
              render: (_v, d) => (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(d.id)}>
                  {eventLabel(d.type, lang)}
                </Button>
              ),
            },
            { key: 'state', title: t('webhooks.log.columns.state'), kind: 'tag', render: (_v, d) => <DeliveryState d={d} /> },
            { key: 'attempts', title: t('webhooks.log.columns.attempts'), kind: 'number', dataIndex: 'attempts' },
            {
              key: 'answer',
              title: t('webhooks.log.columns.answer'),
              kind: 'text',
              render: (_v, d) => (d.lastStatus !== null ? `HTTP ${d.lastStatus}` : d.lastError || '—'),
            },
            { key: 'next', title: t('webhooks.log.columns.next'), kind: 'dateTime', render: (_v, d) => formatDateTime(d.nextAt) },
            {
              key: 'actions',
              title: '',
              kind: 'actions',
              width: 80,
              render: (_v, d) => (
                <Button type="link" size="small" onClick={() => setOpen(d.id)} aria-label={`${t('webhooks.log.open')} ${d.id}`}>
                  {t('webhooks.log.open')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <DeliveryDrawer deliveryId={open} enabled={endpoint?.enabled ?? false} onClose={() => setOpen(null)} />
      <ReplayModal endpointId={id} open={replaying} onClose={() => setReplaying(false)} />
    </>
  );
}
