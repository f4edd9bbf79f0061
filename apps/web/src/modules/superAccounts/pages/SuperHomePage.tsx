import { DesktopOutlined } from '@ant-design/icons';
import { dayNumber, REPORT_PERIOD_MAX_DAYS, type SuperCompanyFigures } from '@openvisit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Empty, Flex, Row, Segmented, Skeleton, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../platform/apiError';
import { Chart } from '../../../platform/components/Chart';
import { PageHeader } from '../../../platform/components/PageHeader';
import { resetSessionQueries } from '../../../platform/config';
import { DAY_FORMAT, formatDayMonth, formatNumber } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { getSession } from '../../../platform/session';
import { ruleMessage } from '../../../platform/validationText';
import { useEnterCompany, useSuperFigures } from '../api';
import { startReadOnly } from '../readOnlySession';

const PRESETS = { today: 1, days7: 7, days30: 30 } as const;
type Preset = keyof typeof PRESETS | 'custom';

/** The period chosen: a preset of days up to today, or a custom range. */
function periodOf(preset: Preset, custom: [string, string]): { startDate: string; endDate: string } {
  if (preset === 'custom') return { startDate: custom[0], endDate: custom[1] };
  const now = dayjs();
  return { startDate: now.subtract(PRESETS[preset] - 1, 'day').format(DAY_FORMAT), endDate: now.format(DAY_FORMAT) };
}

/** The contract's period rule a range breaks, checked before asking the server. */
function periodRule(startDate: string, endDate: string): 'format' | 'beforeStart' | 'periodTooLong' | null {
  const [s, e] = [dayNumber(startDate), dayNumber(endDate)];
  if (s === null || e === null) return 'format';
  if (e < s) return 'beforeStart';
  return e - s + 1 > REPORT_PERIOD_MAX_DAYS ? 'periodTooLong' : null;
}

/**
 * The super (headquarters) account's home: each related company's visits today and on site now, the visits per day of
 * a period per company in one chart, and a read-only look into each company's console (docs/modules/superAccounts.md).
 */
export function SuperHomePage() {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<Preset>('days7');
  const [custom, setCustom] = useState<[string, string]>(() => {
    const p = periodOf('days7', ['', '']);
    return [p.startDate, p.endDate];
  });
  const period = periodOf(preset, custom);
  const rule = periodRule(period.startDate, period.endDate);
  const figures = useSuperFigures(rule ? null : period);
  const serverRule = isApiError(figures.error) ? figures.error.fieldErrors[0]?.rule : undefined;
  const failure = rule ?? serverRule;
  const { project, loginAccount } = getSession();
  const list = figures.data?.list ?? [];

  const controls = (
    <Flex gap={8} wrap>
      <Segmented<Preset>
        value={preset}
        onChange={setPreset}
        options={(['today', 'days7', 'days30', 'custom'] as const).map((p) => ({ value: p, label: t(`superAccounts.periods.${p}`) }))}
      />
      <DatePicker.RangePicker
        allowClear={false}
        aria-label={t('superAccounts.period')}
        value={[dayjs(period.startDate), dayjs(period.endDate)]}
        onChange={(v) => {
          if (!v?.[0] || !v[1]) return;
          setCustom([v[0].format(DAY_FORMAT), v[1].format(DAY_FORMAT)]);
          setPreset('custom');
        }}
      />
    </Flex>
  );

  return (
    <>
      <PageHeader title={t('superAccounts.home.title')} actions={controls} />
      <Typography.Paragraph data-testid="greeting">
        {t('superAccounts.home.greeting', { name: project?.username ?? loginAccount ?? '' })}
      </Typography.Paragraph>
      {failure ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={ruleMessage(t, failure)} /> : null}
      {failure ? null : figures.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.length === 0 ? (
        <Card>
          <Empty description={t('superAccounts.home.empty')} />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {list.map((c) => (
              <Col key={c.userid} xs={24} md={12} xl={8}>
                <CompanyCard company={c} />
              </Col>
            ))}
          </Row>
          <PerDayChart list={list} />
        </>
      )}
    </>
  );
}

function CompanyCard({ company: c }: { company: SuperCompanyFigures }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enter = useEnterCompany();
  const open = () =>
    enter.mutate(c.userid, {
      onSuccess: (entered) => {
        startReadOnly(entered);
        resetSessionQueries(queryClient);
        navigate('/', { replace: false });
      },
    });
  return (
    <Card
      size="small"
      title={c.company}
      data-testid={`company-${c.userid}`}
      extra={
        <Button size="small" icon={<DesktopOutlined />} loading={enter.isPending} onClick={open} data-testid={`open-${c.userid}`}>
          {t('superAccounts.home.open')}
        </Button>
      }
    >
      <Row gutter={8}>
        <Col span={8}>
          <Statistic title={t('superAccounts.home.today')} value={formatNumber(c.today)} data-testid="today" />
        </Col>
        <Col span={8}>
          <Statistic title={t('superAccounts.home.onSite')} value={formatNumber(c.onSite)} data-testid="onSite" />
        </Col>
        <Col span={8}>
          <Statistic title={t('superAccounts.home.total')} value={formatNumber(c.total)} data-testid="total" />
        </Col>
      </Row>
    </Card>
  );
}

function PerDayChart({ list }: { list: SuperCompanyFigures[] }) {
  const { t } = useTranslation();
  // Re-rendered in the language shown: the axis names its days in it.
  useLang();
  const days = list[0]?.days ?? [];
  const option: EChartsCoreOption = {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => formatNumber(Number(v)) },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => formatDayMonth(d.date)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: list.map((c) => ({ name: c.company, type: days.length > 1 ? 'line' : 'bar', data: c.days.map((d) => d.count) })),
  };
  const any = list.some((c) => c.total > 0);
  return (
    <Card size="small" title={t('superAccounts.home.perDay')} style={{ marginTop: 16 }}>
      {any ? <Chart label={t('superAccounts.home.perDay')} option={option} /> : <Empty description={t('superAccounts.home.noVisits')} />}
    </Card>
  );
}
