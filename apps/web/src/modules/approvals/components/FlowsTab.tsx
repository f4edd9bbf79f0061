import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { type ProcessArea, Status, withColon } from '@openvisit/contract';
import { Alert, App, Button, Card, Empty, Flex, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGates } from '../../../core/sites/public';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { CellText, FitTable } from '../../../platform/list';
import { useDeleteArea, useProcessAreas, useProcessSwitch } from '../api';
import { AreaModal } from './AreaModal';
import { APPROVER_KEYS, LevelsModal } from './LevelsModal';

/** The approval switch and the company's areas, each with its gates and its levels of approvers. */
export function FlowsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const areas = useProcessAreas();
  const gates = useGates();
  const toggle = useProcessSwitch();
  const remove = useDeleteArea();
  const [areaModal, setAreaModal] = useState<{ open: boolean; key: number; area: ProcessArea | null }>({ open: false, key: 0, area: null });
  const [levelsOf, setLevelsOf] = useState<ProcessArea | null>(null);
  const openArea = (area: ProcessArea | null) => setAreaModal((m) => ({ open: true, key: m.key + 1, area }));
  const gateName = new Map((gates.data ?? []).map((g) => [g.gid, g.gname]));
  const on = areas.data?.processSwitch === 1;
  const list = areas.data?.areas ?? [];
  const anyLevels = list.some((a) => a.levels.length > 0);

  const approverName = (a: ProcessArea['levels'][number]['approvers'][number]) =>
    a.rType >= 2 ? t(`approvals.approverType.${APPROVER_KEYS[a.rType as 2 | 3]}`) : a.name || t('approvals.levels.unknown');

  const del = async (a: ProcessArea) => {
    try {
      await remove.mutateAsync(a.aid);
      void message.success(t('approvals.areas.deleted', { name: a.aName }));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED) void message.warning(t('approvals.areas.inUse'));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" gap={12} wrap>
          <Switch
            checked={on}
            loading={areas.isPending || toggle.isPending}
            onChange={(v) => toggle.mutate(v, { onSuccess: () => void message.success(t(v ? 'approvals.switch.on' : 'approvals.switch.off')) })}
            aria-label={t('approvals.switch.label')}
          />
          <Typography.Text strong>{t('approvals.switch.label')}</Typography.Text>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('approvals.intro')}
        </Typography.Paragraph>
        {on && areas.data && !anyLevels ? <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('approvals.switch.noAreas')} /> : null}
      </Card>
      <Card>
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openArea(null)}>
            {t('approvals.areas.add')}
          </Button>
        </Flex>
        <FitTable<ProcessArea>
          rowKey="aid"
          size="middle"
          loading={areas.isFetching}
          dataSource={list}
          pagination={false}
          locale={{
            emptyText: areas.isPending ? (
              <div style={{ height: 120 }} />
            ) : (
              <Empty description={t('approvals.areas.empty')}>
                <Typography.Paragraph type="secondary">{t('approvals.areas.emptyHelp')}</Typography.Paragraph>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => openArea(null)}>
                  {t('approvals.areas.add')}
                </Button>
              </Empty>
            ),
          }}
          columns={[
            {
              key: 'name',
              title: t('approvals.areas.columns.name'),
              kind: 'name',
              render: (_: unknown, a) => (
                <>
                  <CellText>
                    <Typography.Text strong>{a.aName}</Typography.Text>
                  </CellText>
                  {a.address ? <CellText secondary>{a.address}</CellText> : null}
                </>
              ),
            },
            {
              key: 'gates',
              title: t('approvals.areas.columns.gates'),
              render: (_: unknown, a) =>
                a.gids.length ? (
                  a.gids.map((g) => <Tag key={g}>{gateName.get(g) ?? g}</Tag>)
                ) : (
                  <Tag color="blue">{t('approvals.areas.allGates')}</Tag>
                ),
            },
            {
              key: 'levels',
              title: t('approvals.areas.columns.levels'),
              render: (_: unknown, a) =>
                a.levels.length ? (
                  <Flex vertical gap={2}>
                    {a.levels.map((l) => (
                      <Typography.Text key={l.level}>
                        <Typography.Text type="secondary">{withColon(t('approvals.areas.level', { level: l.level }))}</Typography.Text>
                        {l.approvers.map(approverName).join(t('common.listSeparator'))}
                      </Typography.Text>
                    ))}
                  </Flex>
                ) : (
                  <Typography.Text type="warning">{t('approvals.areas.noLevels')}</Typography.Text>
                ),
            },
            { key: 'waiting', title: t('approvals.areas.columns.waiting'), dataIndex: 'waiting', kind: 'number', width: 104 },
            {
              key: 'actions',
              title: t('approvals.areas.columns.actions'),
              kind: 'actions',
              width: 128,
              render: (_: unknown, a) => (
                <Flex gap={4}>
                  <Tooltip title={t('approvals.areas.editLevels')}>
                    <Button
                      type="text"
                      icon={<TeamOutlined />}
                      aria-label={`${t('approvals.areas.editLevels')} ${a.aName}`}
                      onClick={() => setLevelsOf(a)}
                    />
                  </Tooltip>
                  <Tooltip title={t('common.edit')}>
                    <Button type="text" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${a.aName}`} onClick={() => openArea(a)} />
                  </Tooltip>
                  <ConfirmDelete title={t('approvals.areas.deleteConfirm', { name: a.aName })} onConfirm={() => del(a)}>
                    <Tooltip title={t('common.delete')}>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${a.aName}`} />
                    </Tooltip>
                  </ConfirmDelete>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <AreaModal key={areaModal.key} open={areaModal.open} area={areaModal.area} onClose={() => setAreaModal((m) => ({ ...m, open: false }))} />
      <LevelsModal key={levelsOf?.aid ?? 0} area={levelsOf} onClose={() => setLevelsOf(null)} />
    </Flex>
  );
}
