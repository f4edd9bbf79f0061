import { Alert, Empty, Flex, Skeleton, Statistic } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../platform/components/Chart';
import { formatNumber } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { useQuestionStats } from '../api';
import type { AnswerFilters } from '../query';

const cut = (s: string, n = 24) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The share of right answers per question of the chosen questionnaire over the report's days (getExamQuestionStats):
 * the safety officer sees which question people get wrong. Bars sorted as the questionnaire orders its questions.
 */
export function QuestionStats({ qid, filters }: { qid: number | undefined; filters: AnswerFilters }) {
  const { t } = useTranslation();
  const lang = useLang();
  const stats = useQuestionStats(qid, filters, lang);
  const data = stats.data;
  const option = useMemo<EChartsCoreOption | null>(() => {
    if (!data || data.questions.length === 0) return null;
    const qs = data.questions;
    return {
      grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        formatter: (items: { dataIndex: number }[]) => {
          const q = qs[items[0]?.dataIndex ?? 0];
          return q
            ? `${q.question}<br/>${t('questionnaires.report.rateLine', { rate: Math.round(q.rate * 100), correct: q.correct, answered: q.answered })}`
            : '';
        },
      },
      xAxis: { type: 'category', data: qs.map((q, i) => `${i + 1}. ${cut(q.question)}`), axisLabel: { interval: 0, rotate: qs.length > 5 ? 30 : 0 } },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: [
        {
          type: 'bar',
          name: t('questionnaires.report.rate'),
          data: qs.map((q) => ({ value: Math.round(q.rate * 1000) / 10, itemStyle: { color: q.rate < 0.6 ? '#cf1322' : '#1677ff' } })),
          label: { show: true, position: 'top', formatter: '{c}%' },
        },
      ],
    };
  }, [data, t]);

  if (qid === undefined) return <Empty description={t('questionnaires.report.chooseForChart')} />;
  if (stats.isPending) return <Skeleton active />;
  if (stats.isError) return <Alert type="error" showIcon title={t('questionnaires.report.statsFailed')} />;
  return (
    <Flex vertical gap={12}>
      <Flex gap={32}>
        <Statistic title={t('questionnaires.report.papers')} value={data?.papers ?? 0} />
        <Statistic title={t('questionnaires.report.passedPapers')} value={data?.passed ?? 0} />
        <Statistic
          title={t('questionnaires.report.passRate')}
          value={data?.papers ? formatNumber((data.passed / data.papers) * 100, '—', { maximumFractionDigits: 1 }) : '—'}
          suffix={data?.papers ? '%' : undefined}
        />
      </Flex>
      {option ? (
        <Chart option={option} height={320} label={t('questionnaires.report.chartLabel')} />
      ) : (
        <Empty description={t('questionnaires.report.noStats')} />
      )}
    </Flex>
  );
}
