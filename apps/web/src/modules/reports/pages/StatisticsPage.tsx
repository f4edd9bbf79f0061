import { PrinterOutlined } from '@ant-design/icons';
import { VISIT_KINDS } from '@openvisit/contract';
import { Alert, Button, Card, Col, DatePicker, Empty, Flex, Row, Segmented, Skeleton, Statistic } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePeopleCounting } from '../../../core/visits/public';
import { isApiError } from '../../../platform/apiError';
import { Chart } from '../../../platform/components/Chart';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatDayMonth, formatNumber } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { ruleMessage } from '../../../platform/validationText';
import { useDeptChart, useLineChart, useVisitStatistics } from '../api';
import { PRESETS, type Preset, periodFromParams, periodRule } from '../period';

// A4 landscape: the shell's navigation is left out by styles.css, the period's controls here; the cards kept whole.
const PRINT_CSS = `@media print {
  @page { size: A4 landscape; margin: 10mm; }
  .stats-no-print { display: none !important; }
  .stats-page .ant-card { break-inside: avoid; }
  .stats-chart { width: 100% !important; }
}`;

/** Visitors › statistics (spec section 2, the visitor section's index): the report center's first screen. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const period = periodFromParams(params);
  const rule = periodRule(period.startDate, period.endDate);
  const input = rule ? null : { startDate: period.startDate, endDate: period.endDate };
  const stats = useVisitStatistics(input);
  const line = useLineChart(input);
  const depts = useDeptChart(input);
  const onSite = usePeopleCounting();
  const [chartKind, setChartKind] = useState<'line' | 'bar'>('bar');

  const num = (n: number) => formatNumber(n);
  const serverRule = [stats.error, line.error, depts.error].map((e) => (isApiError(e) ? e.fieldErrors[0]?.rule : undefined)).find(Boolean);
  const failure = rule ?? serverRule;

  const choose = (preset: Preset) =>
    setParams(preset === 'custom' ? { period: 'custom', from: period.startDate, to: period.endDate } : { period: preset });
  const header = (
    <Flex gap={8} wrap className="stats-no-print">
      <Segmented<Preset>
        value={period.preset}
        onChange={choose}
        options={[...PRESETS, 'custom' as const].map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
      />
      <DatePicker.RangePicker
        allowClear={false}
        value={
          dayjs(period.startDate, DAY_FORMAT, true).isValid() && dayjs(period.endDate, DAY_FORMAT, true).isValid()
            ? [dayjs(period.startDate), dayjs(period.endDate)]
            : null
        }
        onChange={(v) => {
          if (v?.[0] && v[1]) setParams({ period: 'custom', from: v[0].format(DAY_FORMAT), to: v[1].format(DAY_FORMAT) });
        }}
      />
      <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
        {t('reports.print')}
      </Button>
    </Flex>
  );

  const s = stats.data;
  const loading = !failure && (stats.isPending || line.isPending || depts.isPending);
  const kindName = (k: (typeof VISIT_KINDS)[number]) => t(`visits.kinds.${k}`);
  const axisDay = (d: string) => formatDayMonth(d);
  const tooltip = { trigger: 'axis', valueFormatter: (v: unknown) => num(Number(v)) };

  const perDay: EChartsCoreOption = {
    tooltip,
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: (line.data ?? []).map((d) => axisDay(d.date)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: VISIT_KINDS.map((k) => ({
      name: kindName(k),
      type: chartKind,
      stack: 'visits',
      ...(chartKind === 'line' ? { areaStyle: {}, smooth: true } : {}),
      data: (line.data ?? []).map((d) => d.byKind[k] ?? 0),
    })),
  };
  const byHour: EChartsCoreOption = {
    tooltip,
    grid: { left: 40, right: 16, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, h) => t('reports.charts.hour', { hour: h })) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: t('reports.charts.visits'), type: 'bar', data: s?.byHour ?? [] }],
  };
  const horizontal = (rows: { name: string; count: number }[]): EChartsCoreOption => ({
    tooltip,
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.name) },
    series: [{ name: t('reports.charts.visits'), type: 'bar', data: rows.map((r) => r.count), label: { show: true, position: 'right' } }],
  });
  const visitTypeName = (stored: string) => {
    const [zh = '', en = ''] = stored.split('#');
    return (lang === 'en' ? en || zh : zh || en).trim();
  };

  const kpis = [
    { key: 'onSite', title: t('reports.kpi.onSite'), value: onSite.data ? num(onSite.data.onSite) : '', loading: onSite.isPending },
    { key: 'visits', title: t('reports.kpi.visits'), value: s ? num(s.total) : '', loading },
    {
      key: 'stay',
      title: t('reports.kpi.averageStay'),
      value: s?.averageStayMinutes != null ? t('reports.kpi.averageStayValue', { minutes: num(Math.round(s.averageStayMinutes)) }) : '—',
      extra: s ? (s.stays ? t('reports.kpi.averageStayOver', { count: s.stays }) : t('reports.kpi.averageStayNone')) : '',
      loading,
    },
    {
      key: 'noShows',
      title: t('reports.kpi.noShows'),
      value: s ? num(s.noShows) : '',
      extra: s ? t('reports.kpi.noShowsOf', { count: s.invitations }) : '',
      loading,
    },
  ];

  return (
    <div className="stats-page">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t('reports.title')}
        actions={header}
        extra={
          <div className="app-print-only" data-testid="stats-print-period">
            {t('reports.printPeriod', { from: period.startDate, to: period.endDate })}
          </div>
        }
      />
      {failure ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={ruleMessage(t, failure)} /> : null}
      <Row gutter={[16, 16]}>
        {kpis.map((k) => (
          <Col key={k.key} xs={24} sm={12} lg={6}>
            <Card size="small" data-testid={`kpi-${k.key}`}>
              <Skeleton loading={k.loading} active paragraph={{ rows: 1 }}>
                <Statistic title={k.title} value={k.value} />
                {k.extra ? <div style={{ color: 'rgba(0,0,0,0.6)' }}>{k.extra}</div> : null}
              </Skeleton>
            </Card>
          </Col>
        ))}
      </Row>
      {failure ? null : loading ? (
        <Skeleton active style={{ marginTop: 16 }} paragraph={{ rows: 8 }} />
      ) : !s?.total ? (
        <Card style={{ marginTop: 16 }}>
          <Empty description={t('reports.empty')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col span={24}>
            <Card
              size="small"
              title={t('reports.charts.perDay')}
              extra={
                <Segmented
                  className="stats-no-print"
                  size="small"
                  value={chartKind}
                  onChange={(v) => setChartKind(v as 'line' | 'bar')}
                  options={[
                    { value: 'bar', label: t('reports.charts.bar') },
                    { value: 'line', label: t('reports.charts.line') },
                  ]}
                />
              }
            >
              <Chart label={t('reports.charts.perDay')} option={perDay} />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('reports.charts.byHour')}>
              <Chart label={t('reports.charts.byHour')} option={byHour} height={260} />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('reports.charts.byDept')}>
              <Chart
                label={t('reports.charts.byDept')}
                height={260}
                option={horizontal(
                  (depts.data ?? []).slice(0, 10).map((d) => ({ name: d.deptid === null ? t('reports.charts.noDept') : d.deptName, count: d.count })),
                )}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('reports.charts.topTypes')}>
              {s.topTypes.length ? (
                <Chart
                  label={t('reports.charts.topTypes')}
                  height={260}
                  option={horizontal(s.topTypes.map((r) => ({ ...r, name: visitTypeName(r.name) })))}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.charts.noneGiven')} />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('reports.charts.topReasons')}>
              {s.topReasons.length ? (
                <Chart label={t('reports.charts.topReasons')} height={260} option={horizontal(s.topReasons)} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.charts.noneGiven')} />
              )}
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
