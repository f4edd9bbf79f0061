import { PlusOutlined } from '@ant-design/icons';
import type { Out, SsoConnection } from '@openvisit/contract';
import { Alert, App, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { ListTable, useWholeListPage } from '../../../platform/list';
import { getSession } from '../../../platform/session';
import { useDeleteSso, useSsoConnections, useTestSso } from '../api';
import { SsoForm, withReason } from '../components/SsoForm';

type Tested = { id: number; name: string } & ({ ok: true; result: Out<'testSsoConnection'> } | { ok: false; reason: string });

/** What the provider and the company's people need: the address to register, the link that offers the buttons. */
function Addresses({ redirectUri, acsUrl }: { redirectUri: string | undefined; acsUrl: string | undefined }) {
  const { t } = useTranslation();
  const company = getSession().project?.userid;
  const link = company ? `${window.location.origin}/signin/apps?${new URLSearchParams({ company: String(company) })}` : '';
  return (
    <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('sso.redirectUri')}>
        {redirectUri ? (
          <Typography.Text copyable data-testid="sso-redirect-uri">
            {redirectUri}
          </Typography.Text>
        ) : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('sso.acsUrl')}>
        {acsUrl ? (
          <Typography.Text copyable data-testid="sso-acs-url">
            {acsUrl}
          </Typography.Text>
        ) : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('sso.signInLink')}>
        <Typography.Text copyable data-testid="sso-signin-link">
          {link}
        </Typography.Text>
        <div>
          <Typography.Text type="secondary">{t('sso.signInLinkHelp')}</Typography.Text>
        </div>
      </Descriptions.Item>
    </Descriptions>
  );
}

function TestResult({ tested, onClose }: { tested: Tested; onClose: () => void }) {
  const { t } = useTranslation();
  if (!tested.ok)
    return (
      <Alert
        type="error"
        showIcon
        closable
        onClose={onClose}
        title={t('sso.test.failed', { name: tested.name })}
        description={tested.reason}
        data-testid="sso-test-result"
      />
    );
  const r = tested.result;
  return (
    <Alert
      type={r.pkce || r.certExpiresAt !== null ? 'success' : 'warning'}
      showIcon
      closable
      onClose={onClose}
      data-testid="sso-test-result"
      title={t('sso.test.ok', { name: tested.name, ms: r.ms })}
      description={
        r.certExpiresAt !== null ? (
          <>
            <div>{`${t('sso.test.signOn')}: ${r.authorizationEndpoint}`}</div>
            <div>{t('sso.test.certUntil', { date: formatDateTime(r.certExpiresAt) })}</div>
          </>
        ) : (
          <>
            <div>{`${t('sso.test.authorization')}: ${r.authorizationEndpoint}`}</div>
            <div>{`${t('sso.test.token')}: ${r.tokenEndpoint}`}</div>
            <div>{`${t('sso.test.userinfo')}: ${r.userinfoEndpoint || t('sso.test.none')}`}</div>
            {r.pkce ? null : <div>{t('sso.test.noPkce')}</div>}
          </>
        )
      }
    />
  );
}

/** Settings › integrations › single sign-on: the company's identity providers; add, edit, test, delete. */
export function SsoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const connections = useSsoConnections();
  const table = useWholeListPage({ data: connections.data?.connections, isPending: connections.isPending, isFetching: connections.isFetching });
  const remove = useDeleteSso();
  const test = useTestSso();
  const [editing, setEditing] = useState<SsoConnection | null>(null);
  const [open, setOpen] = useState(false);
  const [tested, setTested] = useState<Tested | null>(null);
  const add = () => {
    setEditing(null);
    setOpen(true);
  };
  const runTest = async (c: SsoConnection) => {
    try {
      setTested({ id: c.id, name: c.name, ok: true, result: await test.mutateAsync(c.id) });
    } catch (err) {
      setTested({ id: c.id, name: c.name, ok: false, reason: err instanceof ApiError ? withReason(err) : String(err) });
    }
  };
  const del = async (c: SsoConnection) => {
    try {
      await remove.mutateAsync(c.id);
      void message.success(t('sso.deleted'));
    } catch {
      // shown by the error policy
    }
  };
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={add}>
      {t('sso.add')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('sso.title')} extra={t('sso.intro')} actions={addButton} />
      <Card>
        <Addresses redirectUri={connections.data?.redirectUri} acsUrl={connections.data?.acsUrl} />
        {tested ? <TestResult tested={tested} onClose={() => setTested(null)} /> : null}
        <ListTable<SsoConnection>
          rowKey="id"
          {...table.props}
          hideOnSinglePage
          totalText={(n) => t('sso.total', { count: n })}
          empty={t('sso.empty')}
          emptyAction={addButton}
          columns={[
            {
              key: 'name',
              title: t('sso.columns.name'),
              kind: 'name',
              render: (_v, c) => (
                <>
                  {c.name} {c.enabled ? null : <Tag>{t('sso.off')}</Tag>}
                  {c.enabled && c.required ? <Tag color="blue">{t('sso.required')}</Tag> : null}
                </>
              ),
            },
            {
              key: 'issuer',
              title: t('sso.columns.issuer'),
              kind: 'text',
              render: (_v, c) =>
                c.protocol === 'saml' ? (
                  <>
                    {`SAML · ${c.idpEntityId}`}
                    <div>
                      <Typography.Link href={c.spEntityId} target="_blank" copyable={{ text: c.spEntityId }}>
                        {t('sso.spMetadata')}
                      </Typography.Link>
                    </div>
                  </>
                ) : (
                  c.issuer
                ),
            },
            { key: 'jit', title: t('sso.columns.jit'), kind: 'text', render: (_v, c) => (c.jit ? t('common.yes') : t('common.no')) },
            {
              key: 'last',
              title: t('sso.columns.lastSignIn'),
              kind: 'dateTime',
              render: (_v, c) => (c.lastSignInAt ? formatDateTime(c.lastSignInAt) : t('sso.never')),
            },
            {
              key: 'actions',
              title: t('sso.columns.actions'),
              kind: 'actions',
              width: 200,
              render: (_v, c) => (
                <Space size={0}>
                  <Button type="link" size="small" loading={test.isPending && test.variables === c.id} onClick={() => void runTest(c)}>
                    {t('sso.test.run')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      setEditing(c);
                      setOpen(true);
                    }}
                  >
                    {t('common.edit')}
                  </Button>
                  <ConfirmDelete title={t('sso.deleteConfirm', { name: c.name })} onConfirm={() => del(c)}>
                    <Button type="link" danger size="small" aria-label={`${t('common.delete')} ${c.name}`}>
                      {t('common.delete')}
                    </Button>
                  </ConfirmDelete>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <SsoForm open={open} editing={editing} onClose={() => setOpen(false)} />
    </>
  );
}
