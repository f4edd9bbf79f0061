import type { DriftReport as Drift } from '@openvisit/contract';
import { Alert, Empty, Flex, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';

type Item = Drift['items'][number];

const KIND_COLOR: Record<Item['kind'], string> = { missing: 'orange', extra: 'red', changed: 'gold', siteManaged: 'default' };
const OUTCOME_COLOR: Record<Item['outcome'], string> = { repaired: 'success', failed: 'error', left: 'default' };
/** The parts the server names in `what`; anything else is shown as written. */
const WHATS = new Set(['person', 'card', 'qr', 'face', 'window']);

function columns(t: TFunction): TableColumnsType<Item> {
  const k = 'faceSync.report.drift';
  return [
    { key: 'personNo', title: t(`${k}.columns.personNo`), dataIndex: 'personNo', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { key: 'name', title: t(`${k}.columns.name`), dataIndex: 'name', render: (v: string) => v || '—' },
    {
      key: 'kind',
      title: t(`${k}.columns.kind`),
      dataIndex: 'kind',
      render: (v: Item['kind']) => <Tag color={KIND_COLOR[v]}>{t(`${k}.kinds.${v}`)}</Tag>,
    },
    {
      key: 'what',
      title: t(`${k}.columns.what`),
      dataIndex: 'what',
      render: (v: string[]) => v.map((w) => (WHATS.has(w) ? t(`${k}.whats.${w as 'person'}`) : w)).join(', ') || '—',
    },
    {
      key: 'outcome',
      title: t(`${k}.columns.outcome`),
      dataIndex: 'outcome',
      render: (v: Item['outcome']) => <Tag color={OUTCOME_COLOR[v]}>{t(`${k}.outcomes.${v}`)}</Tag>,
    },
    { key: 'reason', title: t(`${k}.columns.reason`), dataIndex: 'reason', render: (v: string) => v || '—' },
  ];
}

/** The counts of a readback, each a number with its word. */
function DriftCounts({ drift }: { drift: Drift }) {
  const { t } = useTranslation();
  const keys = ['expected', 'heldOurs', 'heldSite', 'missing', 'extra', 'changed', 'repaired', 'failed'] as const;
  return (
    <Flex gap={24} wrap>
      {keys.map((key) => (
        <Statistic
          key={key}
          title={t(`faceSync.report.drift.${key}`)}
          value={drift[key]}
          styles={{ content: { fontSize: 18, ...(key === 'failed' && drift.failed > 0 && { color: '#cf1322' }) } }}
        />
      ))}
    </Flex>
  );
}

/** The last readback of a device: when, what it found, what was repaired; its differences as a table. */
export function DriftReport({ drift }: { drift: Drift | null }) {
  const { t } = useTranslation();
  if (!drift) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('faceSync.report.drift.none')} />;
  return (
    <Flex vertical gap={12} data-testid="drift-report">
      <Typography.Text type="secondary">{t('faceSync.report.drift.at', { time: formatDateTime(drift.at) })}</Typography.Text>
      {drift.error ? <Alert type="error" showIcon title={t('faceSync.report.drift.error', { reason: drift.error })} /> : null}
      <DriftCounts drift={drift} />
      <Table<Item>
        rowKey={(r) => `${r.personNo}-${r.kind}`}
        size="small"
        dataSource={drift.items}
        columns={columns(t)}
        pagination={drift.items.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: t('faceSync.report.drift.empty') }}
        footer={drift.items.length ? () => t('faceSync.report.drift.total', { count: drift.items.length }) : undefined}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
