import { ReloadOutlined } from '@ant-design/icons';
import { exportVehicleInfoList, type VehicleRecord } from '@openvisit/contract';
import { Button, Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { ListSearch, ListTable, useListQuery } from '../../../platform/list';
import { useVehicleRecords } from '../api';
import { DaysFilter, ExportButton, FilterSelect, ResultTag, useLookupOptions } from '../components/RecordBits';
import { DIRECTIONS, RESULTS, type VehicleListFilters, vehicleFilters, vehicleList } from '../query';

const passTime = (ms: number) => formatDateTime(ms, '—', { seconds: true });

/** Access control › vehicle records (`getVehicleRecord`): the plates the barriers saw and the visits they matched. */
export function VehicleRecordsPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const query = useListQuery(vehicleList);
  const filters = query.values;
  const page = useVehicleRecords(filters);
  const apply = (patch: Partial<VehicleListFilters>) => query.set(patch);
  const clear = () => apply({ plate: '', direction: undefined, result: undefined, from: undefined, to: undefined });
  const directions = useLookupOptions('passDirection', DIRECTIONS);
  const results = RESULTS.map((value) => ({ value, label: label('recordResult', value === 1 ? 'success' : value === 0 ? 'failure' : 'unknown') }));
  const filtered = query.filtered;

  return (
    <>
      <PageHeader
        title={t('passRecords.vehicles.title')}
        extra={<Typography.Text type="secondary">{t('passRecords.vehicles.intro')}</Typography.Text>}
        actions={
          <Space>
            <ExportButton def={exportVehicleInfoList} input={vehicleFilters(filters)} />
            <Button icon={<ReloadOutlined />} onClick={() => void page.refetch()} loading={page.isFetching && !page.isPending}>
              {t('common.refresh')}
            </Button>
          </Space>
        }
      />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }} role="search" aria-label={t('passRecords.filters.label')}>
          <ListSearch
            label={t('passRecords.filters.plate')}
            value={filters.plate}
            maxLength={16}
            width={180}
            onSearch={(plate) => apply({ plate })}
          />
          <FilterSelect
            label={t('passRecords.filters.direction')}
            allLabel={t('passRecords.filters.allDirections')}
            value={filters.direction}
            options={directions}
            onChange={(direction) => apply({ direction })}
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
        <ListTable<VehicleRecord>
          rowKey="id"
          paging={query}
          total={page.data?.count ?? 0}
          pending={page.isPending}
          fetching={page.isFetching}
          dataSource={page.data?.list ?? []}
          totalText={(n) => t('passRecords.vehicles.total', { count: n })}
          empty={filtered ? t('passRecords.vehicles.emptyFiltered') : t('passRecords.vehicles.empty')}
          emptyAction={filtered ? <Button onClick={clear}>{t('passRecords.clearFilters')}</Button> : null}
          columns={[
            {
              key: 'sTime',
              title: t('passRecords.columns.time'),
              dataIndex: 'sTime',
              kind: 'dateTime',
              width: 184,
              render: (ms: number) => passTime(ms),
            },
            { key: 'plateNum', title: t('passRecords.columns.plate'), dataIndex: 'plateNum', kind: 'code' },
            { key: 'vehType', title: t('passRecords.columns.vehicleType'), dataIndex: 'vehType', kind: 'text', render: (v: string) => v || '—' },
            { key: 'deviceName', title: t('passRecords.columns.device'), dataIndex: 'deviceName', kind: 'text', render: (v: string) => v || '—' },
            {
              key: 'direction',
              title: t('passRecords.columns.direction'),
              dataIndex: 'direction',
              kind: 'tag',
              render: (v: number) => label('passDirection', v),
            },
            { key: 'vname', title: t('passRecords.columns.visitor'), dataIndex: 'vname', kind: 'name', render: (v: string) => v || '—' },
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
