import { ReloadOutlined } from '@ant-design/icons';
import { MESSAGE_CHANNELS, MESSAGE_STATES, type MessageChannel, type MessageRecord, type MessageState } from '@openvisit/contract';
import { Button, DatePicker, Flex, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, formatDateTime } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { day, defineListParams, type ListColumn, ListSearch, ListTable, oneOf, text, useListPage, useListQuery } from '../../../platform/list';
import { useSendRecords } from '../api';

const ALL = 'all';
const STATE_COLORS: Record<MessageState, string> = { queued: 'blue', sent: 'green', failed: 'red', kept: 'default' };

/** The filters of the delivery records, kept in the URL beside the tab. */
const recordParams = defineListParams({
  channel: oneOf(MESSAGE_CHANNELS),
  state: oneOf(MESSAGE_STATES),
  from: day(),
  to: day(),
  q: text(100),
});

/** Delivery records (`getSendRecords`): every message on every channel, newest first, with its state and reason. */
export function RecordsPanel() {
  const { t } = useTranslation();
  const label = useLabel();
  const query = useListQuery(recordParams);
  const f = query.values;
  const page = useSendRecords({
    startIndex: query.startIndex,
    requestedCount: query.requestedCount,
    ...(f.channel && { channel: f.channel }),
    ...(f.state && { state: f.state }),
    ...(f.from && { startDate: f.from }),
    ...(f.to && { endDate: f.to }),
    ...(f.q && { to: f.q }),
  });
  const table = useListPage(query, page);

  const apply = query.set;

  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 16 }} role="search">
        <Select<string>
          aria-label={t('notifications.notice.records.channel')}
          style={{ minWidth: 150 }}
          value={f.channel ?? ALL}
          onChange={(v) => apply({ channel: v === ALL ? undefined : (v as MessageChannel) })}
          options={[
            { value: ALL, label: t('notifications.notice.records.allChannels') },
            ...MESSAGE_CHANNELS.map((c) => ({ value: c, label: label('messageChannel', c) })),
          ]}
          data-testid="records-channel"
        />
        <Select<string>
          aria-label={t('notifications.notice.records.state')}
          style={{ minWidth: 150 }}
          popupMatchSelectWidth={false}
          value={f.state ?? ALL}
          onChange={(v) => apply({ state: v === ALL ? undefined : (v as MessageState) })}
          options={[
            { value: ALL, label: t('notifications.notice.records.allStates') },
            ...MESSAGE_STATES.map((s) => ({ value: s, label: label('messageState', s) })),
          ]}
          data-testid="records-state"
        />
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          value={[f.from ? dayjs(f.from, DAY_FORMAT) : null, f.to ? dayjs(f.to, DAY_FORMAT) : null]}
          onChange={(range) => apply({ from: range?.[0]?.format(DAY_FORMAT), to: range?.[1]?.format(DAY_FORMAT) })}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        />
        <ListSearch label={t('notifications.notice.records.search')} value={f.q} maxLength={100} width={220} onSearch={(q) => apply({ q })} />
        <Button icon={<ReloadOutlined />} onClick={() => void page.refetch()} loading={page.isFetching && !page.isPending}>
          {t('notifications.notice.records.refresh')}
        </Button>
      </Flex>
      <ListTable<MessageRecord>
        rowKey="id"
        data-testid="records-table"
        {...table.props}
        empty={t('notifications.notice.records.empty')}
        columns={recordColumns(t, label)}
      />
    </>
  );
}

/** The columns of the delivery records: when, how, to whom, what, and how it went. */
function recordColumns(t: TFunction, label: ReturnType<typeof useLabel>): ListColumn<MessageRecord>[] {
  return [
    {
      key: 'time',
      title: t('notifications.notice.records.time'),
      kind: 'dateTime',
      width: 184,
      render: (_, r) => formatDateTime(r.createTime, '—', { seconds: true }),
    },
    {
      key: 'channel',
      title: t('notifications.notice.records.channel'),
      kind: 'tag',
      width: 96,
      render: (_, r) => label('messageChannel', r.channel),
    },
    {
      key: 'to',
      title: t('notifications.notice.records.to'),
      kind: 'text',
      render: (_, r) => (
        <>
          {r.toName ? <Typography.Text strong>{r.toName} </Typography.Text> : null}
          <Typography.Text type={r.toName ? 'secondary' : undefined}>{r.to}</Typography.Text>
        </>
      ),
    },
    { key: 'subject', title: t('notifications.notice.records.subject'), dataIndex: 'subject', kind: 'text' },
    {
      key: 'state',
      kind: 'tag',
      title: t('notifications.notice.records.state'),
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{label('messageState', r.state)}</Tag>,
    },
    { key: 'attempts', title: t('notifications.notice.records.attempts'), dataIndex: 'attempts', kind: 'number', align: 'right' },
    {
      key: 'reason',
      title: t('notifications.notice.records.reason'),
      kind: 'text',
      render: (_, r) => (r.error ? <Typography.Text type={r.state === 'failed' ? 'danger' : 'secondary'}>{r.error}</Typography.Text> : '—'),
    },
    {
      key: 'sent',
      title: t('notifications.notice.records.sentAt'),
      kind: 'dateTime',
      width: 184,
      render: (_, r) => formatDateTime(r.sentTime || null, '—', { seconds: true }),
    },
  ];
}
