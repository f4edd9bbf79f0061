import type { ProcessRecord } from '@openvisit/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDuration } from '../../../platform/format';
import { CellText } from '../../../platform/list';
import { ApprovalStatusTag } from './ApprovalStatusTag';
import { APPROVER_KINDS } from './policyDraft';

const STAND_IN_WHY = ['leave', 'proxy', 'superior'] as const;

/** "Role: Security", "Host's manager": the approver as the policy names it. */
export function useWhyText() {
  const { t } = useTranslation();
  return (why: ProcessRecord['why']): string => {
    const kind = APPROVER_KINDS.find((k) => k === why.kind);
    const label = kind ? t(`approvals.approver.${kind}`) : why.kind;
    return why.name ? `${label}: ${why.name}` : label;
  };
}

/** Why the item is the caller's: the seat, and whom they stand in for. */
export function WhyCell({ r }: { r: ProcessRecord }) {
  const { t } = useTranslation();
  const whyText = useWhyText();
  const why = STAND_IN_WHY.find((w) => w === r.standInWhy);
  return (
    <>
      <CellText>{whyText(r.why)}</CellText>
      {r.standInFor ? (
        <CellText secondary>
          {t('approvals.queue.standingIn', { name: r.standInFor })}
          {why ? ` (${t(`approvals.queue.standInWhy.${why}`)})` : null}
        </CellText>
      ) : null}
    </>
  );
}

/** The step: its place, its quorum ("2 of 3") and who else sits on it, where each stands. */
export function StepCell({ r }: { r: ProcessRecord }) {
  const { t } = useTranslation();
  const whyText = useWhyText();
  const q = r.quorum;
  const quorum = q.mode === 'count' ? t('approvals.quorum.countOf', { count: q.count, seats: q.seats }) : t(`approvals.quorum.${q.mode}`);
  return (
    <Flex vertical gap={2}>
      <Typography.Text>
        {t('approvals.queue.levelOf', { level: r.level, levels: r.levels })}
        {q.seats > 1 ? ` · ${t('approvals.queue.quorum', { quorum })}` : null}
      </Typography.Text>
      {r.others.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the step's seats in their order
        <Flex key={i} gap={4} align="center" wrap data-testid="queue-other">
          <Typography.Text type="secondary">{o.approver || whyText(o.why)}</Typography.Text>
          <ApprovalStatusTag status={o.status} />
        </Flex>
      ))}
    </Flex>
  );
}

/** Time left to the step's deadline (or overdue), and what happens then. */
export function DeadlineCell({ r, now }: { r: ProcessRecord; now: number }) {
  const { t } = useTranslation();
  if (r.dueAt === null) return <Typography.Text type="secondary">{t('approvals.queue.noDeadline')}</Typography.Text>;
  const minutes = Math.floor((r.dueAt - now) / 60_000);
  return (
    <>
      <CellText>
        <Typography.Text type={minutes < 60 ? 'danger' : undefined} title={formatDateTime(r.dueAt)}>
          {minutes < 0 ? t('approvals.queue.overdue') : t('approvals.queue.left', { duration: formatDuration(Math.max(minutes, 1)) })}
        </Typography.Text>
      </CellText>
      {r.deadlineAction ? (
        <CellText secondary>{t('approvals.queue.afterwards', { action: t(`approvals.deadlineAction.${r.deadlineAction}`) })}</CellText>
      ) : null}
    </>
  );
}
