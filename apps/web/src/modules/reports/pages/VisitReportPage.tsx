import { DownloadOutlined } from '@ant-design/icons';
import {
  exportVisitReport,
  REPORT_GROUPINGS,
  REPORT_PERIOD_MAX_DAYS,
  type ReportFigures,
  type ReportGroup,
  type ReportGrouping,
  type Visit,
  visitTypeText,
} from '@openvisit/contract';
import { Alert, App, Button, Card, DatePicker, Empty, Flex, Segmented, Table, Tooltip, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { deptOptions } from '../../../core/people/public';
import { DEFAULT_VISIT_FILTERS, isFiltered, VisitFilterBar, type VisitFilters, VisitorCell } from '../../../core/visitList/public';
import { VisitStatusTag } from '../../../core/visits/public';
import { downloadFile } from '../../../platform/api';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatDate, formatDateTime, formatDuration, formatNumber } from '../../../platform/format';
import { currentLang, useLang } from '../../../platform/i18n';
import { FitTable, ListTable } from '../../../platform/list';
import { useReportDepartments, useVisitReport } from '../reportTableApi';
import { exportInput, paramsFromReportFilters, periodProblem, type ReportFilters, reportFiltersFromParams } from '../reportTableQuery';

const FIGURES = ['visits', 'people', 'signedIn', 'signedOut', 'onSite', 'avgStay'] as const;

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${formatNumber(bytes / 1024)} KB` : `${formatNumber(bytes / 1024 / 1024, '—', { maximumFractionDigits: 1 })} MB`;
}

/**
 * Visitors › visitor report: the visits of a period with every filter of the visitor list and a host department,
 * grouped by day, department, visit type or company (or listed), with a totals row; everything is in the URL and
 * "Export" downloads exactly what is shown, streamed.
 */
export function VisitReportPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const filters = reportFiltersFromParams(params);
  const problem = periodProblem(filters);
  const report = useVisitReport(filters, !problem);
  const departments = useReportDepartments();
  const [exported, setExported] = useState<number | null>(null);

  const apply = (patch: Partial<ReportFilters>) => {
    const next = { ...filters, ...patch };
    if (!('page' in patch)) next.page = 1;
    setParams(paramsFromReportFilters(next));
  };

  const exportReport = async () => {
    setExported(0);
    try {
      await downloadFile(exportVisitReport, exportInput(filters, currentLang()), { onProgress: setExported });
      message.success(t('reportTable.exported'));
    } finally {
      setExported(null);
    }
  };

  const number = (n: number | null) => formatNumber(n);
  const minutes = (n: number | null) => formatDuration(n);
  const figureCells = (f: ReportFigures) => [
    number(f.visits),
    number(f.people),
    number(f.signedIn),
    number(f.signedOut),
    number(f.onSite),
    minutes(f.avgStayMinutes),
  ];
  const groupLabel = (g: ReportGroup) => {
    if (filters.group === 'day') return formatDate(g.key);
    if (filters.group === 'visitType') return visitTypeText(g.label, lang) || t('reportTable.none.visitType');
    if (filters.group === 'department' || filters.group === 'company') return g.label || t(`reportTable.none.${filters.group}`);
    return g.label;
  };

  const data = report.data;
  const nothing = !data || data.totals.visits === 0 || !!problem;
  const filtered = isFiltered({ ...filters, from: undefined, to: undefined }) || !!filters.dept;
  const emptyText = t(filtered ? 'reportTable.emptyFiltered' : 'reportTable.empty');
  const empty = <Empty description={emptyText} />;
  const presets: { label: string; value: [Dayjs, Dayjs] }[] = [
    { label: t('reportTable.presets.today'), value: [dayjs(), dayjs()] },
    { label: t('reportTable.presets.last7'), value: [dayjs().subtract(6, 'day'), dayjs()] },
    { label: t('reportTable.presets.last30'), value: [dayjs().subtract(29, 'day'), dayjs()] },
    { label: t('reportTable.presets.thisMonth'), value: [dayjs().startOf('month'), dayjs()] },
  ];

  let table: ReactNode;
  if (filters.group === 'none') {
    table = (
      <ListTable<Visit>
        rowKey="vid"
        paging={{ values: filters, set: apply }}
        total={data?.page?.count ?? 0}
        pending={false}
        fetching={report.isFetching}
        dataSource={data?.page?.list ?? []}
        empty={emptyText}
        totalText={(n) => (data?.page?.countCapped ? t('visits.totalAtLeast', { total: formatNumber(n) }) : t('visits.total', { count: n }))}
        columns={[
          { title: t('visits.columns.visitor'), key: 'vname', kind: 'name', fixed: 'left', render: (_v, v) => <VisitorCell visit={v} /> },
          { title: t('visits.columns.company'), dataIndex: 'vcompany', kind: 'text' },
          { title: t('visits.columns.host'), dataIndex: 'empName', kind: 'name' },
          { title: t('visits.columns.status'), key: 'status', kind: 'tag', render: (_v, v) => <VisitStatusTag status={v.status} /> },
          { title: t('reportTable.columns.people'), dataIndex: 'peopleCount', kind: 'number', width: 72, align: 'right' },
          { title: t('visits.columns.signedIn'), key: 'in', kind: 'dateTime', render: (_v, v) => formatDateTime(v.visitdate) },
          { title: t('visits.columns.signedOut'), key: 'out', kind: 'dateTime', render: (_v, v) => formatDateTime(v.signOutDate) },
          {
            title: t('reportTable.columns.stay'),
            key: 'stay',
            kind: 'number',
            width: 104,
            align: 'right',
            render: (_v, v) => minutes(v.visitdate && v.signOutDate ? Math.round((v.signOutDate - v.visitdate) / 60_000) : null),
          },
        ]}
        summary={() =>
          data && data.totals.visits > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="report-totals">
                <Table.Summary.Cell index={0} colSpan={4}>
                  <Typography.Text strong>{t('reportTable.totalVisits', { count: data.totals.visits })}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {number(data.totals.people)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5}>{number(data.totals.signedIn)}</Table.Summary.Cell>
                <Table.Summary.Cell index={6}>{number(data.totals.signedOut)}</Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  {minutes(data.totals.avgStayMinutes)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    );
  } else {
    table = (
      <FitTable<ReportGroup>
        rowKey="key"
        size="middle"
        loading={report.isFetching}
        dataSource={data?.groupBy === filters.group ? data.groups : []}
        locale={{ emptyText: empty }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { title: t(`reportTable.groupings.${filters.group}`), key: 'label', kind: 'text', render: (_v, g) => groupLabel(g) },
          ...FIGURES.map((k, i) => ({
            title: t(`reportTable.columns.${k}`),
            key: k,
            kind: 'number' as const,
            width: 112,
            align: 'right' as const,
            render: (_v: unknown, g: ReportGroup) => figureCells(g)[i],
          })),
        ]}
        summary={() =>
          data && data.totals.visits > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="report-totals">
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('reportTable.total')}</Typography.Text>
                </Table.Summary.Cell>
                {figureCells(data.totals).map((v, i) => (
                  <Table.Summary.Cell key={FIGURES[i]} index={i + 1} align="right">
                    <Typography.Text strong>{v}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('reportTable.title')}
        actions={
          <Tooltip title={nothing ? t('reportTable.exportNothing') : undefined}>
            <Button
              icon={<DownloadOutlined />}
              loading={exported !== null}
              disabled={nothing}
              onClick={() => void exportReport()}
              data-testid="report-export"
            >
              {exported !== null ? t('reportTable.exporting', { size: sizeText(exported) }) : t('reportTable.export')}
            </Button>
          </Tooltip>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Flex wrap gap={8} align="center">
            <DatePicker.RangePicker
              aria-label={t('reportTable.period')}
              value={[dayjs(filters.from), dayjs(filters.to)]}
              allowClear={false}
              presets={presets}
              // The period's limit: days further than the limit from the first day chosen cannot be picked.
              disabledDate={(d, info) => !!info?.from && Math.abs(d.diff(info.from, 'day')) >= REPORT_PERIOD_MAX_DAYS}
              onChange={(r) => {
                if (r?.[0] && r[1]) apply({ from: r[0].format(DAY_FORMAT), to: r[1].format(DAY_FORMAT) });
              }}
            />
            {departments.data?.length ? (
              <TreeSelect<number>
                style={{ width: 200 }}
                aria-label={t('reportTable.department')}
                placeholder={t('reportTable.allDepartments')}
                allowClear
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeDefaultExpandAll
                treeData={deptOptions(departments.data)}
                value={filters.dept}
                onChange={(v) => apply({ dept: v || undefined })}
              />
            ) : null}
            <VisitFilterBar filters={filters} apply={(patch: Partial<VisitFilters>) => apply(patch)} />
            {filtered && (
              <Button
                type="link"
                onClick={() =>
                  setParams(paramsFromReportFilters({ ...DEFAULT_VISIT_FILTERS, from: filters.from, to: filters.to, group: filters.group }))
                }
              >
                {t('visits.filters.clear')}
              </Button>
            )}
          </Flex>
          <Flex wrap gap={8} align="center">
            <Typography.Text>{t('reportTable.groupBy')}</Typography.Text>
            <Segmented<ReportGrouping>
              aria-label={t('reportTable.groupBy')}
              value={filters.group}
              onChange={(group) => apply({ group })}
              options={REPORT_GROUPINGS.map((g) => ({ value: g, label: t(`reportTable.groupings.${g}`) }))}
            />
          </Flex>
          {problem ? <Alert type="error" showIcon title={t(`validation.${problem}`)} /> : table}
          <Typography.Text type="secondary">
            {t('reportTable.dayNote')}
            {filters.group === 'department' ? ` ${t('reportTable.departmentNote')}` : ''}
          </Typography.Text>
        </Flex>
      </Card>
    </>
  );
}
