import { CheckCircleOutlined } from '@ant-design/icons';
import { type CallOutput, formatDuration, getCredentialTrouble } from '@openvisit/contract';
import { Card, Flex, Skeleton, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkTag } from '../../../core/people/public';
import { useCanCall } from '../../../platform/access';
import { formatDateTime } from '../../../platform/format';
import { currentLang } from '../../../platform/i18n';
import { useCredentialTrouble } from '../api';

type Row = CallOutput<typeof getCredentialTrouble>[number];

function columns(t: TFunction, now: number): TableColumnsType<Row> {
  const c = (k: 'device' | 'driver' | 'link' | 'reason' | 'failed' | 'pending' | 'oldest') => t(`monitor.trouble.columns.${k}`);
  return [
    { key: 'device', title: c('device'), render: (_: unknown, r) => <Link to={`/key/listd/${r.eid}`}>{r.deviceName}</Link> },
    { key: 'driver', title: c('driver'), render: (_: unknown, r) => t(`devices.drivers.names.${r.driver}`) },
    { key: 'link', title: c('link'), render: (_: unknown, r) => <LinkTag link={r.link} /> },
    { key: 'reason', title: c('reason'), render: (_: unknown, r) => r.link?.reason || '—' },
    {
      key: 'failed',
      title: c('failed'),
      dataIndex: 'failed',
      align: 'right',
      render: (n: number) => (n ? <Typography.Text type="danger">{n}</Typography.Text> : n),
    },
    { key: 'pending', title: c('pending'), dataIndex: 'pending', align: 'right' },
    {
      key: 'oldest',
      title: c('oldest'),
      dataIndex: 'oldestPendingAt',
      render: (at: number | null) =>
        at === null ? (
          '—'
        ) : (
          <Tooltip title={t('monitor.trouble.since', { time: formatDateTime(at) })}>{formatDuration((now - at) / 60_000, currentLang())}</Tooltip>
        ),
    },
  ];
}

/** The monitor's card of door devices whose credentials do not get through; each links to the device's detail. */
export function CredentialTrouble() {
  const { t } = useTranslation();
  const allowed = useCanCall(getCredentialTrouble);
  const trouble = useCredentialTrouble(allowed);
  if (!allowed) return null;
  const rows = trouble.data ?? [];
  return (
    <Card title={t('monitor.trouble.title')} style={{ marginBottom: 16 }} data-testid="credential-trouble">
      {trouble.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : rows.length === 0 ? (
        <Flex gap={8} align="center">
          <CheckCircleOutlined style={{ color: '#52c41a' }} aria-hidden />
          <Typography.Text>{t('monitor.trouble.empty')}</Typography.Text>
        </Flex>
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('monitor.trouble.intro')}</Typography.Text>
          <Table<Row> rowKey="eid" size="small" dataSource={rows} columns={columns(t, Date.now())} pagination={false} scroll={{ x: 'max-content' }} />
        </Flex>
      )}
    </Card>
  );
}
