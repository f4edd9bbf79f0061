import { ReloadOutlined } from '@ant-design/icons';
import { logObjectText, type OperationLog } from '@openvisit/contract';
import { Button, Card, DatePicker, Flex, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatDateTime } from '../../../platform/format';
import { useLabel, useLang } from '../../../platform/i18n';
import { ListSearch, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useLogPage } from '../api';
import { useLogActions } from '../components/LogActions';
import { LOG_ENDS, LOG_EVENTS, LOG_MODULES, LOG_ROLES, type LogFilters, logDetails, logList } from '../query';

const EVENT_COLORS: Record<string, string> = { add: 'green', delete: 'red', update: 'blue', export: 'purple', import: 'cyan', lock: 'volcano' };
const ALL = 'all';

/** Log times with seconds, in the console language's own date format. */
const logTime = (ms: number) => formatDateTime(ms, '—', { seconds: true });

/** People › operation log (`getLogList`): who did what and when, filtered by operator, role, module, end, event and days, all in the URL. */
export function OperationLogPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const lang = useLang();
  const query = useListQuery(logList);
  const filters = query.values;
  const page = useLogPage(filters);
  const table = useListPage(query, page, { stepBack: true });
  const apply = (patch: Partial<LogFilters>) => query.set(patch);
  const clear = () => apply({ name: '', role: undefined, module: undefined, end: undefined, event: undefined, from: undefined, to: undefined });
  const logActions = useLogActions(filters);

  /** A filter select: "all" clears it. */
  const select = <V extends string | number>(
    key: 'role' | 'module' | 'end' | 'event',
    values: readonly V[],
    lookup: 'logRole' | 'logModule' | 'logEnd' | 'logEvent',
    allLabel: string,
    width = 150,
  ) => (
    <Select<V | typeof ALL>
      aria-label={t(`logs.filters.${key}`)}
      style={{ minWidth: width }}
      popupMatchSelectWidth={false}
      value={(filters[key] as V | undefined) ?? ALL}
      onChange={(v) => apply({ [key]: v === ALL ? undefined : v })}
      options={[{ value: ALL, label: allLabel }, ...values.map((v) => ({ value: v, label: label(lookup, v) }))]}
    />
  );

  const filtered = query.filtered;
  return (
    <>
      <PageHeader
        title={t('logs.title')}
        extra={<Typography.Text type="secondary">{t('logs.intro')}</Typography.Text>}
        actions={
          <>
            {logActions.actions}
            <Button icon={<ReloadOutlined />} onClick={() => void page.refetch()} loading={page.isFetching && !page.isPending}>
              {t('common.refresh')}
            </Button>
          </>
        }
      />
      {logActions.result}
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }} role="search" aria-label={t('logs.filters.label')}>
          <ListSearch label={t('logs.filters.name')} value={filters.name} onSearch={(name) => apply({ name })} />
          {select('role', LOG_ROLES, 'logRole', t('logs.filters.allRoles'))}
          {select('module', LOG_MODULES, 'logModule', t('logs.filters.allModules'))}
          {select('event', LOG_EVENTS, 'logEvent', t('logs.filters.allEvents'))}
          {select('end', LOG_ENDS, 'logEnd', t('logs.filters.allEnds'), 120)}
          <DatePicker.RangePicker
            aria-label={t('logs.filters.dates')}
            allowEmpty={[true, true]}
            value={[filters.from ? dayjs(filters.from, DAY_FORMAT) : null, filters.to ? dayjs(filters.to, DAY_FORMAT) : null]}
            onChange={(range) => apply({ from: range?.[0]?.format(DAY_FORMAT), to: range?.[1]?.format(DAY_FORMAT) })}
            placeholder={[t('logs.filters.from'), t('logs.filters.to')]}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
          {filtered ? (
            <Button type="link" onClick={clear}>
              {t('logs.clearFilters')}
            </Button>
          ) : null}
        </Flex>
        <ListTable<OperationLog>
          rowKey="id"
          {...table.props}
          totalText={(n) => t('logs.total', { count: n })}
          empty={filtered ? t('logs.emptyFiltered') : t('logs.empty')}
          emptyAction={filtered ? <Button onClick={clear}>{t('logs.clearFilters')}</Button> : null}
          columns={[
            { key: 'seq', title: t('logs.columns.seq'), dataIndex: 'seq', kind: 'number', width: 80, render: (v: number | null) => v ?? '—' },
            { key: 'oTime', title: t('logs.columns.time'), dataIndex: 'oTime', kind: 'dateTime', width: 184, render: (ms: number) => logTime(ms) },
            { key: 'optName', title: t('logs.columns.operator'), dataIndex: 'optName', kind: 'name' },
            { key: 'optRole', title: t('logs.columns.role'), dataIndex: 'optRole', kind: 'text', render: (v: number) => label('logRole', v) },
            { key: 'optModule', title: t('logs.columns.module'), dataIndex: 'optModule', kind: 'text', render: (v: number) => label('logModule', v) },
            {
              key: 'optEvent',
              title: t('logs.columns.event'),
              dataIndex: 'optEvent',
              kind: 'tag',
              render: (v: string) => <Tag color={EVENT_COLORS[v] ?? 'default'}>{label('logEvent', v)}</Tag>,
            },
            {
              key: 'objName',
              title: t('logs.columns.object'),
              dataIndex: 'objName',
              kind: 'text',
              render: (stored: string) => logObjectText(stored, lang),
            },
            {
              key: 'optDesc',
              title: t('logs.columns.details'),
              dataIndex: 'optDesc',
              kind: 'text',
              render: (_: string, row) => logDetails(row, lang),
            },
            {
              key: 'optClient',
              title: t('logs.columns.end'),
              dataIndex: 'optClient',
              kind: 'tag',
              width: 96,
              render: (v: number) => label('logEnd', v),
            },
            { key: 'ipAddr', title: t('logs.columns.ip'), dataIndex: 'ipAddr', kind: 'code', width: 136 },
          ]}
        />
      </Card>
    </>
  );
}
