import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { type AnswerPaper, exportAnswerList, PAPER_STATES, type PaperState } from '@openvisit/contract';
import { Button, Card, DatePicker, Flex, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatDateTime } from '../../../platform/format';
import { currentLang } from '../../../platform/i18n';
import { CellText, type ListColumn, ListSearch, ListTable, useListExport, useListPage, useListQuery } from '../../../platform/list';
import { useAnswerPapers, useEveryQuestionnaire } from '../api';
import { PaperStateTag, scoreText } from '../components/PaperBits';
import { PaperDrawer } from '../components/PaperDrawer';
import { QuestionStats } from '../components/QuestionStats';
import { type AnswerFilters, answerFilters, answerParams } from '../query';

const ALL = 'all';
const CLEAR: Partial<AnswerFilters> = { from: undefined, to: undefined, qid: undefined, name: '', phone: '', state: undefined };

/**
 * Report center › answer report: every induction paper (who, which questionnaire and version, when, the score, the
 * state) with its answers in a drawer, the filters in the URL, the export of exactly what is listed, and the pass rate
 * per question of the chosen questionnaire.
 */
export function AnswerReportPage() {
  const { t } = useTranslation();
  const query = useListQuery(answerParams);
  const f = query.values;
  const page = useAnswerPapers(f);
  const table = useListPage(query, page);
  const bank = useEveryQuestionnaire();
  const [pid, setPid] = useState<number | null>(null);
  const { exporting, run: runExport } = useListExport();

  const exportList = () => runExport(exportAnswerList, { ...answerFilters(f), lang: currentLang() }, t('questionnaires.report.exported'));

  return (
    <>
      <PageHeader
        title={t('questionnaires.report.title')}
        extra={<Typography.Text type="secondary">{t('questionnaires.report.intro')}</Typography.Text>}
        actions={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="answers-export">
            {t('questionnaires.report.export')}
          </Button>
        }
      />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Flex gap={8} wrap style={{ marginBottom: 16 }} role="search" aria-label={t('questionnaires.report.filters')}>
            <DatePicker.RangePicker
              aria-label={t('questionnaires.report.days')}
              allowEmpty={[true, true]}
              value={[f.from ? dayjs(f.from, DAY_FORMAT) : null, f.to ? dayjs(f.to, DAY_FORMAT) : null]}
              onChange={(r) => query.set({ from: r?.[0]?.format(DAY_FORMAT), to: r?.[1]?.format(DAY_FORMAT) })}
              placeholder={[t('questionnaires.report.from'), t('questionnaires.report.to')]}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            />
            <Select<number | typeof ALL>
              aria-label={t('questionnaires.report.questionnaire')}
              style={{ minWidth: 200 }}
              popupMatchSelectWidth={false}
              loading={bank.isPending}
              value={f.qid ?? ALL}
              onChange={(v) => query.set({ qid: v === ALL ? undefined : v })}
              options={[
                { value: ALL, label: t('questionnaires.report.allQuestionnaires') },
                ...(bank.data?.list ?? []).map((q) => ({ value: q.qid, label: q.title })),
              ]}
              data-testid="answers-questionnaire"
            />
            <ListSearch label={t('questionnaires.report.visitor')} value={f.name} width={160} onSearch={(name) => query.set({ name })} />
            <ListSearch
              label={t('questionnaires.report.phone')}
              value={f.phone}
              maxLength={32}
              width={160}
              onSearch={(phone) => query.set({ phone })}
            />
            <Select<PaperState | typeof ALL>
              aria-label={t('questionnaires.report.state')}
              style={{ minWidth: 130 }}
              value={f.state ?? ALL}
              onChange={(v) => query.set({ state: v === ALL ? undefined : v })}
              options={[
                { value: ALL, label: t('questionnaires.report.allStates') },
                ...PAPER_STATES.map((s) => ({ value: s, label: t(`questionnaires.states.${s}`) })),
              ]}
            />
            {query.filtered ? (
              <Button type="link" onClick={() => query.set(CLEAR)}>
                {t('questionnaires.clearFilters')}
              </Button>
            ) : null}
          </Flex>
          <ListTable<AnswerPaper>
            rowKey="pid"
            {...table.props}
            totalText={(n) => t('questionnaires.report.total', { count: n })}
            empty={query.filtered ? t('questionnaires.report.emptyFiltered') : t('questionnaires.report.empty')}
            emptyAction={query.filtered ? <Button onClick={() => query.set(CLEAR)}>{t('questionnaires.clearFilters')}</Button> : null}
            columns={paperColumns(t, setPid)}
          />
        </Card>
        <Card title={t('questionnaires.report.chartTitle')}>
          <QuestionStats qid={f.qid} filters={f} />
        </Card>
      </Space>
      <PaperDrawer pid={pid} onClose={() => setPid(null)} />
    </>
  );
}

function paperColumns(t: TFunction, view: (pid: number) => void): ListColumn<AnswerPaper>[] {
  return [
    { key: 'name', title: t('questionnaires.report.visitor'), dataIndex: 'name', kind: 'name', render: (v: string) => v || '—' },
    { key: 'phone', title: t('questionnaires.report.phone'), kind: 'phone', render: (_: unknown, p) => p.phone || p.email || '—' },
    {
      key: 'title',
      title: t('questionnaires.report.questionnaire'),
      kind: 'text',
      render: (_: unknown, p) => <CellText>{`${p.title} · v${p.version}`}</CellText>,
    },
    {
      key: 'start',
      title: t('questionnaires.report.started'),
      dataIndex: 'startTime',
      kind: 'dateTime',
      render: (ms: number) => formatDateTime(ms),
    },
    {
      key: 'submit',
      title: t('questionnaires.report.submitted'),
      dataIndex: 'submitTime',
      kind: 'dateTime',
      render: (ms: number | null) => formatDateTime(ms),
    },
    {
      key: 'score',
      title: t('questionnaires.report.score'),
      kind: 'number',
      width: 96,
      render: (_: unknown, p) => scoreText(p.totalScore, p.fullScore),
    },
    {
      key: 'state',
      title: t('questionnaires.report.state'),
      dataIndex: 'state',
      kind: 'tag',
      width: 96,
      render: (s: PaperState) => <PaperStateTag state={s} />,
    },
    {
      key: 'actions',
      title: t('questionnaires.actions'),
      kind: 'actions',
      width: 80,
      render: (_: unknown, p) => (
        <Button type="text" icon={<EyeOutlined />} onClick={() => view(p.pid)} aria-label={`${t('questionnaires.report.view')} ${p.name}`} />
      ),
    },
  ];
}
