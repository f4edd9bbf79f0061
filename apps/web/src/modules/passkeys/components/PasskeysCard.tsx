import { PlusOutlined } from '@ant-design/icons';
import { PASSKEY_NAME_MAX, type passkey } from '@openvisit/contract';
import { Alert, App, Button, Card, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { applyFieldErrors } from '../../../platform/fieldErrors';
import { formatDateTime } from '../../../platform/format';
import { useRules } from '../../../platform/formRules';
import { ListTable, useWholeListPage } from '../../../platform/list';
import { errorText } from '../../../platform/notify';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api';
import { PromptDismissed, passkeysSupported } from '../webauthn';
import { TwoStep } from './TwoStep';

type Passkey = z.infer<typeof passkey>;

function RenameDialog({ target, onClose }: { target: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenamePasskey();
  const save = async ({ name }: { name: string }) => {
    if (!target) return;
    try {
      await rename.mutateAsync({ id: target.id, name });
      onClose();
    } catch (err) {
      applyFieldErrors(form, err);
    }
  };
  return (
    <Modal
      open={target !== null}
      title={t('passkeys.renameTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save} initialValues={{ name: target?.name }} preserve={false}>
        <Form.Item name="name" label={t('passkeys.name')} rules={rules.required()}>
          <Input maxLength={PASSKEY_NAME_MAX} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The signed-in account's passkeys: add one (the browser's prompt), rename, remove (asked first), and two-step
 * sign-in with its recovery codes. Shown on each area's password page.
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const table = useWholeListPage({ ...query, data: query.data?.passkeys });
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const supported = passkeysSupported();
  const count = query.data?.passkeys.length ?? 0;

  const addOne = async () => {
    setProblem(null);
    try {
      await add.mutateAsync(t('passkeys.defaultName', { n: count + 1 }));
      void message.success(t('passkeys.added'));
    } catch (err) {
      // The browser's refusals (another authenticator's error, an origin it will not serve) are shown as it words them.
      if (err instanceof PromptDismissed) setProblem(t('passkeys.dismissed'));
      else setProblem(err instanceof ApiError ? errorText(err) : String((err as Error)?.message ?? err));
    }
  };
  const removeOne = async (p: Passkey) => {
    try {
      await remove.mutateAsync(p.id);
      void message.success(t('passkeys.removed'));
    } catch {
      // shown by the error policy
    }
  };
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void addOne()} loading={add.isPending} disabled={!supported}>
      {t('passkeys.add')}
    </Button>
  );
  return (
    <Card title={t('passkeys.title')} extra={count > 0 ? addButton : null} style={{ marginTop: 16 }} data-testid="passkeys-card">
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Text type="secondary">{t('passkeys.intro')}</Typography.Text>
        {!supported && <Alert type="info" showIcon message={t('passkeys.unsupported')} />}
        {problem && <Alert type="error" showIcon message={problem} role="alert" closable onClose={() => setProblem(null)} />}
        <ListTable<Passkey>
          rowKey="id"
          {...table.props}
          hideOnSinglePage
          empty={t('passkeys.empty')}
          emptyAction={addButton}
          columns={[
            { key: 'name', title: t('passkeys.columns.name'), kind: 'name', render: (_v, p) => p.name },
            {
              key: 'kind',
              title: t('passkeys.columns.kind'),
              kind: 'tag',
              render: (_v, p) => (p.synced ? <Tag color="blue">{t('passkeys.synced')}</Tag> : <Tag>{t('passkeys.thisDevice')}</Tag>),
            },
            { key: 'created', title: t('passkeys.columns.created'), kind: 'dateTime', render: (_v, p) => formatDateTime(p.createdAt) },
            {
              key: 'lastUsed',
              title: t('passkeys.columns.lastUsed'),
              kind: 'dateTime',
              render: (_v, p) => (p.lastUsedAt ? formatDateTime(p.lastUsedAt) : t('passkeys.never')),
            },
            {
              key: 'actions',
              title: t('passkeys.columns.actions'),
              kind: 'actions',
              width: 150,
              render: (_v, p) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setRenaming(p)} aria-label={`${t('passkeys.rename')} ${p.name}`}>
                    {t('passkeys.rename')}
                  </Button>
                  <ConfirmDelete title={t('passkeys.removeConfirm', { name: p.name })} okText={t('passkeys.remove')} onConfirm={() => removeOne(p)}>
                    <Button type="link" danger size="small" aria-label={`${t('passkeys.remove')} ${p.name}`}>
                      {t('passkeys.remove')}
                    </Button>
                  </ConfirmDelete>
                </Space>
              ),
            },
          ]}
        />
      </Space>
      {query.data && <TwoStep on={query.data.twoStep} passkeys={count} codesLeft={query.data.recoveryCodesLeft} />}
      <RenameDialog target={renaming} onClose={() => setRenaming(null)} />
    </Card>
  );
}
