import { ReloadOutlined } from '@ant-design/icons';
import { MESSAGE_CHANNELS, MESSAGE_STATES, type MessageChannel, type MessageRecord, type MessageState } from '@openvisit/contract';
import { Button, DatePicker, Empty, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DAY_FORMAT } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { useSendRecords } from '../api';

const PAGE_SIZE = 20;
const ALL = 'all';
const STATE_COLORS: Record<MessageState, string> = { queued: 'blue', sent: 'green', failed: 'red', kept: 'default' };

/** The filters of the delivery records, kept in the URL beside the tab. */
function filtersOf(params: URLSearchParams) {
  const channel = params.get('channel') as MessageChannel | null;
  const state = params.get('state') as MessageState | null;
  return {
    channel: channel && (MESSAGE_CHANNELS as readonly string[]).includes(channel) ? channel : undefined,
    state: state && (MESSAGE_STATES as readonly string[]).includes(state) ? state : undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    q: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}
type Filters = ReturnType<typeof filtersOf>;

/** Delivery records (`getSendRecords`): every message on every channel, newest first, with its state and reason. */
export function RecordsPanel() {
  const { t } = useTranslation();
  const label = useLabel();
  const [params, setParams] = useSearchParams();
  const f = filtersOf(params);
  const [q, setQ] = useState(f.q);
  useEffect(() => setQ(f.q), [f.q]);
  const page = useSendRecords({
    startIndex: (f.page - 1) * PAGE_SIZE,
    requestedCount: PAGE_SIZE,
    ...(f.channel && { channel: f.channel }),
    ...(f.state && { state: f.state }),
    ...(f.from && { startDate: f.from }),
    ...(f.to && { endDate: f.to }),
    ...(f.q && { to: f.q }),
  });

  const apply = (patch: Partial<Filters>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        const merged = { ...f, page: 1, ...patch };
        for (const key of ['channel', 'state', 'from', 'to', 'q'] as const) {
          const v = merged[key];
          if (v) next.set(key, String(v));
          else next.delete(key);
        }
        if (merged.page > 1) next.set('page', String(merged.page));
        else next.delete('page');
        return next;
      },
      { replace: true },
    );

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
        <Input.Search
          aria-label={t('notifications.notice.records.search')}
          placeholder={t('notifications.notice.records.search')}
          allowClear
          value={q}
          maxLength={100}
          onChange={(e) => {
            setQ(e.target.value);
            if (e.target.value === '' && f.q) apply({ q: '' });
          }}
          onSearch={(v) => apply({ q: v.trim() })}
          style={{ width: 220 }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void page.refetch()} loading={page.isFetching && !page.isPending}>
          {t('notifications.notice.records.refresh')}
        </Button>
      </Flex>
      <Table<MessageRecord>
        rowKey="id"
        size="middle"
        data-testid="records-table"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        onChange={(p, _f, _s, extra) => {
          if (extra.action === 'paginate') apply({ page: p.current ?? 1 });
        }}
        pagination={{ current: f.page, pageSize: PAGE_SIZE, total: page.data?.count ?? 0, showSizeChanger: false }}
        locale={{ emptyText: page.isPending ? <div style={{ height: 120 }} /> : <Empty description={t('notifications.notice.records.empty')} /> }}
        columns={[
          { key: 'time', title: t('notifications.notice.records.time'), render: (_, r) => dayjs(r.createTime).format('L LTS') },
          { key: 'channel', title: t('notifications.notice.records.channel'), render: (_, r) => label('messageChannel', r.channel) },
          {
            key: 'to',
            title: t('notifications.notice.records.to'),
            render: (_, r) => (
              <>
                {r.toName ? <Typography.Text strong>{r.toName} </Typography.Text> : null}
                <Typography.Text type={r.toName ? 'secondary' : undefined}>{r.to}</Typography.Text>
              </>
            ),
          },
          { key: 'subject', title: t('notifications.notice.records.subject'), dataIndex: 'subject', ellipsis: true },
          {
            key: 'state',
            title: t('notifications.notice.records.state'),
            render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{label('messageState', r.state)}</Tag>,
          },
          { key: 'attempts', title: t('notifications.notice.records.attempts'), dataIndex: 'attempts', align: 'right' },
          {
            key: 'reason',
            title: t('notifications.notice.records.reason'),
            render: (_, r) => (r.error ? <Typography.Text type={r.state === 'failed' ? 'danger' : 'secondary'}>{r.error}</Typography.Text> : '—'),
          },
          {
            key: 'sent',
            title: t('notifications.notice.records.sentAt'),
            render: (_, r) => (r.sentTime ? dayjs(r.sentTime).format('L LTS') : '—'),
          },
        ]}
      />
    </>
  );
}
