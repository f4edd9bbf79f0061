import { exportRfidRecordsList, type PassRecord } from '@openvisit/contract';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGates } from '../../../core/sites/public';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { CellText, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useDevices } from '../../devices/public';
import { usePassRecords } from '../api';
import { RESULT_WIDTH, ResultTag, useLookupOptions, useResultOptions } from '../components/RecordBits';
import { clearPatch, RecordActions, type RecordFilterSpec, RecordFilters } from '../components/RecordFilters';
import { Snapshot } from '../components/Snapshot';
import { DIRECTIONS, type PassListFilters, PERSON_KEYS, PERSON_TYPES, passFilters, passList, WAYS } from '../query';

const passTime = (ms: number) => formatDateTime(ms, '—', { seconds: true });

/** The device (or that it was deleted) and, under it, its gate. */
function WhereCell({ row }: { row: PassRecord }) {
  const { t } = useTranslation();
  const device = row.deviceName || (row.eid === null && row.deviceCode ? t('passRecords.deletedDevice') : '—');
  return (
    <>
      <CellText>{device}</CellText>
      {row.gateName ? <CellText secondary>{row.gateName}</CellText> : null}
    </>
  );
}

/** Access control › pass records (`getOpendoorInfo`): who went through which door, when, and whether it opened. */
export function PassRecordsPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const query = useListQuery(passList);
  const filters = query.values;
  const page = usePassRecords(filters);
  const table = useListPage(query, page);
  const spec = usePassFilterSpec();
  const clear = () => query.set(clearPatch(spec));
  // The spec's lookup labels 2 and 3 both "visitor"; here 3 is a resident, which a reader must tell apart.
  const personText = (v: number) => t(`passRecords.people.${PERSON_KEYS[v] ?? 'unknown'}`);
  const filtered = query.filtered;

  return (
    <>
      <PageHeader
        title={t('passRecords.passes.title')}
        extra={<Typography.Text type="secondary">{t('passRecords.passes.intro')}</Typography.Text>}
        actions={
          <RecordActions
            def={exportRfidRecordsList}
            input={passFilters(filters)}
            refresh={() => void page.refetch()}
            refreshing={page.isFetching && !page.isPending}
          />
        }
      />
      <Card>
        <RecordFilters query={query} spec={spec} />
        <ListTable<PassRecord>
          rowKey="id"
          {...table.props}
          totalText={(n) => t('passRecords.passes.total', { count: n })}
          empty={filtered ? t('passRecords.passes.emptyFiltered') : t('passRecords.passes.empty')}
          emptyAction={filtered ? <Button onClick={clear}>{t('passRecords.clearFilters')}</Button> : null}
          columns={[
            { key: 'openDate', title: t('passRecords.columns.time'), dataIndex: 'openDate', kind: 'dateTime', width: 184, render: passTime },
            {
              key: 'vname',
              title: t('passRecords.columns.name'),
              dataIndex: 'vname',
              kind: 'name',
              render: (v: string, row) =>
                row.photo ? (
                  <Flex align="center" gap={2}>
                    <CellText>{v || '—'}</CellText>
                    <Snapshot what="pass" id={row.id} caption={v || t('passRecords.people.unknown')} />
                  </Flex>
                ) : (
                  v || '—'
                ),
            },
            { key: 'mobile', title: t('passRecords.columns.phone'), dataIndex: 'mobile', kind: 'phone' },
            {
              key: 'vtype',
              title: t('passRecords.columns.person'),
              dataIndex: 'vtype',
              kind: 'tag',
              width: 104,
              render: (v: number) => personText(v),
            },
            // Where: the device over its gate (a device belongs to a gate), which leaves the names room at 1280 px.
            { key: 'deviceName', title: t('passRecords.columns.where'), kind: 'text', render: (_: unknown, row) => <WhereCell row={row} /> },
            { key: 'gname', title: t('passRecords.columns.group'), dataIndex: 'gname', kind: 'text', responsive: ['xxl'] },
            {
              key: 'direction',
              title: t('passRecords.columns.direction'),
              dataIndex: 'direction',
              kind: 'tag',
              width: 80,
              render: (v: number) => label('passDirection', v),
            },
            {
              key: 'passWay',
              title: t('passRecords.columns.way'),
              dataIndex: 'passWay',
              kind: 'tag',
              width: 80,
              render: (v: string) => label('passWay', v),
            },
            {
              key: 'result',
              title: t('passRecords.columns.result'),
              dataIndex: 'openStatus',
              kind: 'tag',
              // A refusal's reason goes under its tag, cut with a tooltip when long.
              width: RESULT_WIDTH,
              render: (v: number, row) => <ResultTag result={v} code={row.code} schedule={row.schedule} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

/** The pass list's filters: name or phone, gate, device, person type, direction, way and result (and the days). */
function usePassFilterSpec(): RecordFilterSpec<PassListFilters> {
  const { t } = useTranslation();
  const gates = useGates();
  const devices = useDevices();
  const directions = useLookupOptions('passDirection', DIRECTIONS);
  const ways = useLookupOptions('passWay', WAYS);
  const results = useResultOptions();
  return {
    search: { key: 'q', label: t('passRecords.filters.search') },
    selects: [
      {
        key: 'gate',
        label: t('passRecords.filters.gate'),
        allLabel: t('passRecords.filters.allGates'),
        options: (gates.data ?? []).map((g) => ({ value: g.gid, label: g.gname })),
      },
      {
        key: 'device',
        label: t('passRecords.filters.device'),
        allLabel: t('passRecords.filters.allDevices'),
        options: (devices.data ?? []).map((d) => ({ value: d.eid, label: d.deviceName })),
      },
      {
        key: 'person',
        label: t('passRecords.filters.person'),
        allLabel: t('passRecords.filters.allPeople'),
        options: PERSON_TYPES.map((value) => ({ value, label: t(`passRecords.people.${PERSON_KEYS[value] ?? 'unknown'}`) })),
      },
      { key: 'direction', label: t('passRecords.filters.direction'), allLabel: t('passRecords.filters.allDirections'), options: directions },
      { key: 'way', label: t('passRecords.filters.way'), allLabel: t('passRecords.filters.allWays'), options: ways },
      { key: 'result', label: t('passRecords.filters.result'), allLabel: t('passRecords.filters.allResults'), options: results },
    ],
  };
}
