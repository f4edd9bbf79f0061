import { PROCESS_REMARK_MAX, type ProcessRecord, Status } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Form, Input, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { formatDateTime, formatDuration } from '../../../platform/format';
import { useAdoptedLanguage } from '../../../platform/i18n';
import { ApprovalStatusTag } from '../components/ApprovalStatusTag';

/** Statuses this page words itself: a forged or expired link, a visit removed, a step already decided. */
const SILENT: readonly number[] = [Status.APPROVAL_LINK_INVALID, Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED, Status.NO_PERMISSION];
const STAND_IN_WHY = ['leave', 'proxy', 'superior'] as const;

/** getApprovalByLink's answer (the contract's approvalByLink). */
type ApprovalByLink = { record: ProcessRecord; approver: string; company: string; open: boolean };

const statusOf = (err: unknown) => (err instanceof ApiError && !err.isTransport ? err.status : null);

/** "Role: Security", "Host's manager": the seat as the policy names it (the queue's words, without its table cells). */
function useWhy() {
  const { t } = useTranslation();
  return (why: ProcessRecord['why']) => {
    const label = t(`approvals.approver.${why.kind}`, { defaultValue: why.kind });
    return why.name ? `${label}: ${why.name}` : label;
  };
}

/**
 * /approval/:token — an approval mail's link: the approver reads the request (visit, why it is theirs, the step's
 * quorum and others, time left) and approves or refuses without signing in. The link works once; afterwards, or when
 * someone else's decision closed the step, the page shows what was decided.
 */
