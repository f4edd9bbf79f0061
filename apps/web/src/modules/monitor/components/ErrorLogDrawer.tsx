import { MONITOR_LEVELS, type MonitorErrorLog, type MonitorLevel } from '@openvisit/contract';
import { DatePicker, Drawer, Flex, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';
import { ListSearch, ListTable, useListPage, usePaging } from '../../../platform/list';
import { useErrorLog } from '../api';

const ALL = 'all';
const LEVEL_COLOR: Record<MonitorLevel, string> = { error: 'red', warn: 'orange', info: 'blue' };

interface Filters {
  level?: MonitorLevel;
  text: string;
  range: [Dayjs | null, Dayjs | null] | null;
}

/** A device's error log (or every device's), newest first, with level, time and text filters and its own paging. */
export function ErrorLogDrawer({ device, onClose }: { device: { mid: number; name: string } | null | 'all'; onClose: () => void }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const [f, setF] = useState<Filters>({ text: '', range: null });
  const apply = (patch: Partial<Filters>) => {
    setF((v) => ({ ...v, ...patch }));
    paging.set({ page: 1 });
  };
  const mid = device && device !== 'all' ? device.mid : undefined;
  const input = {
    startIndex: paging.startIndex,
    requestedCount: paging.requestedCount,
    ...(mid !== undefined && { mid }),
    ...(f.level && { level: f.level }),
    ...(f.text && { text: f.text }),
    ...(f.range?.[0] && { startTime: f.range[0].startOf('day').valueOf() }),
    ...(f.range?.[1] && { endTime: f.range[1].endOf('day').valueOf() }),
  };
  const log = useErrorLog(input, device !== null);
  const table = useListPage(paging, log);
  const title = device && device !== 'all' ? t('monitor.log.titleOf', { name: device.name }) : t('monitor.log.title');
  return (
    <Drawer open={device !== null} onClose={onClose} title={title} width="min(860px, 100vw)" destroyOnHidden data-testid="monitor-log">
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select<string>
          aria-label={t('monitor.log.level')}
          style={{ minWidth: 120 }}
          value={f.level ?? ALL}
          onChange={(v) => apply({ level: v === ALL ? undefined : (v as MonitorLevel) })}
          options={[{ value: ALL, label: t('monitor.log.level') }, ...MONITOR_LEVELS.map((l) => ({ value: l, label: t(`monitor.log.levels.${l}`) }))]}
        />
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          value={f.range}
          onChange={(range) => apply({ range: range ? [range[0] ?? null, range[1] ?? null] : null })}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        />
        <ListSearch label={t('monitor.log.text')} value={f.text} width={220} onSearch={(text) => apply({ text })} />
      </Flex>
      <ListTable<MonitorErrorLog>
        rowKey="id"
        {...table.props}
        totalText={(n) => t('monitor.log.total', { count: n })}
        empty={t('monitor.log.empty')}
        expandable={{
          rowExpandable: (r) => r.detail !== '',
          expandedRowRender: (r) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.detail}</Typography.Paragraph>,
        }}
        columns={[
          {
            key: 'time',
            title: t('monitor.log.time'),
            dataIndex: 'time',
            kind: 'dateTime',
            render: (ms: number) => formatDateTime(ms),
          },
          ...(mid === undefined ? [{ key: 'device', title: t('monitor.log.device'), dataIndex: 'deviceName', kind: 'name' as const }] : []),
          {
            key: 'level',
            title: t('monitor.log.level'),
            dataIndex: 'level',
            kind: 'tag',
            render: (l: MonitorLevel) => <Tag color={LEVEL_COLOR[l]}>{t(`monitor.log.levels.${l}`)}</Tag>,
          },
          { key: 'message', title: t('monitor.log.message'), dataIndex: 'message', kind: 'text' },
          { key: 'version', title: t('monitor.log.version'), dataIndex: 'version', kind: 'code', width: 90 },
        ]}
      />
    </Drawer>
  );
}
