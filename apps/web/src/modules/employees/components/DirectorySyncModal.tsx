import { SyncOutlined } from '@ant-design/icons';
import { type ContactChannel, type ContactSyncState, type SyncFailure, type SyncReport, type SyncStep, withColon } from '@openvisit/contract';
import { Alert, Button, Form, Modal, Space, Spin, Steps, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { planErrorDisplay } from '../../../platform/errorPolicy';
import { formatDateTime } from '../../../platform/format';
import { currentLang, i18n } from '../../../platform/i18n';
import { resolveMessage } from '../../../platform/notify';
import type { employeesEn } from '../locales/en';
import { canSyncDirectory, SYNC_STEPS, SYNC_TIMEOUT_MS, useAfterSync, useContactSync } from '../syncApi';
import { ClauseField } from './ClauseField';
import { AppDirectoryForm, DingTalkForm, RtxForm } from './DirectorySyncForms';

type ProblemKey = keyof typeof employeesEn.sync.problems;
const isProblemKey = (k: string): k is ProblemKey => i18n.exists(`employees.sync.problems.${k}`);

/** The text of an error for the step list: the display policy's words (zh catalogue / server reason), plus the server's detail. */
function errorText(err: unknown): { title: string; detail: string } {
  if (!(err instanceof ApiError)) return { title: String(err), detail: '' };
  const plan = planErrorDisplay(err, currentLang());
  const title = plan.kind === 'none' ? err.reason : resolveMessage(plan.text);
  return { title, detail: title === err.reason ? '' : err.reason };
}

interface Run {
  /** Index of the step running (or stopped at); 3 when all are done. */
  current: number;
  reports: SyncReport[];
  error: { title: string; detail: string } | null;
}

/** One line of counts for a step's report. */
function Counts({ report }: { report: SyncReport }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid={`sync-counts-${report.step}`}>
      {t('employees.sync.counts', report)}
      {report.vanishedCount ? ` · ${t('employees.sync.vanishedCount', { count: report.vanishedCount })}` : ''}
    </Typography.Text>
  );
}

/** What the reports could not sync, and who is no longer in the directory. */
function ReportDetails({ reports }: { reports: SyncReport[] }) {
  const { t } = useTranslation();
  const problem = (f: SyncFailure) => {
    const key = `${f.field}${f.rule.charAt(0).toUpperCase()}${f.rule.slice(1)}`;
    return isProblemKey(key) && key !== 'other'
      ? t(`employees.sync.problems.${key}`)
      : t('employees.sync.problems.other', { field: f.field, rule: f.rule });
  };
  const failures = reports.flatMap((r) => r.failures.map((f, i) => ({ ...f, step: r.step, key: `${r.step}-${i}` })));
  const failedTotal = reports.reduce((n, r) => n + r.failed, 0);
  const vanished = reports
    .filter((r) => r.step !== 'relations')
    .flatMap((r) => r.vanished.map((v) => ({ ...v, step: r.step, key: `${r.step}-${v.id}` })));
  return (
    <>
      {failures.length ? (
        <>
          <Typography.Title level={5}>{t('employees.sync.failures.title')}</Typography.Title>
          <Table
            size="small"
            rowKey="key"
            dataSource={failures}
            pagination={failures.length > 10 ? { pageSize: 10, size: 'small' } : false}
            data-testid="sync-failures"
            columns={[
              { key: 'step', title: t('employees.sync.failures.step'), render: (_: unknown, f) => t(`employees.sync.steps.${f.step}`) },
              { key: 'name', title: t('employees.sync.failures.name'), dataIndex: 'name' },
              { key: 'externalId', title: t('employees.sync.failures.externalId'), dataIndex: 'externalId' },
              { key: 'problem', title: t('employees.sync.failures.problem'), render: (_: unknown, f) => problem(f) },
            ]}
          />
          {failedTotal > failures.length ? (
            <Typography.Text type="secondary">{t('employees.sync.failures.more', { shown: failures.length, count: failedTotal })}</Typography.Text>
          ) : null}
        </>
      ) : null}
      {vanished.length ? (
        <>
          <Typography.Title level={5}>{t('employees.sync.vanished.title')}</Typography.Title>
          <Table
            size="small"
            rowKey="key"
            dataSource={vanished}
            pagination={vanished.length > 10 ? { pageSize: 10, size: 'small' } : false}
            columns={[
              { key: 'step', title: t('employees.sync.failures.step'), render: (_: unknown, v) => t(`employees.sync.steps.${v.step}`) },
              { key: 'name', title: t('employees.sync.failures.name'), dataIndex: 'name' },
              { key: 'externalId', title: t('employees.sync.failures.externalId'), dataIndex: 'externalId' },
              {
                key: 'stopped',
                title: t('employees.sync.failures.problem'),
                render: (_: unknown, v) => (v.stopped ? t('employees.sync.vanished.stopped') : t('employees.sync.vanished.kept')),
              },
            ]}
          />
        </>
      ) : null}
    </>
  );
}

