import type { ProcessRecord } from '@openvisit/contract';
import { Button, Card, Flex, Input, Segmented, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';
import { CellText, choice, defineListParams, ListTable, text, useListPage, useListQuery } from '../../../platform/list';
import { type QueueQuery, useApprovalQueue } from '../api';
import { ApprovalStatusTag } from './ApprovalStatusTag';
import { DecideModal, type Decision } from './DecideModal';
import { DeadlineCell, StepCell, WhyCell } from './QueueCells';

/** Which queue, the search and the page, kept in the URL. */
const queueParams = defineListParams({ kind: choice(['waiting', 'decided'] as const, 'waiting'), name: text() });

/** The visitor of a queue row: the name over the phone and the company. */
function QueueVisitor({ record: r }: { record: ProcessRecord }) {
  const { t } = useTranslation();
  return (
    <>
      <CellText>
        {r.subject !== 'visit' ? <Tag>{t(`approvals.queue.subject.${r.subject}`)}</Tag> : null}
        <Typography.Text strong>{r.vname}</Typography.Text>
      </CellText>
      <CellText secondary>{[r.vphone, r.vcompany].filter(Boolean).join(' · ')}</CellText>
    </>
  );
}

/**
 * An approver's queue (waiting for them, oldest first) and their decisions; with `all`, an administrator's view of
 * every visit waiting or decided in the company, deciding where they are an approver themselves.
 */
export function ApprovalQueue({ all = false }: { all?: boolean }) {
  const { t } = useTranslation();
  const query = useListQuery(queueParams);
  const q: QueueQuery = { ...query.values, all };
  const queue = useApprovalQueue(q);
  const table = useListPage(query, queue);
  const [deciding, setDeciding] = useState<{ record: ProcessRecord | null; result: Decision }>({ record: null, result: 'approve' });
  const waiting = q.kind === 'waiting';
  // The time left is read when the page was last fetched: a list refreshed on focus keeps it close enough.
  const now = queue.dataUpdatedAt || Date.now();

  return (
    <Card>
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented
          value={q.kind}
          onChange={(kind) => query.set({ kind: kind as QueueQuery['kind'] })}
          options={[
            { value: 'waiting', label: t(all ? 'approvals.queue.waitingAll' : 'approvals.queue.waiting') },
            { value: 'decided', label: t(all ? 'approvals.queue.decidedAll' : 'approvals.queue.decided') },
          ]}
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('approvals.queue.search')}
          aria-label={t('approvals.queue.search')}
          defaultValue={q.name}
          onSearch={(name) => query.set({ name: name.trim() })}
        />
      </Flex>
      <ListTable<ProcessRecord>
        rowKey="rid"
        {...table.props}
        empty={t(waiting ? 'approvals.queue.empty' : 'approvals.queue.emptyDecided')}
        columns={[
          {
            key: 'visitor',
            title: t('approvals.queue.columns.visitor'),
            kind: 'name',
            fixed: 'left',
            render: (_: unknown, r) => <QueueVisitor record={r} />,
          },
          { key: 'host', title: t('approvals.queue.columns.host'), dataIndex: 'empName', kind: 'name' },
          {
            key: 'time',
            title: t('approvals.queue.columns.time'),
            kind: 'dateTime',
            render: (_: unknown, r) => formatDateTime(r.appointmentDate ?? r.submitTime),
          },
          { key: 'reason', title: t('approvals.queue.columns.reason'), dataIndex: 'visitReason', kind: 'text' },
          // Why it is the caller's, the step and its policy in one column: the queue fits a laptop's portal.
          {
            key: 'why',
            title: t('approvals.queue.columns.why'),
            render: (_: unknown, r: ProcessRecord) => (
              <Flex vertical gap={2}>
                <WhyCell r={r} />
                <StepCell r={r} />
                <CellText secondary>{r.aName}</CellText>
              </Flex>
            ),
          },
          waiting
            ? {
                key: 'deadline',
                title: t('approvals.queue.columns.deadline'),
                render: (_: unknown, r: ProcessRecord) => (
                  <>
                    <DeadlineCell r={r} now={now} />
                    <CellText secondary>{t('approvals.queue.submittedAt', { time: formatDateTime(r.submitTime) })}</CellText>
                  </>
                ),
              }
            : {
                key: 'status',
                title: t('approvals.queue.columns.status'),
                kind: 'tag',
                render: (_: unknown, r) => <ApprovalStatusTag status={r.status} />,
              },
          ...(waiting
            ? []
            : [
                { key: 'approver', title: t('approvals.queue.columns.approver'), dataIndex: 'approver', kind: 'name' as const },
                { key: 'remark', title: t('approvals.queue.columns.remark'), dataIndex: 'remark', kind: 'text' as const },
              ]),
          ...(waiting
            ? [
                {
                  key: 'actions',
                  title: t('approvals.queue.columns.actions'),
                  kind: 'actions' as const,
                  width: 216,
                  // Each level says what the caller may do to it now (the server's policy): no button the server would refuse.
                  render: (_: unknown, r: ProcessRecord) =>
                    r.can.approve || r.can.refuse || r.can.return ? (
                      <Flex gap={4}>
                        {r.can.approve ? (
                          <Button type="primary" size="small" onClick={() => setDeciding({ record: r, result: 'approve' })}>
                            {t('approvals.queue.approve')}
                          </Button>
                        ) : null}
                        {r.can.refuse ? (
                          <Button size="small" danger onClick={() => setDeciding({ record: r, result: 'refuse' })}>
                            {t('approvals.queue.refuse')}
                          </Button>
                        ) : null}
                        {r.can.return ? (
                          <Button size="small" onClick={() => setDeciding({ record: r, result: 'return' })}>
                            {t('approvals.queue.return')}
                          </Button>
                        ) : null}
                      </Flex>
                    ) : (
                      <Tooltip title={t('approvals.queue.notYours')}>
                        <Typography.Text type="secondary">—</Typography.Text>
                      </Tooltip>
                    ),
                },
              ]
            : []),
        ]}
      />
      <DecideModal record={deciding.record} result={deciding.result} onClose={() => setDeciding((d) => ({ ...d, record: null }))} />
    </Card>
  );
}
