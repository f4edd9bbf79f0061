import type { ApprovalPolicy, CallOutput, dryRunApproval, PolicyDraft } from '@openvisit/contract';
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDuration } from '../../../platform/format';
import { type PolicyLookups, usePolicyText } from './policyText';

/** Why the server found nobody for a seat (approvals.resolve.ts). */
const UNRESOLVED = ['noHost', 'noManager', 'noDeptManager', 'noMembers', 'disabled', 'noStandIn'] as const;

export type DryRun = CallOutput<typeof dryRunApproval>;
type Step = DryRun['steps'][number];
type Seat = Step['seats'][number];

function SeatView({ seat }: { seat: Seat }) {
  const { t } = useTranslation();
  const sep = t('common.listSeparator');
  const people = seat.people.map((p) =>
    p.standsInFor ? t('approvals.dry.standIn', { name: p.name, for: p.standsInFor.name, why: t(`approvals.dry.why.${p.standsInFor.why}`) }) : p.name,
  );
  return (
    <Flex vertical gap={2} data-testid="dry-seat">
      <Typography.Text strong>{seat.label}</Typography.Text>
      {people.length ? <Typography.Text>{people.join(sep)}</Typography.Text> : null}
      <Flex gap={4}>
        {seat.hse ? <Tag>{t('approvals.dry.hse')}</Tag> : null}
        {seat.admin ? <Tag>{t('approvals.dry.admin')}</Tag> : null}
      </Flex>
      {seat.unresolved !== null ? (
        <Typography.Text type="warning">
          {t('approvals.dry.unresolved', {
            reason: (UNRESOLVED as readonly string[]).includes(seat.unresolved)
              ? t(`approvals.dry.unresolvedWhy.${seat.unresolved as (typeof UNRESOLVED)[number]}`)
              : seat.unresolved,
          })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function StepView({ step, n, text }: { step: Step; n: number; text: ReturnType<typeof usePolicyText> }) {
  const { t } = useTranslation();
  const d = step.deadline;
  const action = d
    ? d.action === 'escalate'
      ? `${t('approvals.deadlineAction.escalate')} → ${t(`approvals.escalation.${d.to}`)}`
      : t(`approvals.deadlineAction.${d.action}`)
    : '';
  return (
    <Card size="small" title={step.name || t('approvals.editor.step', { n })} style={{ flex: 1, minWidth: 240 }} data-testid="dry-step">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{text.quorum(step.quorum, step.seats.length)}</Typography.Text>
        <Typography.Text type="secondary">
          {d ? t('approvals.dry.deadline', { duration: formatDuration(d.minutes), action }) : t('approvals.dry.noDeadline')}
          {step.dueAt !== null ? ` · ${t('approvals.dry.due', { time: formatDateTime(step.dueAt) })}` : null}
        </Typography.Text>
        {step.seats.map((seat, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats come in the step's order and are never edited here
          <SeatView key={j} seat={seat} />
        ))}
      </Flex>
    </Card>
  );
}

/** Which policy a request follows, those tried before it (with the condition that failed) and each stage's steps side by side. */
export function DryRunResult({
  result,
  draft,
  policies,
  lookups,
}: {
  result: DryRun;
  draft: PolicyDraft | null;
  policies: readonly ApprovalPolicy[];
  lookups: PolicyLookups;
}) {
  const { t } = useTranslation();
  const text = usePolicyText(lookups);
  if (!result.policy) return <Alert type="info" showIcon title={t('approvals.dry.off')} />;
  const conditionsOf = (pid: number | null) => (pid === null ? draft?.conditions : policies.find((p) => p.pid === pid)?.conditions) ?? [];
  const stages = new Map<number, { step: Step; n: number }[]>();
  result.steps.forEach((step, i) => {
    stages.set(step.stage, [...(stages.get(step.stage) ?? []), { step, n: i + 1 }]);
  });
  return (
    <Flex vertical gap={12} data-testid="dry-result">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('approvals.dry.matched', { name: result.policy.name })}{' '}
        {result.policy.draft ? <Tag color="gold">{t('approvals.dry.thisDraft')}</Tag> : null}
      </Typography.Title>
      {result.skipped.length ? (
        <Flex vertical gap={2}>
          <Typography.Text type="secondary">{t('approvals.dry.skipped')}</Typography.Text>
          {result.skipped.map((s) => {
            const c = conditionsOf(s.pid)[s.failed];
            return (
              <Typography.Text key={`${s.pid}-${s.name}`} data-testid="dry-skipped">
                {t('approvals.dry.failed', { name: s.name, condition: c ? text.condition(c) : `#${s.failed + 1}` })}
              </Typography.Text>
            );
          })}
        </Flex>
      ) : null}
      {result.policy.mode === 'desk' ? <Typography.Text>{t('approvals.dry.desk')}</Typography.Text> : null}
      {result.policy.mode === 'none' ? <Typography.Text>{t('approvals.dry.none')}</Typography.Text> : null}
      {/* Numbered by their order, whether the server counts stages from 0 or 1. */}
      {[...stages].map(([stage, steps], k) => (
        <Flex key={stage} vertical gap={4}>
          <Typography.Text strong>{t('approvals.dry.stage', { n: k + 1 })}</Typography.Text>
          <Flex gap={12} wrap>
            {steps.map(({ step, n }) => (
              <StepView key={n} step={step} n={n} text={text} />
            ))}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}