/** The "Sync now" tab: runs the three steps in order, with each step's counts as it finishes. */
function RunPanel({ state }: { state: ContactSyncState }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ acceptClause?: boolean }>();
  const clause = useUserInfo().data?.escapeClause ?? '';
  const afterSync = useAfterSync();
  const [run, setRun] = useState<Run | null>(null);
  const channel = state.channel;
  const running = run !== null && run.current < SYNC_STEPS.length && run.error === null;

  const start = async () => {
    if (!channel) return;
    let acceptClause: boolean | undefined;
    if (clause.trim()) {
      try {
        acceptClause = (await form.validateFields()).acceptClause;
      } catch {
        return;
      }
    }
    const reports: SyncReport[] = [];
    setRun({ current: 0, reports, error: null });
    for (const [i, { step, call }] of SYNC_STEPS.entries()) {
      setRun({ current: i, reports: [...reports], error: null });
      try {
        const input = step === 'employees' && acceptClause ? { channel, acceptClause } : { channel };
        reports.push(await api[call](input, { timeoutMs: SYNC_TIMEOUT_MS, silent: true }));
      } catch (err) {
        setRun({ current: i, reports: [...reports], error: errorText(err) });
        await afterSync();
        return;
      }
    }
    setRun({ current: SYNC_STEPS.length, reports, error: null });
    await afterSync();
  };

  if (!channel) return <Alert type="info" showIcon title={t('employees.sync.notConnected')} />;
  const channelName = t(`employees.sync.channels.${channel}`);
  const last = [state.last.departments, state.last.employees, state.last.relations].filter((r): r is SyncReport => r !== null);
  const shown = run ? run.reports : last;
  const failed = shown.reduce((n, r) => n + r.failed, 0);
  const stepStatus = (i: number): 'wait' | 'process' | 'finish' | 'error' => {
    if (!run) return 'wait';
    if (i < run.current) return 'finish';
    if (i === run.current) return run.error ? 'error' : running ? 'process' : 'finish';
    return 'wait';
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('employees.sync.run.intro', { channel: channelName })}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <ClauseField clause={clause} />
      </Form>
      <Button type="primary" onClick={() => void start()} loading={running} data-testid="sync-start">
        {running ? t('employees.sync.run.running') : t('employees.sync.run.start')}
      </Button>
      {run ? (
        <Steps
          orientation="vertical"
          size="small"
          current={Math.min(run.current, SYNC_STEPS.length - 1)}
          items={SYNC_STEPS.map(({ step }, i) => {
            const report = run.reports[i];
            return {
              title: t(`employees.sync.steps.${step}`),
              status: stepStatus(i),
              content: report ? (
                <Counts report={report} />
              ) : run.error && i === run.current ? (
                <Typography.Text type="danger">{run.error.title}</Typography.Text>
              ) : null,
            };
          })}
        />
      ) : null}
      {run && !running ? (
        run.error ? (
          <Alert
            type="error"
            showIcon
            title={t('employees.sync.run.stopped', { step: t(`employees.sync.steps.${SYNC_STEPS[run.current]?.step ?? 'departments'}`) })}
            description={[run.error.title, run.error.detail].filter(Boolean).join(' — ')}
            data-testid="sync-error"
          />
        ) : (
          <Alert
            type={failed ? 'warning' : 'success'}
            showIcon
            title={failed ? t('employees.sync.run.doneWithProblems', { count: failed }) : t('employees.sync.run.done')}
            data-testid="sync-done"
          />
        )
      ) : null}
      {!run && last.length ? <LastRun state={state} reports={last} /> : null}
      {!run && state.last.error ? (
        <Alert
          type="error"
          showIcon
          title={t('employees.sync.run.lastError', { time: formatDateTime(state.last.error.at) })}
          description={state.last.error.reason}
        />
      ) : null}
      <ReportDetails reports={shown} />
    </Space>
  );
}

