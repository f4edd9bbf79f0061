import type { ProcessRecord } from '@openvisit/contract';
import { Button, Card, Flex, Input, Segmented, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';
import { choice, defineListParams, ListTable, text, useListQuery } from '../../../platform/list';
import { type QueueQuery, useApprovalQueue } from '../api';
import { ApprovalStatusTag } from './ApprovalStatusTag';
import { DecideModal, type Decision } from './DecideModal';

const dash = (v: string) => v || '—';

/** Which queue, the search and the page, kept in the URL. */
const queueParams = defineListParams({ kind: choice(['waiting', 'decided'] as const, 'waiting'), name: text() });

/**
 * An approver's queue (waiting for them, oldest first) and their decisions; with `all`, an administrator's view of
 * every visit waiting or decided in the company, deciding where they are an approver themselves.
 */
export function ApprovalQueue({ all = false }: { all?: boolean }) {
  const { t } = useTranslation();
  const query = useListQuery(queueParams);
  const q: QueueQuery = { ...query.values, all };
  const queue = useApprovalQueue(q);
  const [deciding, setDeciding] = useState<{ record: ProcessRecord | null; result: Decision }>({ record: null, result: 'approve' });
  const waiting = q.kind === 'waiting';

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
        paging={query}
        total={queue.data?.count ?? 0}
        pending={queue.isPending}
        fetching={queue.isFetching}
        dataSource={queue.data?.list ?? []}
        empty={t(waiting ? 'approvals.queue.empty' : 'approvals.queue.emptyDecided')}
        columns={[
          {
            key: 'visitor',
            title: t('approvals.queue.columns.visitor'),
            fixed: 'left',
            render: (_: unknown, r) => (
              <Flex vertical>
                <Typography.Text strong>{r.vname}</Typography.Text>
                <Typography.Text type="secondary">{[r.vcompany, r.vphone].filter(Boolean).join(' · ')}</Typography.Text>
              </Flex>
            ),
          },
          { key: 'host', title: t('approvals.queue.columns.host'), dataIndex: 'empName', render: dash },
          { key: 'time', title: t('approvals.queue.columns.time'), render: (_: unknown, r) => formatDateTime(r.appointmentDate ?? r.submitTime) },
          { key: 'reason', title: t('approvals.queue.columns.reason'), dataIndex: 'visitReason', render: dash },
          { key: 'area', title: t('approvals.queue.columns.area'), dataIndex: 'aName', render: dash },
          {
            key: 'level',
            title: t('approvals.queue.columns.level'),
            render: (_: unknown, r) => t('approvals.queue.levelOf', { level: r.level, levels: r.levels }),
          },
          waiting
            ? { key: 'submitted', title: t('approvals.queue.columns.submitted'), render: (_: unknown, r) => formatDateTime(r.submitTime) }
            : { key: 'status', title: t('approvals.queue.columns.status'), render: (_: unknown, r) => <ApprovalStatusTag status={r.status} /> },
          ...(waiting
            ? []
            : [
                { key: 'approver', title: t('approvals.queue.columns.approver'), render: (_: unknown, r: ProcessRecord) => dash(r.approver) },
                { key: 'remark', title: t('approvals.queue.columns.remark'), render: (_: unknown, r: ProcessRecord) => dash(r.remark) },
              ]),
          ...(waiting
            ? [
                {
                  key: 'actions',
                  title: t('approvals.queue.columns.actions'),
                  fixed: 'right' as const,
                  render: (_: unknown, r: ProcessRecord) =>
                    r.canDecide ? (
                      <Flex gap={4}>
                        <Button type="primary" size="small" onClick={() => setDeciding({ record: r, result: 'approve' })}>
                          {t('approvals.queue.approve')}
                        </Button>
                        <Button size="small" danger onClick={() => setDeciding({ record: r, result: 'refuse' })}>
                          {t('approvals.queue.refuse')}
                        </Button>
                        <Button size="small" onClick={() => setDeciding({ record: r, result: 'return' })}>
                          {t('approvals.queue.return')}
                        </Button>
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
