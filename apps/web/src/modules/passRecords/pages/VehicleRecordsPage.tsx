import { exportVehicleInfoList, type VehicleRecord } from '@openvisit/contract';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { CellText, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useVehicleRecords } from '../api';
import { RESULT_WIDTH, ResultTag, useLookupOptions, useResultOptions } from '../components/RecordBits';
import { clearPatch, RecordActions, type RecordFilterSpec, RecordFilters } from '../components/RecordFilters';
import { Snapshot } from '../components/Snapshot';
import { DIRECTIONS, type VehicleListFilters, vehicleFilters, vehicleList } from '../query';

const passTime = (ms: number) => formatDateTime(ms, '—', { seconds: true });

/** Access control › vehicle records (`getVehicleRecord`): the plates the barriers saw and the visits they matched. */
export function VehicleRecordsPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const query = useListQuery(vehicleList);
  const filters = query.values;
  const page = useVehicleRecords(filters);
  const table = useListPage(query, page);
  const directions = useLookupOptions('passDirection', DIRECTIONS);
  const results = useResultOptions();
  const spec: RecordFilterSpec<VehicleListFilters> = {
    search: { key: 'plate', label: t('passRecords.filters.plate'), maxLength: 16, width: 180 },
    selects: [
      { key: 'direction', label: t('passRecords.filters.direction'), allLabel: t('passRecords.filters.allDirections'), options: directions },
      { key: 'result', label: t('passRecords.filters.result'), allLabel: t('passRecords.filters.allResults'), options: results },
    ],
  };
  const clear = () => query.set(clearPatch(spec));
  const filtered = query.filtered;

  return (
    <>
      <PageHeader
        title={t('passRecords.vehicles.title')}
        extra={<Typography.Text type="secondary">{t('passRecords.vehicles.intro')}</Typography.Text>}
        actions={
          <RecordActions
            def={exportVehicleInfoList}
            input={vehicleFilters(filters)}
            refresh={() => void page.refetch()}
            refreshing={page.isFetching && !page.isPending}
          />
        }
      />
      <Card>
        <RecordFilters query={query} spec={spec} />
        <ListTable<VehicleRecord>
          rowKey="id"
          {...table.props}
          totalText={(n) => t('passRecords.vehicles.total', { count: n })}
          empty={filtered ? t('passRecords.vehicles.emptyFiltered') : t('passRecords.vehicles.empty')}
          emptyAction={filtered ? <Button onClick={clear}>{t('passRecords.clearFilters')}</Button> : null}
          columns={[
            { key: 'sTime', title: t('passRecords.columns.time'), dataIndex: 'sTime', kind: 'dateTime', width: 184, render: passTime },
            {
              key: 'plateNum',
              title: t('passRecords.columns.plate'),
              dataIndex: 'plateNum',
              kind: 'code',
              width: 150,
              render: (v: string, row) => (
                <Flex align="center" gap={2}>
                  <CellText>{v}</CellText>
                  {row.photo ? <Snapshot what="vehicle" id={row.id} caption={v} /> : null}
                </Flex>
              ),
            },
            { key: 'vehType', title: t('passRecords.columns.vehicleType'), dataIndex: 'vehType', kind: 'text', render: (v: string) => v || '—' },
            { key: 'deviceName', title: t('passRecords.columns.device'), dataIndex: 'deviceName', kind: 'text', render: (v: string) => v || '—' },
            {
              key: 'direction',
              title: t('passRecords.columns.direction'),
              dataIndex: 'direction',
              kind: 'tag',
              width: 80,
              render: (v: number) => label('passDirection', v),
            },
            { key: 'vname', title: t('passRecords.columns.visitor'), dataIndex: 'vname', kind: 'name', render: (v: string) => v || '—' },
            {
              key: 'result',
              title: t('passRecords.columns.result'),
              dataIndex: 'openStatus',
              kind: 'tag',
              // A refusal's reason goes under its tag, cut with a tooltip when long.
              width: RESULT_WIDTH,
              render: (v: number, row) => <ResultTag result={v} code={row.code} />,
            },
          ]}
        />
      </Card>
    </>
  );
}
