import { PlusOutlined } from '@ant-design/icons';
import type { webhookEndpoint } from '@openvisit/contract';
import { App, Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { SecretDialog } from '../../../platform/components/SecretDialog';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { ListTable, useWholeListPage } from '../../../platform/list';
import { useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useUpdateWebhook, useWebhooks } from '../api';
import { eventLabel } from '../components/eventLabels';
import { WebhookForm } from '../components/WebhookForm';

type Endpoint = z.infer<typeof webhookEndpoint>;

/** On, off by a person, off by the server after a day of failures, or on and failing. */
function EndpointStatus({ e }: { e: Endpoint }) {
  const { t } = useTranslation();
  if (!e.enabled)
    return e.disabledReason ? (
      <Tooltip title={t('webhooks.status.switchedOff', { reason: e.disabledReason })}>
        <Tag color="red">{t('webhooks.status.off')}</Tag>
      </Tooltip>
    ) : (
      <Tag>{t('webhooks.status.off')}</Tag>
    );
  if (e.failingSince) return <Tag color="orange">{t('webhooks.status.failing', { time: formatDateTime(e.failingSince) })}</Tag>;
  return <Tag color="green">{t('webhooks.status.on')}</Tag>;
}

function Subscribed({ events }: { events: string[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (events.includes('*')) return <Tag color="blue">{t('webhooks.allEvents')}</Tag>;
  return (
    <Tooltip title={events.map((e) => eventLabel(e, lang)).join(t('common.listSeparator'))}>
      <span>{t('webhooks.eventCount', { count: events.length })}</span>
    </Tooltip>
  );
}

/** Log, test, edit, switch on or off, new secret (shown once), delete: each destructive one asks first. */
function EndpointActions({ e, onEdit, onSecret }: { e: Endpoint; onEdit: () => void; onSecret: (s: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const test = useTestWebhook();
  const rotate = useRotateWebhookSecret();
  const update = useUpdateWebhook();
  const del = useDeleteWebhook();
  const act = async <T,>(work: () => Promise<T>, done?: (r: T) => void) => {
    try {
      done?.(await work());
    } catch {
      // shown by the error policy
    }
  };
  const toggle = () =>
    act(
      () => update.mutateAsync({ id: e.id, enabled: !e.enabled }),
      () => void message.success(t(e.enabled ? 'webhooks.actions.switchedOff' : 'webhooks.actions.switchedOn')),
    );
  return (
    <Space size={0} wrap>
      <Link to={`/integrations/webhooks/${e.id}`}>{t('webhooks.actions.log')}</Link>
      <Button
        type="link"
        size="small"
        disabled={!e.enabled}
        onClick={() =>
          void act(
            () => test.mutateAsync(e.id),
            () => void message.success(t('webhooks.actions.testSent')),
          )
        }
      >
        {t('webhooks.actions.test')}
      </Button>
      <Button type="link" size="small" onClick={onEdit}>
        {t('webhooks.actions.edit')}
      </Button>
      {e.enabled ? (
        <ConfirmDelete title={t('webhooks.actions.switchOffConfirm', { url: e.url })} okText={t('webhooks.actions.switchOff')} onConfirm={toggle}>
          <Button type="link" size="small">
            {t('webhooks.actions.switchOff')}
          </Button>
        </ConfirmDelete>
      ) : (
        <Button type="link" size="small" onClick={() => void toggle()}>
          {t('webhooks.actions.switchOn')}
        </Button>
      )}
      <ConfirmDelete
        title={t('webhooks.actions.rotateConfirm', { url: e.url })}
        okText={t('webhooks.actions.rotate')}
        onConfirm={() =>
          act(
            () => rotate.mutateAsync(e.id),
            (r) => onSecret(r.secret),
          )
        }
      >
        <Button type="link" size="small">
          {t('webhooks.actions.rotate')}
        </Button>
      </ConfirmDelete>
      <ConfirmDelete title={t('webhooks.actions.deleteConfirm', { url: e.url })} onConfirm={() => act(() => del.mutateAsync(e.id))}>
        <Button type="link" danger size="small" aria-label={`${t('webhooks.actions.delete')} ${e.url}`}>
          {t('webhooks.actions.delete')}
        </Button>
      </ConfirmDelete>
    </Space>
  );
}

/** Settings › integrations › webhooks: the company's endpoints, their state and the last day's deliveries. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const table = useWholeListPage(webhooks);
  const [form, setForm] = useState<{ editing: Endpoint | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const add = () => setForm({ editing: null });
  return (
    <>
      <PageHeader
        title={t('webhooks.title')}
        extra={t('webhooks.intro')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={add}>
            {t('webhooks.add')}
          </Button>
        }
      />
      <Card>
        <ListTable<Endpoint>
          rowKey="id"
          {...table.props}
          hideOnSinglePage
          totalText={(n) => t('webhooks.total', { count: n })}
          empty={t('webhooks.empty')}
          emptyAction={
            <Button type="primary" icon={<PlusOutlined />} onClick={add}>
              {t('webhooks.add')}
            </Button>
          }
          columns={[
            {
              key: 'url',
              title: t('webhooks.columns.url'),
              kind: 'name',
              render: (_v, e) => (
                <Flex vertical>
                  <Link to={`/integrations/webhooks/${e.id}`}>
                    <Typography.Text code>{e.url}</Typography.Text>
                  </Link>
                  {e.description && <Typography.Text type="secondary">{e.description}</Typography.Text>}
                </Flex>
              ),
            },
            { key: 'events', title: t('webhooks.columns.events'), kind: 'tag', render: (_v, e) => <Subscribed events={e.events} /> },
            { key: 'status', title: t('webhooks.columns.status'), kind: 'tag', render: (_v, e) => <EndpointStatus e={e} /> },
            { key: 'day', title: t('webhooks.columns.day'), kind: 'text', render: (_v, e) => t('webhooks.day', e.day) },
            {
              key: 'actions',
              title: t('webhooks.columns.actions'),
              kind: 'actions',
              width: 260,
              render: (_v, e) => <EndpointActions e={e} onEdit={() => setForm({ editing: e })} onSecret={setSecret} />,
            },
          ]}
        />
      </Card>
      <WebhookForm open={form !== null} editing={form?.editing ?? null} onClose={() => setForm(null)} onSecret={setSecret} />
      <SecretDialog
        secret={secret}
        title={t('webhooks.secret.title')}
        warning={t('webhooks.secret.warning')}
        label={t('webhooks.secret.label')}
        note={t('webhooks.secret.note')}
        onClose={() => setSecret(null)}
      />
    </>
  );
}
