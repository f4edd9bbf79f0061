import { exportRvReport } from '@openvisit/contract';
import { Card, DatePicker, Empty, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../platform/components/Chart';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT } from '../../../platform/format';
import { useListQuery } from '../../../platform/list';
import { useRvReport } from '../api.suppliers';
import { ExportButton } from '../components/ExportButton';
import { trafficParams } from '../query.suppliers';

/**
 * Supplier › traffic statistics (supplierlist): resident sign-ins per supplier company and day (getRvReport), charted.
 * The period is kept in the URL (the last seven days when it holds none).
 */
export function TrafficPage() {
  const { t } = useTranslation();
  const q = useListQuery(trafficParams);
  const a = q.values.from ?? dayjs().subtract(6, 'day').format(DAY_FORMAT);
  const b = q.values.to ?? dayjs().format(DAY_FORMAT);
  // A reversed period (an edited link) is read the right way round.
  const [from, to] = b < a ? [b, a] : [a, b];
  const report = useRvReport(from, to);
  const data = report.data;
  const option = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: { type: 'scroll' },
        grid: { left: 40, right: 16, bottom: 32, top: 40 },
        xAxis: { type: 'category', data: data.days },
        yAxis: { type: 'value', minInterval: 1 },
        series: data.companies.map((c) => ({ name: c.company, type: 'bar', stack: 'all', data: c.counts })),
      },
    [data],
  );
  return (
    <>
      <PageHeader
        title={t('suppliers.traffic.title')}
        actions={
          <>
            <DatePicker.RangePicker
              aria-label={t('suppliers.traffic.period')}
              value={[dayjs(from), dayjs(to)]}
              allowClear={false}
              onChange={(r) => r?.[0] && r[1] && q.set({ from: r[0].format(DAY_FORMAT), to: r[1].format(DAY_FORMAT) })}
            />
            <ExportButton def={exportRvReport} input={{ startDate: from, endDate: to }} testId="rv-traffic-export" />
          </>
        }
      />
      <Card>
        {option && data && data.total > 0 ? (
          <Chart option={option} label={t('suppliers.traffic.chart', { total: data.total })} />
        ) : (
          <Empty description={t('suppliers.traffic.empty')} />
        )}
        <Table
          rowKey={(c) => `${c.supplierId ?? ''}:${c.company}`}
          loading={report.isPending}
          dataSource={data?.companies ?? []}
          pagination={false}
          style={{ marginTop: 16 }}
          columns={[
            { key: 'company', title: t('suppliers.traffic.company'), dataIndex: 'company' },
            { key: 'total', title: t('suppliers.traffic.total'), dataIndex: 'total', align: 'right' },
          ]}
        />
      </Card>
    </>
  );
}