export function ApprovalLinkPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const qc = useQueryClient();
  const key = ['approvalLink', token];
  const page = useQuery({
    queryKey: key,
    queryFn: () => api.getApprovalByLink({ token }, { silent: SILENT }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [decided, setDecided] = useState<'approve' | 'refuse' | null>(null);
  const [late, setLate] = useState(false);
  const decide = useMutation({
    mutationFn: (body: { result: 'approve' | 'refuse'; remark: string; fields: Record<string, string> }) =>
      api.decideApprovalByLink({ token, ...body }, { silent: SILENT }),
    onSuccess: (next, body) => {
      qc.setQueryData(key, next);
      setDecided(body.result);
    },
    onError: (err) => {
      if (statusOf(err) === Status.UPDATE_NOT_ALLOWED) setLate(true);
    },
  });
  // The page speaks the mail's language (the company's), unless the reader picked one on this browser.
  useAdoptedLanguage(page.data?.lang);
  const failed = statusOf(page.error) ?? statusOf(decide.error);

  if (page.isPending) return <Result icon={<Spin size="large" />} title={t('approvals.link.loading')} />;
  if (failed === Status.APPROVAL_LINK_INVALID || failed === Status.BAD_PARAMS || failed === Status.NO_PERMISSION)
    return (
      <Result
        status="warning"
        title={t('approvals.link.invalidTitle')}
        subTitle={t('approvals.link.invalidText')}
        extra={
          <Link to="/signin" data-testid="approval-signin">
            {t('approvals.link.signIn')}
          </Link>
        }
      />
    );
  if (failed === Status.NO_SUCH_RECORD) return <Result status="info" title={t('approvals.link.goneTitle')} />;
  if (!page.data)
    return <Result status="error" title={t('http.linkError')} extra={<Button onClick={() => void page.refetch()}>{t('common.retry')}</Button>} />;
  return (
    <ApprovalLinkView
      data={page.data}
      decided={decided}
      late={late}
      busy={decide.isPending}
      error={decide.error}
      onDecide={(body) => decide.mutate(body)}
    />
  );
}

function ApprovalLinkView({
  data,
  decided,
  late,
  busy,
  error,
  onDecide,
}: {
  data: ApprovalByLink;
  decided: 'approve' | 'refuse' | null;
  late: boolean;
  busy: boolean;
  error: unknown;
  onDecide: (body: { result: 'approve' | 'refuse'; remark: string; fields: Record<string, string> }) => void;
}) {
  const { t } = useTranslation();
  const r = data.record;
  return (
    <Flex vertical gap={16} data-testid="approval-link">
      <div>
        <h3 style={{ marginTop: 0 }}>{t('approvals.link.heading', { company: data.company })}</h3>
        <p style={{ margin: 0 }}>{t(data.open ? 'approvals.link.greeting' : 'approvals.link.sentTo', { name: data.approver })}</p>
      </div>
      <VisitDetails r={r} />
      <StepDetails r={r} />
      {decided ? (
        <Alert
          type="success"
          showIcon
          title={t(decided === 'approve' ? 'approvals.link.youApproved' : 'approvals.link.youRefused')}
          data-testid="approval-outcome"
        />
      ) : null}
      {late ? <Alert type="warning" showIcon title={t('approvals.link.alreadyDecided')} description={t('approvals.decide.alreadyDecided')} /> : null}
      {data.open && !late ? <DecideForm r={r} busy={busy} error={error} onDecide={onDecide} /> : <Outcome r={r} />}
    </Flex>
  );
}

function VisitDetails({ r }: { r: ProcessRecord }) {
  const { t } = useTranslation();
  const item = (label: 'visitor' | 'company' | 'host' | 'time' | 'gate' | 'type' | 'reason', value: string) =>
    value ? <Descriptions.Item label={t(`approvals.link.${label}`)}>{value}</Descriptions.Item> : null;
  return (
    <Descriptions column={1} size="small" bordered data-testid="approval-visit">
      {item('visitor', r.vname)}
      {item('company', r.vcompany)}
      {item('host', r.empName)}
      {item('time', r.appointmentDate === null ? '' : formatDateTime(r.appointmentDate))}
      {item('gate', r.gname)}
      {item('type', r.visitType)}
      {item('reason', r.visitReason)}
    </Descriptions>
  );
}

/** Why it is the approver's, the step's quorum and its other seats, and the time left. */
function StepDetails({ r }: { r: ProcessRecord }) {
  const { t } = useTranslation();
  const why = useWhy();
  const standIn = STAND_IN_WHY.find((w) => w === r.standInWhy);
  const q = r.quorum;
  const quorum = q.mode === 'count' ? t('approvals.quorum.countOf', { count: q.count, seats: q.seats }) : t(`approvals.quorum.${q.mode}`);
  const minutes = r.dueAt === null ? null : Math.floor((r.dueAt - Date.now()) / 60_000);
  return (
    <Descriptions column={1} size="small" bordered data-testid="approval-step">
      <Descriptions.Item label={t('approvals.queue.columns.why')}>
        {why(r.why)}
        {r.standInFor
          ? ` · ${t('approvals.queue.standingIn', { name: r.standInFor })}${standIn ? ` (${t(`approvals.queue.standInWhy.${standIn}`)})` : ''}`
          : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('approvals.queue.columns.level')}>
        {t('approvals.queue.levelOf', { level: r.level, levels: r.levels })}
        {q.seats > 1 ? ` · ${t('approvals.queue.quorum', { quorum })}` : null}
      </Descriptions.Item>
      {r.others.length ? (
        <Descriptions.Item label={t('approvals.link.others')}>
          <Flex vertical gap={4}>
            {r.others.map((o, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the step's seats in their order
              <Flex key={i} gap={6} align="center" wrap data-testid="approval-other">
                <span>{o.approver || why(o.why)}</span>
                <ApprovalStatusTag status={o.status} />
              </Flex>
            ))}
          </Flex>
        </Descriptions.Item>
      ) : null}
      {minutes !== null && r.dueAt !== null && r.status === 'pending' ? (
        <Descriptions.Item label={t('approvals.queue.columns.deadline')}>
          <span style={{ color: minutes < 60 ? '#cf1322' : undefined }} title={formatDateTime(r.dueAt)} data-testid="approval-deadline">
            {minutes < 0 ? t('approvals.queue.overdue') : t('approvals.queue.left', { duration: formatDuration(Math.max(minutes, 1)) })}
          </span>
          {r.deadlineAction ? ` · ${t('approvals.queue.afterwards', { action: t(`approvals.deadlineAction.${r.deadlineAction}`) })}` : null}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** What was decided at this seat: status, by whom and when, the reason. */
function Outcome({ r }: { r: ProcessRecord }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered title={t('approvals.link.decision')} data-testid="approval-decision">
      <Descriptions.Item label={t('approvals.queue.columns.status')}>
        <ApprovalStatusTag status={r.status} />
      </Descriptions.Item>
      {r.approver ? <Descriptions.Item label={t('approvals.queue.columns.approver')}>{r.approver}</Descriptions.Item> : null}
      {r.approveTime !== null ? <Descriptions.Item label={t('approvals.link.decidedAt')}>{formatDateTime(r.approveTime)}</Descriptions.Item> : null}
      {r.remark ? <Descriptions.Item label={t('approvals.queue.columns.remark')}>{r.remark}</Descriptions.Item> : null}
    </Descriptions>
  );
}

type Problems = Readonly<Record<string, string>>;

/** The step's fields (required ones to approve) and the reason (to refuse, and to approve when the step asks one). */
function DecideForm({
  r,
  busy,
  error,
  onDecide,
}: {
  r: ProcessRecord;
  busy: boolean;
  error: unknown;
  onDecide: (body: { result: 'approve' | 'refuse'; remark: string; fields: Record<string, string> }) => void;
}) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const [fields, setFields] = useState<Record<string, string>>(() => Object.fromEntries(r.fields.map((f) => [f.name, f.value])));
  const [problems, setProblems] = useState<Problems>({});
  const server = error instanceof ApiError ? error.fieldErrors : [];
  const submit = (result: 'approve' | 'refuse') => {
    const next: Record<string, string> = {};
    const values = Object.fromEntries(r.fields.map((f) => [f.name, (fields[f.name] ?? '').trim()]));
    if (result === 'approve')
      for (const f of r.fields) if (f.required && !values[f.name]) next[`fields.${f.name}`] = t('approvals.decide.fieldRequired');
    if ((result === 'refuse' || r.reasonToApprove) && !remark.trim()) next.remark = t('approvals.decide.remarkRequired');
    setProblems(next);
    if (Object.keys(next).length === 0) onDecide({ result, remark: remark.trim(), fields: values });
  };
  const problemOf = (path: string) => problems[path] ?? (server.some((e) => e.field === path) ? t('approvals.link.invalidValue') : undefined);
  const item = (path: string) => ({ validateStatus: problemOf(path) ? ('error' as const) : undefined, help: problemOf(path) });
  return (
    <Form layout="vertical" component="div" data-testid="approval-decide">
      {r.fields.map((f) => (
        <Form.Item key={f.name} label={f.name} htmlFor={`approval-field-${f.name}`} required={f.required} {...item(`fields.${f.name}`)}>
          <Input
            id={`approval-field-${f.name}`}
            maxLength={PROCESS_REMARK_MAX}
            value={fields[f.name] ?? ''}
            onChange={(e) => setFields((prev) => ({ ...prev, [f.name]: e.target.value }))}
          />
        </Form.Item>
      ))}
      <Form.Item
        label={r.reasonToApprove ? t('approvals.decide.remark') : t('approvals.link.reasonToRefuse')}
        htmlFor="approval-remark"
        required={r.reasonToApprove}
        {...item('remark')}
      >
        <Input.TextArea id="approval-remark" rows={3} value={remark} maxLength={PROCESS_REMARK_MAX} onChange={(e) => setRemark(e.target.value)} />
      </Form.Item>
      <Space>
        <Button type="primary" size="large" loading={busy} onClick={() => submit('approve')}>
          {t('approvals.queue.approve')}
        </Button>
        <Button danger size="large" disabled={busy} onClick={() => submit('refuse')}>
          {t('approvals.queue.refuse')}
        </Button>
      </Space>
    </Form>
  );
}
