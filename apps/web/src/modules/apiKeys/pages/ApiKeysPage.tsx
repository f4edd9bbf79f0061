import { PlusOutlined } from '@ant-design/icons';
import { type apiKey, type GrantArea, grantAreaLabels } from '@openvisit/contract';
import { App, Button, Card, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { SecretDialog } from '../../../platform/components/SecretDialog';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { ListTable, useWholeListPage } from '../../../platform/list';
import { useApiKeys, useRevokeApiKey } from '../api';
import { KeyForm } from '../components/KeyForm';

type Key = z.infer<typeof apiKey>;

function Scopes({ scopes }: { scopes: string[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const text = scopes
    .map((s) => {
      const [area, level] = s.split(':') as [GrantArea, 'read' | 'write'];
      return `${grantAreaLabels[area]?.[lang] ?? area} (${t(`apiKeys.form.${level}`)})`;
    })
    .join(t('common.listSeparator'));
  return (
    <Tooltip title={text}>
      <span>{t('apiKeys.scopeCount', { count: scopes.length })}</span>
    </Tooltip>
  );
}

/** Settings › integrations › API keys: every key with its scopes and last use; create (shown once), revoke. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const table = useWholeListPage(keys);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const remove = async (k: Key) => {
    try {
      await revoke.mutateAsync(k.id);
      void message.success(t('apiKeys.revokedDone'));
    } catch {
      // shown by the error policy
    }
  };
  const add = () => setCreating(true);
  return (
    <>
      <PageHeader
        title={t('apiKeys.title')}
        extra={t('apiKeys.intro')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={add}>
            {t('apiKeys.add')}
          </Button>
        }
      />
      <Card>
        <ListTable<Key>
          rowKey="id"
          {...table.props}
          hideOnSinglePage
          totalText={(n) => t('apiKeys.total', { count: n })}
          empty={t('apiKeys.empty')}
          emptyAction={
            <Button type="primary" icon={<PlusOutlined />} onClick={add}>
              {t('apiKeys.add')}
            </Button>
          }
          columns={[
            {
              key: 'name',
              title: t('apiKeys.columns.name'),
              kind: 'name',
              render: (_v, k) => (
                <>
                  {k.name} <Typography.Text code>{k.prefix}</Typography.Text>
                  {k.revokedAt !== null && <Tag color="red">{t('apiKeys.revoked')}</Tag>}
                  {k.revokedAt === null && k.expiresAt !== null && k.expiresAt <= Date.now() && <Tag>{t('apiKeys.expired')}</Tag>}
                </>
              ),
            },
            { key: 'scopes', title: t('apiKeys.columns.scopes'), kind: 'text', render: (_v, k) => <Scopes scopes={k.scopes} /> },
            {
              key: 'lastUsed',
              title: t('apiKeys.columns.lastUsed'),
              kind: 'text',
              render: (_v, k) => (k.lastUsedAt ? `${formatDateTime(k.lastUsedAt)} · ${k.lastUsedIp}` : t('apiKeys.never')),
            },
            {
              key: 'expires',
              title: t('apiKeys.columns.expires'),
              kind: 'dateTime',
              render: (_v, k) => (k.expiresAt ? formatDateTime(k.expiresAt) : t('apiKeys.noExpiry')),
            },
            {
              key: 'createdBy',
              title: t('apiKeys.columns.createdBy'),
              kind: 'text',
              render: (_v, k) => `${k.createdBy} · ${formatDateTime(k.createTime)}`,
            },
            {
              key: 'actions',
              title: t('apiKeys.columns.actions'),
              kind: 'actions',
              width: 100,
              render: (_v, k) =>
                k.revokedAt === null && (
                  <ConfirmDelete
                    title={t('apiKeys.revokeConfirm', { name: k.name, prefix: k.prefix })}
                    okText={t('apiKeys.revoke')}
                    onConfirm={() => remove(k)}
                  >
                    <Button type="link" danger size="small" aria-label={`${t('apiKeys.revoke')} ${k.name}`}>
                      {t('apiKeys.revoke')}
                    </Button>
                  </ConfirmDelete>
                ),
            },
          ]}
        />
      </Card>
      <KeyForm open={creating} onClose={() => setCreating(false)} onKey={setShown} />
      <SecretDialog
        secret={shown}
        title={t('apiKeys.secret.title')}
        warning={t('apiKeys.secret.warning')}
        label={t('apiKeys.secret.label')}
        note={t('apiKeys.secret.note')}
        onClose={() => setShown(null)}
      />
    </>
  );
}
