import { ReloadOutlined } from '@ant-design/icons';
import { exportRfidRecordsList, type PassRecord } from '@openvisit/contract';
import { Button, Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { ListSearch, ListTable, useListQuery } from '../../../platform/list';
import { useDevices } from '../../devices/api';
import { useGates } from '../../registration/api';
import { usePassRecords } from '../api';
import { DaysFilter, ExportButton, FilterSelect, ResultTag, useLookupOptions } from '../components/RecordBits';
import { DIRECTIONS, type PassListFilters, PERSON_KEYS, PERSON_TYPES, passFilters, passList, RESULTS, WAYS } from '../query';

const passTime = (ms: number) => formatDateTime(ms, '—', { seconds: true });

/** Access control › pass records (`getOpendoorInfo`): who went through which door, when, and whether it opened. */
export function PassRecordsPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const query = useListQuery(passList);
  const filters = query.values;
  const page = usePassRecords(filters);
  const apply = (patch: Partial<PassListFilters>) => query.set(patch);
  const clear = () =>
    apply({
      q: '',
      gate: undefined,
      device: undefined,
      person: undefined,
      direction: undefined,
      result: undefined,
      way: undefined,
      from: undefined,
      to: undefined,
    });
  // The spec's lookup labels 2 and 3 both "visitor"; here 3 is a resident, which a reader must tell apart.
  const personText = (v: number) => t(`passRecords.people.${PERSON_KEYS[v] ?? 'unknown'}`);
  const filtered = query.filtered;
  const list = page.data?.list ?? [];

  return (
    <>
      <PageHeader
        title={t('passRecords.passes.title')}
        extra={<Typography.Text type="secondary">{t('passRecords.passes.intro')}</Typography.Text>}
        actions={
          <Space>
            <ExportButton def={exportRfidRecordsList} input={passFilters(filters)} />
            <Button icon={<ReloadOutlined />} onClick={() => void page.refetch()} loading={page.isFetching && !page.isPending}>
              {t('common.refresh')}
            </Button>
          </Space>
        }
      />
      <Card>
        <PassFilterBar filters={filters} apply={apply} clear={clear} filtered={filtered} />
        <ListTable<PassRecord>
          rowKey="id"
          paging={query}
          total={page.data?.count ?? 0}
          pending={page.isPending}
          fetching={page.isFetching}
          dataSource={list}
          totalText={(n) => t('passRecords.passes.total', { count: n })}
          empty={filtered ? t('passRecords.passes.emptyFiltered') : t('passRecords.passes.empty')}
          emptyAction={filtered ? <Button onClick={clear}>{t('passRecords.clearFilters')}</Button> : null}
          columns={[
            {
              key: 'openDate',
              title: t('passRecords.columns.time'),
              dataIndex: 'openDate',
              kind: 'dateTime',
              width: 184,
              render: (ms: number) => passTime(ms),
            },
            { key: 'vname', title: t('passRecords.columns.name'), dataIndex: 'vname', kind: 'name', render: (v: string) => v || '—' },
            { key: 'mobile', title: t('passRecords.columns.phone'), dataIndex: 'mobile', kind: 'phone' },
            { key: 'vtype', title: t('passRecords.columns.person'), dataIndex: 'vtype', kind: 'tag', render: (v: number) => personText(v) },
            {
              key: 'deviceName',
              title: t('passRecords.columns.device'),
              dataIndex: 'deviceName',
              kind: 'text',
              render: (v: string, row) => v || (row.eid === null && row.deviceCode ? t('passRecords.deletedDevice') : '—'),
            },
            { key: 'gname', title: t('passRecords.columns.group'), dataIndex: 'gname', kind: 'text', responsive: ['xxl'] },
            { key: 'gateName', title: t('passRecords.columns.gate'), dataIndex: 'gateName', kind: 'text' },
            {
              key: 'direction',
              title: t('passRecords.columns.direction'),
              dataIndex: 'direction',
              kind: 'tag',
              render: (v: number) => label('passDirection', v),
            },
            { key: 'passWay', title: t('passRecords.columns.way'), dataIndex: 'passWay', kind: 'tag', render: (v: string) => label('passWay', v) },
            {
              key: 'result',
              title: t('passRecords.columns.result'),
              dataIndex: 'openStatus',
              kind: 'tag',
              // Wide enough for a refusal's reason under its tag.
              width: 176,
              render: (v: number, row) => <ResultTag result={v} code={row.code} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

/** The list's filters: text, gate, person type, direction, way, result and days, each applied at once (kept in the URL). */
function PassFilterBar({
  filters,
  apply,
  clear,
  filtered,
}: {
  filters: PassListFilters;
  apply: (p: Partial<PassListFilters>) => void;
  clear: () => void;
  filtered: boolean;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const gates = useGates();
  const devices = useDevices();
  const people = PERSON_TYPES.map((value) => ({ value, label: t(`passRecords.people.${PERSON_KEYS[value] ?? 'unknown'}`) }));
  const directions = useLookupOptions('passDirection', DIRECTIONS);
  const ways = useLookupOptions('passWay', WAYS);
  const results = RESULTS.map((value) => ({ value, label: label('recordResult', value === 1 ? 'success' : value === 0 ? 'failure' : 'unknown') }));
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }} role="search" aria-label={t('passRecords.filters.label')}>
      <ListSearch label={t('passRecords.filters.search')} value={filters.q} onSearch={(q) => apply({ q })} />
      <FilterSelect
        label={t('passRecords.filters.gate')}
        allLabel={t('passRecords.filters.allGates')}
        value={filters.gate}
        options={(gates.data ?? []).map((g) => ({ value: g.gid, label: g.gname }))}
        onChange={(gate) => apply({ gate })}
      />
      <FilterSelect
        label={t('passRecords.filters.device')}
        allLabel={t('passRecords.filters.allDevices')}
        value={filters.device}
        options={(devices.data ?? []).map((d) => ({ value: d.eid, label: d.deviceName }))}
        onChange={(device) => apply({ device })}
      />
      <FilterSelect
        label={t('passRecords.filters.person')}
        allLabel={t('passRecords.filters.allPeople')}
        value={filters.person}
        options={people}
        onChange={(person) => apply({ person })}
      />
      <FilterSelect
        label={t('passRecords.filters.direction')}
        allLabel={t('passRecords.filters.allDirections')}
        value={filters.direction}
        options={directions}
        onChange={(direction) => apply({ direction })}
      />
      <FilterSelect
        label={t('passRecords.filters.way')}
        allLabel={t('passRecords.filters.allWays')}
        value={filters.way}
        options={ways}
        onChange={(way) => apply({ way })}
      />
      <FilterSelect
        label={t('passRecords.filters.result')}
        allLabel={t('passRecords.filters.allResults')}
        value={filters.result}
        options={results}
        onChange={(result) => apply({ result })}
      />
      <DaysFilter from={filters.from} to={filters.to} onChange={(from, to) => apply({ from, to })} />
      {filtered ? (
        <Button type="link" onClick={clear}>
          {t('passRecords.clearFilters')}
        </Button>
      ) : null}
    </Flex>
  );
}
