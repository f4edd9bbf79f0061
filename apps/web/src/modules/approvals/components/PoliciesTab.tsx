import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { type ApprovalPolicy, Status } from '@openvisit/contract';
import { App, Button, Card, Empty, Flex, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { CellText, FitTable } from '../../../platform/list';
import { useDeletePolicy, useOrderPolicies, usePolicies, useProcessSwitch, useSavePolicy } from '../api';
import { DryRunDrawer } from './DryRunPanel';
import { PolicyEditor } from './PolicyEditor';
import { draftOf } from './policyDraft';
import { usePolicyLookups, usePolicyText } from './policyText';

/** The drawer open: the editor on a policy (null: a new one), or the dry run alone (of every policy, or trying one first). */
interface Editing {
  view: 'closed' | 'edit' | 'dry';
  key: number;
  policy: ApprovalPolicy | null;
}

/** The policy's name, marked when it is the default or a sub-company's own. */
function NameCell({ p, own }: { p: ApprovalPolicy; own: boolean }) {
  const { t } = useTranslation();
  return (
    <CellText>
      <Typography.Text strong>{p.name}</Typography.Text> {p.isDefault ? <Tag color="blue">{t('approvals.policies.default')}</Tag> : null}
      {p.subCompanyId !== null && !own ? <Tag>{t('approvals.policies.own')}</Tag> : null}
    </CellText>
  );
}

/** One line of conditions over one line of steps ("Host → Security + HSE (2 of 3)"). */
function RulesCell({ p, text }: { p: ApprovalPolicy; text: ReturnType<typeof usePolicyText> }) {
  const { t } = useTranslation();
  const when = p.isDefault
    ? t('approvals.policies.always')
    : p.conditions.length
      ? p.conditions.map(text.condition).join(' · ')
      : t('approvals.policies.anyRequest');
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary">{when}</Typography.Text>
      <Typography.Text>{p.mode === 'steps' ? text.steps(p.steps) : t(`approvals.mode.${p.mode}`)}</Typography.Text>
    </Flex>
  );
}

/** A policy row's buttons: move up and down (not the default, nor below it), dry run, edit, delete after a confirmation. */
function RowActions({
  p,
  i,
  movable,
  onMove,
  onOpen,
  onDelete,
}: {
  p: ApprovalPolicy;
  i: number;
  movable: number;
  onMove: (i: number, by: -1 | 1) => void;
  onOpen: (p: ApprovalPolicy, dryRun?: boolean) => void;
  onDelete: (p: ApprovalPolicy) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={2}>
      <Button
        type="text"
        icon={<ArrowUpOutlined />}
        aria-label={t('approvals.policies.moveUp', { name: p.name })}
        disabled={p.isDefault || i === 0}
        onClick={() => onMove(i, -1)}
      />
      <Button
        type="text"
        icon={<ArrowDownOutlined />}
        aria-label={t('approvals.policies.moveDown', { name: p.name })}
        disabled={p.isDefault || i >= movable - 1}
        onClick={() => onMove(i, 1)}
      />
      <Tooltip title={t('approvals.policies.dryRun')}>
        <Button
          type="text"
          icon={<ExperimentOutlined />}
          aria-label={`${t('approvals.policies.dryRun')} ${p.name}`}
          onClick={() => onOpen(p, true)}
        />
      </Tooltip>
      <Tooltip title={t('common.edit')}>
        <Button type="text" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${p.name}`} onClick={() => onOpen(p)} />
      </Tooltip>
      {p.isDefault ? null : (
        <ConfirmDelete
          title={t('approvals.policies.deleteConfirm', { name: p.name })}
          description={p.waiting ? t('approvals.policies.deleteHelp') : undefined}
          onConfirm={() => onDelete(p)}
        >
          <Tooltip title={t('common.delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${p.name}`} />
          </Tooltip>
        </ConfirmDelete>
      )}
    </Flex>
  );
}

/** The switch, with what approval does. */
function SwitchCard({ on, loading }: { on: boolean; loading: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const toggle = useProcessSwitch();
  const onChange = (v: boolean) => toggle.mutate(v, { onSuccess: () => void message.success(t(v ? 'approvals.switch.on' : 'approvals.switch.off')) });
  return (
    <Card>
      <Flex align="center" gap={12} wrap>
        <Switch checked={on} loading={loading || toggle.isPending} onChange={onChange} aria-label={t('approvals.switch.label')} />
        <Typography.Text strong>{t('approvals.switch.label')}</Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('approvals.intro')}
      </Typography.Paragraph>
    </Card>
  );
}

/** A sub-company's view of the switch: the head office's to turn, shown as it stands, with how its own policies apply. */
function SwitchState({ on, loading }: { on: boolean; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card loading={loading}>
      <Flex align="center" gap={12} wrap>
        <Tag color={on ? 'success' : 'default'}>{t(on ? 'approvals.switch.on' : 'approvals.switch.off')}</Tag>
        <Typography.Text type="secondary">{t('approvals.switch.byHeadOffice')}</Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('approvals.ownIntro')}
      </Typography.Paragraph>
    </Card>
  );
}

