import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { GATE_NAME_MAX, type Gate, Status } from '@openvisit/contract';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGates } from '../../../core/sites/public';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { handleFormError } from '../../../platform/fieldErrors';
import { useAddGate, useDeleteGate, useRenameGate } from '../api';
import { useRegistrationRules } from '../rules';

/** Add or rename a gate: the name checked as typed; a taken name (3) shown on the field. */
function GateModal({ gate, open, onClose }: { gate: Gate | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRegistrationRules();
  const add = useAddGate();
  const rename = useRenameGate();
  const [form] = Form.useForm<{ gname: string }>();
  const submit = async ({ gname }: { gname: string }) => {
    try {
      if (gate) await rename.mutateAsync({ gid: gate.gid, gname });
      else await add.mutateAsync(gname);
      void message.success(t(gate ? 'registration.gates.saved' : 'registration.gates.added'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.ALREADY_EXISTS)
        form.setFields([{ name: 'gname', errors: [t('registration.gates.taken')] }]);
      else handleFormError(form, err);
    }
  };
  return (
    <Modal
      open={open}
      destroyOnHidden
      title={gate ? t('registration.gates.rename') : t('registration.gates.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      data-testid="gate-modal"
    >
      <Form form={form} layout="vertical" name="gate" initialValues={{ gname: gate?.gname ?? '' }} onFinish={submit} preserve={false}>
        <Form.Item label={t('registration.gates.name')} name="gname" rules={rules.gateName()}>
          <Input maxLength={GATE_NAME_MAX} autoFocus data-testid="gate-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The gates tab: the company's gates with how many staff accounts and visitor types name them. */
export function GatesPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const gates = useGates();
  const del = useDeleteGate();
  const [editing, setEditing] = useState<{ gate: Gate | null } | null>(null);
  const [inUse, setInUse] = useState<string | null>(null);

  const remove = async (g: Gate) => {
    setInUse(null);
    try {
      await del.mutateAsync(g.gid);
      void message.success(t('registration.gates.deleted'));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED) {
        const counts = (err.result ?? {}) as { accounts?: number; visitTypes?: number };
        setInUse(t('registration.gates.inUse', { accounts: counts.accounts ?? 0, visitTypes: counts.visitTypes ?? 0 }));
      }
    }
  };

  return (
    <Card
      size="small"
      title={t('registration.gates.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ gate: null })} data-testid="gate-add">
          {t('registration.gates.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('registration.gates.intro')}</Typography.Paragraph>
      {inUse ? (
        <Alert type="warning" showIcon closable title={inUse} onClose={() => setInUse(null)} style={{ marginBottom: 12 }} data-testid="gate-in-use" />
      ) : null}
      <Table<Gate>
        rowKey="gid"
        size="small"
        loading={gates.isPending}
        dataSource={gates.data ?? []}
        pagination={false}
        locale={{ emptyText: t('registration.gates.none') }}
        data-testid="gates-table"
        columns={[
          { title: t('registration.gates.name'), dataIndex: 'gname' },
          { title: t('registration.gates.accounts'), dataIndex: 'accounts', width: 140 },
          {
            title: t('registration.gates.visitTypes'),
            dataIndex: 'visitTypes',
            width: 140,
            // No type limited to this gate: every type is offered here.
            render: (n: number) => (n ? n : t('registration.gates.allTypes')),
          },
          {
            title: '',
            key: 'actions',
            width: 120,
            render: (_: unknown, g) => (
              <Flex gap={4}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`${t('registration.gates.rename')} ${g.gname}`}
                  onClick={() => setEditing({ gate: g })}
                />
                <ConfirmDelete title={t('registration.gates.deleteConfirm', { name: g.gname })} onConfirm={() => remove(g)}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${g.gname}`} />
                </ConfirmDelete>
              </Flex>
            ),
          },
        ]}
      />
      <GateModal key={editing?.gate?.gid ?? 'new'} open={editing !== null} gate={editing?.gate ?? null} onClose={() => setEditing(null)} />
    </Card>
  );
}
