import { CopyOutlined } from '@ant-design/icons';
import { ERASURE_REASON_MAX, type ErasureRequest, setErasureAutoDays } from '@openvisit/contract';
import { App, Button, Card, Empty, Flex, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { formatDate, formatDateTime } from '../../../platform/format';
import { useRules } from '../../../platform/formRules';
import { useDecideErasure, useErasureRequests, useSetErasureAutoDays } from '../api';

const STATE_COLOR = { pending: 'gold', done: 'green', refused: 'default' } as const;

/**
 * Visitors' erasure requests from their privacy page: its link to share, the days after which an unanswered one is
 * carried out, and each request to carry out (after a confirmation) or refuse with a reason the visitor sees.
 */
export function ErasureRequests({ onLook }: { onLook: (r: ErasureRequest) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const list = useErasureRequests();
  const decide = useDecideErasure();
  const [refusing, setRefusing] = useState<ErasureRequest | null>(null);
  const [approving, setApproving] = useState<ErasureRequest | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const link = list.data?.link ?? '';
  const run = async (input: { id: number; approve: boolean; reason?: string }) => {
    await decide.mutateAsync(input);
    setApproving(null);
    setRefusing(null);
    void message.success(t('privacy.requests.decided'));
  };
  return (
    <Card title={t('privacy.requests.title')} loading={list.isPending}>
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary">{t('privacy.requests.intro')}</Typography.Text>
          <Typography.Text code data-testid="privacy-link">
            {link}
          </Typography.Text>
          <Button
            size="small"
            icon={<CopyOutlined />}
            onClick={() => void navigator.clipboard?.writeText(link).then(() => message.success(t('privacy.requests.copied')))}
          >
            {t('privacy.requests.copy')}
          </Button>
        </Flex>
        <AutoDays days={list.data?.erasureAutoDays ?? null} />
        <Table<ErasureRequest>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={list.data?.requests ?? []}
          locale={{ emptyText: <Empty description={t('privacy.requests.empty')} /> }}
          columns={[
            { key: 'key', title: t('privacy.requests.key'), dataIndex: 'key' },
            { key: 'at', title: t('privacy.requests.requested'), render: (_, r) => formatDateTime(r.requestedAt) },
            {
              key: 'state',
              title: t('privacy.requests.state'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATE_COLOR[r.state]}>{t(`privacy.requests.states.${r.state}`)}</Tag>
                  {r.state === 'pending' && r.dueAt ? (
                    <Typography.Text type="secondary">{t('privacy.requests.due', { due: formatDate(r.dueAt) })}</Typography.Text>
                  ) : null}
                  {r.state !== 'pending' ? (
                    <Typography.Text type="secondary">
                      {r.decidedBy ? t('privacy.requests.by', { name: r.decidedBy }) : t('privacy.requests.automatic')}
                      {r.reason ? ` · ${r.reason}` : ''}
                    </Typography.Text>
                  ) : null}
                </Space>
              ),
            },
            {
              key: 'actions',
              title: '',
              render: (_, r) =>
                r.state === 'pending' ? (
                  <Space wrap>
                    <Button size="small" onClick={() => onLook(r)}>
                      {t('privacy.requests.find')}
                    </Button>
                    <Button size="small" danger onClick={() => setApproving(r)}>
                      {t('privacy.requests.approve')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => {
                        form.resetFields();
                        setRefusing(r);
                      }}
                    >
                      {t('privacy.requests.refuse')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      </Flex>
      <Modal
        open={approving !== null}
        title={t('privacy.requests.approveTitle')}
        okText={t('privacy.requests.approveConfirm')}
        okButtonProps={{ danger: true, loading: decide.isPending }}
        onOk={() => (approving ? run({ id: approving.id, approve: true }).catch(() => undefined) : undefined)}
        onCancel={() => setApproving(null)}
      >
        <Typography.Paragraph>{approving?.key}</Typography.Paragraph>
        <Typography.Paragraph>{t('privacy.requests.approveText')}</Typography.Paragraph>
      </Modal>
      <Modal
        open={refusing !== null}
        title={t('privacy.requests.refuseTitle')}
        okText={t('privacy.requests.refuseConfirm')}
        okButtonProps={{ loading: decide.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setRefusing(null)}
      >
        <Form
          form={form}
          name="refuseErasure"
          layout="vertical"
          onFinish={(v) => (refusing ? run({ id: refusing.id, approve: false, reason: v.reason.trim() }).catch(() => undefined) : undefined)}
        >
          <Form.Item
            name="reason"
            label={t('privacy.requests.reason')}
            rules={[...rules.required(), { max: ERASURE_REASON_MAX, message: t('validation.tooLong', { max: ERASURE_REASON_MAX }) }]}
          >
            <Input.TextArea rows={3} maxLength={ERASURE_REASON_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** After how many days an unanswered request is carried out (off: only an administrator decides). */
function AutoDays({ days }: { days: number | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSetErasureAutoDays();
  const canSet = useCanCall(setErasureAutoDays);
  const [value, setValue] = useState<number | null>(null);
  const shown = value ?? days ?? 30;
  const set = (next: number | null) => save.mutateAsync(next).then(() => message.success(t('privacy.requests.autoSaved')));
  return (
    <Flex gap={8} align="center" wrap>
      <Switch
        checked={days !== null}
        disabled={!canSet}
        loading={save.isPending}
        aria-label={t('privacy.requests.auto')}
        onChange={(on) => void set(on ? shown : null).catch(() => undefined)}
      />
      {days === null ? (
        <Typography.Text>{t('privacy.requests.autoOff')}</Typography.Text>
      ) : (
        <>
          <Typography.Text>{t('privacy.requests.auto')}</Typography.Text>
          <InputNumber
            aria-label={t('privacy.requests.autoDays')}
            min={1}
            max={90}
            precision={0}
            value={shown}
            disabled={!canSet}
            onChange={(v) => setValue(v)}
            onBlur={() => (value !== null && value !== days ? void set(value).catch(() => undefined) : undefined)}
            style={{ width: 90 }}
          />
          <Typography.Text>{t('privacy.requests.autoDays')}</Typography.Text>
        </>
      )}
    </Flex>
  );
}