/** Reordering, deleting and turning policies on and off, each saying how it went. */
function usePolicyActions(list: readonly ApprovalPolicy[]) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeletePolicy();
  const order = useOrderPolicies();
  const save = useSavePolicy();
  const move = (i: number, by: -1 | 1) => {
    const pids = list.map((p) => p.pid);
    const [pid] = pids.splice(i, 1);
    if (pid === undefined) return;
    pids.splice(i + by, 0, pid);
    order.mutate(pids, { onSuccess: () => void message.success(t('approvals.policies.ordered')) });
  };
  const del = async (p: ApprovalPolicy) => {
    try {
      await remove.mutateAsync(p.pid);
      void message.success(t('approvals.policies.deleted', { name: p.name }));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED) void message.warning(t('approvals.policies.inUse'));
    }
  };
  const enable = (p: ApprovalPolicy, enabled: boolean) =>
    save.mutate(
      { pid: p.pid, isDefault: p.isDefault, draft: { ...draftOf(p), enabled } },
      { onSuccess: () => void message.success(t('approvals.policies.saved')) },
    );

  return { move, del, enable, ordering: order.isPending };
}

/**
 * The approval switch and the policies in the order they are tried, the default last and fixed. `own`: a sub-company's
 * own policies (the server answers it only those; it has no default, the head office's policies take what they miss).
 */
export function PoliciesTab({ own = false }: { own?: boolean }) {
  const { t } = useTranslation();
  const policies = usePolicies();
  const lookups = usePolicyLookups(own);
  const text = usePolicyText(lookups);
  const [editing, setEditing] = useState<Editing>({ view: 'closed', key: 0, policy: null });
  const open = (policy: ApprovalPolicy | null, dryRun = false) => setEditing((e) => ({ view: dryRun ? 'dry' : 'edit', key: e.key + 1, policy }));
  const close = () => setEditing((e) => ({ ...e, view: 'closed' }));
  const on = policies.data?.processSwitch === 1;
  const list = policies.data?.policies ?? [];

  const { move, del, enable, ordering } = usePolicyActions(list);
  const movable = list.filter((p) => !p.isDefault).length;

  return (
    <Flex vertical gap={16}>
      {own ? <SwitchState on={on} loading={policies.isPending} /> : <SwitchCard on={on} loading={policies.isPending} />}
      <Card>
        <Flex justify="flex-end" gap={8} style={{ marginBottom: 16 }}>
          <Button icon={<ExperimentOutlined />} onClick={() => open(null, true)} disabled={!own && !list.length}>
            {t('approvals.policies.dryRun')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid="policy-add">
            {t('approvals.policies.add')}
          </Button>
        </Flex>
        <FitTable<ApprovalPolicy>
          rowKey="pid"
          size="middle"
          loading={policies.isFetching || ordering}
          dataSource={list}
          pagination={false}
          locale={{
            emptyText: policies.isPending ? (
              <div style={{ height: 120 }} />
            ) : (
              <Empty description={t('approvals.policies.empty')}>
                <Typography.Paragraph type="secondary">
                  {t(own ? 'approvals.policies.ownEmptyHelp' : 'approvals.policies.emptyHelp')}
                </Typography.Paragraph>
              </Empty>
            ),
          }}
          columns={[
            {
              key: 'name',
              title: t('approvals.policies.columns.name'),
              kind: 'name',
              render: (_: unknown, p) => <NameCell p={p} own={own} />,
            },
            {
              key: 'rules',
              title: t('approvals.policies.columns.rules'),
              render: (_: unknown, p) => <RulesCell p={p} text={text} />,
            },
            {
              key: 'mode',
              title: t('approvals.policies.columns.mode'),
              kind: 'tag',
              render: (_: unknown, p) => <Tag>{t(`approvals.mode.${p.mode}`)}</Tag>,
            },
            { key: 'waiting', title: t('approvals.policies.columns.waiting'), dataIndex: 'waiting', kind: 'number', width: 96 },
            {
              key: 'enabled',
              title: t('approvals.policies.columns.enabled'),
              width: 72,
              render: (_: unknown, p) =>
                p.isDefault ? null : (
                  <Switch
                    size="small"
                    checked={p.enabled}
                    aria-label={t('approvals.policies.enable', { name: p.name })}
                    onChange={(v) => enable(p, v)}
                  />
                ),
            },
            {
              key: 'actions',
              title: t('approvals.policies.columns.actions'),
              kind: 'actions',
              width: 200,
              render: (_: unknown, p, i) => <RowActions p={p} i={i} movable={movable} onMove={move} onOpen={open} onDelete={del} />,
            },
          ]}
        />
      </Card>
      <PolicyEditor
        key={`e${editing.key}`}
        open={editing.view === 'edit'}
        policy={editing.policy}
        policies={list}
        lookups={lookups}
        onClose={close}
      />
      <DryRunDrawer key={`d${editing.key}`} open={editing.view === 'dry'} policy={editing.policy} policies={list} lookups={lookups} onClose={close} />
    </Flex>
  );
}
