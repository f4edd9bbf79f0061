import { DeleteOutlined, FileTextOutlined } from '@ant-design/icons';
import { formatRelative, MONITOR_STATUSES, MONITOR_TYPES, type MonitoredDevice } from '@openvisit/contract';
import { App, Button, Card, Flex, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { currentLang, useLabel } from '../../../platform/i18n';
import { type ListColumn, ListSearch, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useDeleteMonitor, useMonitorPage } from '../api';
import { CredentialTrouble } from '../components/CredentialTrouble';
import { ErrorLogDrawer } from '../components/ErrorLogDrawer';
import { SummaryTiles } from '../components/SummaryTiles';
import { ThresholdSetting } from '../components/ThresholdSetting';
import { type MonitorFilters, monitorParams } from '../query';

const ALL = 'all';
const nameOf = (d: MonitoredDevice, t: TFunction) => d.name || t('monitor.unnamed', { id: d.clientId });

function columns(
  t: TFunction,
  label: ReturnType<typeof useLabel>,
  actions: { log(d: MonitoredDevice): void; remove(d: MonitoredDevice): Promise<void> },
): ListColumn<MonitoredDevice>[] {
  const now = Date.now();
  return [
    { key: 'name', title: t('monitor.columns.name'), kind: 'name', fixed: 'left', render: (_: unknown, d) => nameOf(d, t) },
    { key: 'type', title: t('monitor.columns.type'), dataIndex: 'type', kind: 'tag', render: (v: number) => label('deviceType', v) },
    { key: 'gate', title: t('monitor.columns.gate'), dataIndex: 'gateName', kind: 'text', render: (v: string) => v || '—' },
    { key: 'ip', title: t('monitor.columns.ip'), dataIndex: 'ip', kind: 'code', width: 130 },
    { key: 'version', title: t('monitor.columns.version'), dataIndex: 'version', kind: 'code', width: 90, render: (v: string) => v || '—' },
    {
      key: 'status',
      title: t('monitor.columns.status'),
      dataIndex: 'status',
      kind: 'tag',
      render: (s: MonitoredDevice['status']) => (
        <Tag color={s === 'online' ? 'success' : 'default'} data-testid={`monitor-status-${s}`}>
          {label('deviceOnline', s)}
        </Tag>
      ),
    },
    {
      key: 'lastHeartbeat',
      title: t('monitor.columns.lastHeartbeat'),
      dataIndex: 'lastHeartbeat',
      kind: 'dateTime',
      render: (ms: number) => <Tooltip title={formatDateTime(ms, '—', { seconds: true })}>{formatRelative(ms, now, currentLang())}</Tooltip>,
    },
    { key: 'errors', title: t('monitor.columns.errors'), dataIndex: 'errorCount', kind: 'number', width: 128 },
    {
      key: 'actions',
      title: t('monitor.columns.actions'),
      kind: 'actions',
      width: 100,
      render: (_: unknown, d) => (
        <Space size={0}>
          <Tooltip title={t('monitor.showLog')}>
            <Button
              type="text"
              icon={<FileTextOutlined />}
              aria-label={t('monitor.showLogOf', { name: nameOf(d, t) })}
              onClick={() => actions.log(d)}
            />
          </Tooltip>
          <ConfirmDelete title={t('monitor.deleteConfirm', { name: nameOf(d, t) })} onConfirm={() => actions.remove(d)}>
            <Tooltip title={t('common.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('monitor.deleteOf', { name: nameOf(d, t) })} />
            </Tooltip>
          </ConfirmDelete>
        </Space>
      ),
    },
  ];
}

function Filters({ filters, apply }: { filters: MonitorFilters; apply: (patch: Partial<MonitorFilters>) => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <Space wrap>
      <Select<string>
        aria-label={t('monitor.typeFilter')}
        style={{ minWidth: 170 }}
        value={filters.type === undefined ? ALL : String(filters.type)}
        onChange={(v) => apply({ type: v === ALL ? undefined : (Number(v) as MonitorFilters['type']) })}
        options={[{ value: ALL, label: t('monitor.typeFilter') }, ...MONITOR_TYPES.map((v) => ({ value: String(v), label: label('deviceType', v) }))]}
        data-testid="monitor-type"
      />
      <Select<string>
        aria-label={t('monitor.statusFilter')}
        style={{ minWidth: 120 }}
        value={filters.status ?? ALL}
        onChange={(v) => apply({ status: v === ALL ? undefined : (v as MonitorFilters['status']) })}
        options={[{ value: ALL, label: t('monitor.statusFilter') }, ...MONITOR_STATUSES.map((s) => ({ value: s, label: label('deviceOnline', s) }))]}
        data-testid="monitor-status"
      />
      <ListSearch label={t('monitor.searchLabel')} placeholder={t('monitor.search')} value={filters.q} width={260} onSearch={(q) => apply({ q })} />
    </Space>
  );
}

/** The device monitor: every reporting device, online or offline from its last heartbeat, its error log, the threshold. */
export function MonitorPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const list = useListQuery(monitorParams);
  const page = useMonitorPage(list.values);
  const table = useListPage(list, page, { stepBack: true });
  const remove = useDeleteMonitor();
  const [logOf, setLogOf] = useState<{ mid: number; name: string } | 'all' | null>(null);
  const removeDevice = async (d: MonitoredDevice) => {
    try {
      await remove.mutateAsync(d.mid);
      void message.success(t('monitor.deleted'));
    } catch {
      // shown by the error policy
    }
  };
  const cols = columns(t, label, { log: (d) => setLogOf({ mid: d.mid, name: nameOf(d, t) }), remove: removeDevice });
  return (
    <>
      <PageHeader
        title={t('monitor.title')}
        extra={<Typography.Text type="secondary">{t('monitor.intro')}</Typography.Text>}
        actions={<ThresholdSetting minutes={page.data?.offlineMinutes} />}
      />
      <SummaryTiles online={page.data?.online ?? 0} offline={page.data?.offline ?? 0} loading={page.isPending} />
      <CredentialTrouble />
      <Card>
        <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
          <Filters filters={list.values} apply={list.set} />
          <Button icon={<FileTextOutlined />} onClick={() => setLogOf('all')}>
            {t('monitor.log.title')}
          </Button>
        </Flex>
        <ListTable<MonitoredDevice>
          rowKey="mid"
          data-testid="monitor-table"
          {...table.props}
          totalText={(n) => t('monitor.total', { count: n })}
          empty={list.filtered ? t('monitor.emptySearch') : t('monitor.empty')}
          emptyAction={list.filtered ? <Button onClick={list.reset}>{t('monitor.clearFilters')}</Button> : undefined}
          columns={cols}
        />
      </Card>
      <ErrorLogDrawer device={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}
