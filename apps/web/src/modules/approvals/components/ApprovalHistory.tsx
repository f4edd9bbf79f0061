import { App, Button, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';
import { useApprovalHistory, useResubmit } from '../api';
import { ApprovalStatusTag } from './ApprovalStatusTag';

const DOT: Readonly<Record<string, string>> = {
  pending: 'orange',
  approved: 'blue',
  agreed: 'green',
  refused: 'red',
  returned: 'purple',
  notHandled: 'gray',
};

const NOTES = ['escalated', 'unresolved', 'deadlineApproved', 'deadlineRefused', 'skipped'] as const;

/**
 * A visit's approval, level by level, under its own heading; nothing for a visit that needed none. A returned visit
 * can be submitted again by its host or an administrator.
 */
export function ApprovalHistory({ vid, canResubmit = false }: { vid: number; canResubmit?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const history = useApprovalHistory(vid);
  const resubmit = useResubmit();
  /** What happened without a decision (escalated, decided by the deadline, skipped); '' nothing. */
  const note = (n: string) => {
    const key = NOTES.find((k) => k === n);
    return key ? t(`approvals.history.note.${key}`) : '';
  };
  const rows = history.data ?? [];
  if (!rows.length) return null;
  const last = rows[rows.length - 1];
  return (
    <Flex vertical gap={8} data-testid="approval-history">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('approvals.history.title')}
      </Typography.Title>
      <Timeline
        items={rows.map((r) => ({
          color: DOT[r.status],
          content: (
            <Flex vertical>
              <Flex gap={8} align="center" wrap>
                <Typography.Text>{t('approvals.history.level', { level: r.level, levels: r.levels, area: r.aName })}</Typography.Text>
                <ApprovalStatusTag status={r.status} />
              </Flex>
              <Typography.Text type="secondary">
                {r.approver ? `${t('approvals.history.by', { name: r.approver })} · ${formatDateTime(r.approveTime)}` : formatDateTime(r.submitTime)}
              </Typography.Text>
              {r.standInFor ? <Typography.Text type="secondary">{t('approvals.history.standIn', { name: r.standInFor })}</Typography.Text> : null}
              {note(r.note) ? <Typography.Text type="warning">{note(r.note)}</Typography.Text> : null}
              {r.remark ? <Typography.Text>{r.remark}</Typography.Text> : null}
              {r.fields
                .filter((f) => f.value)
                .map((f) => (
                  <Typography.Text key={f.name} type="secondary">{`${f.name}: ${f.value}`}</Typography.Text>
                ))}
            </Flex>
          ),
        }))}
      />
      {canResubmit && last?.status === 'returned' ? (
        <Button
          size="small"
          loading={resubmit.isPending}
          onClick={() => resubmit.mutate(vid, { onSuccess: () => void message.success(t('approvals.history.resubmitted')) })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('approvals.history.resubmit')}
        </Button>
      ) : null}
    </Flex>
  );
}