function LastRun({ state, reports }: { state: ContactSyncState; reports: SyncReport[] }) {
  const { t } = useTranslation();
  const latest = reports.reduce((a, r) => (r.finishedAt > a.finishedAt ? r : a));
  return (
    <div>
      <Typography.Text strong>
        {t(latest.auto ? 'employees.sync.run.lastAuto' : 'employees.sync.run.last', { time: formatDateTime(latest.finishedAt) })}
      </Typography.Text>
      {(['departments', 'employees', 'relations'] as const satisfies readonly SyncStep[]).map((step) => {
        const r = state.last[step];
        return r ? (
          <div key={step}>
            <Typography.Text>{withColon(t(`employees.sync.steps.${step}`))}</Typography.Text>
            <Counts report={r} />
          </div>
        ) : null;
      })}
    </div>
  );
}

/** The connected channel and its automatic sync, above the tabs. */
function ChannelLine({ state }: { state: ContactSyncState }) {
  const { t } = useTranslation();
  if (!state.channel) return <Typography.Text type="secondary">{t('employees.sync.notConnected')}</Typography.Text>;
  return (
    <Space wrap>
      <span data-testid="sync-channel">
        {t('employees.sync.connected')}
        <Tag color="blue">{t(`employees.sync.channels.${state.channel}`)}</Tag>
      </span>
      <Typography.Text type="secondary">
        {state.nextAutoSync ? t('employees.sync.autoOn', { time: formatDateTime(state.nextAutoSync) }) : t('employees.sync.autoOff')}
      </Typography.Text>
    </Space>
  );
}

/**
 * Employees › Directory sync: the connected directory (DingTalk, RTX, or the Feishu or WeCom work app), its settings, and a sync run with
 * each step's counts and the records that could not be synced. Refreshes the list and the tree afterwards.
 */
export function DirectorySyncModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useContactSync(open);
  const [tab, setTab] = useState<'run' | ContactChannel>();
  const data = state.data;
  const activeTab = tab ?? (data?.channel ? 'run' : (data?.channel ?? 'dingtalk'));
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('employees.sync.title')}
      width={820}
      footer={<Button onClick={onClose}>{t('employees.sync.close')}</Button>}
      destroyOnHidden
    >
      {!data ? (
        <Spin />
      ) : (
        <>
          <ChannelLine state={data} />
          <Tabs
            activeKey={activeTab}
            onChange={(k) => setTab(k as 'run' | ContactChannel)}
            items={[
              { key: 'run', label: t('employees.sync.tabs.run'), children: <RunPanel state={data} /> },
              {
                key: 'dingtalk',
                label: t('employees.sync.tabs.dingtalk'),
                children: <DingTalkForm key={JSON.stringify(data.dingtalk)} state={data} />,
              },
              { key: 'rtx', label: t('employees.sync.tabs.rtx'), children: <RtxForm key={JSON.stringify(data.rtx)} state={data} /> },
              ...(['feishu', 'wecom'] as const).map((c) => ({
                key: c,
                label: t(`employees.sync.tabs.${c}`),
                children: <AppDirectoryForm key={JSON.stringify(data.apps[c])} state={data} channel={c} />,
              })),
            ]}
          />
        </>
      )}
    </Modal>
  );
}

/** The toolbar button of the employee list: opens the directory sync; shown to administrators only. */
export function DirectorySyncButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!canSyncDirectory()) return null;
  return (
    <>
      <Button icon={<SyncOutlined />} onClick={() => setOpen(true)} data-testid="directory-sync">
        {t('employees.sync.button')}
      </Button>
      <DirectorySyncModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
