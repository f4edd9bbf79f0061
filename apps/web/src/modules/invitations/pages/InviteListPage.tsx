import { CloseCircleOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import type { InvitationRow, Visit, VisitorStatus } from '@openvisit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisitStatusTag } from '../../../core/visits/public';
import { api } from '../../../platform/api';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { defineListParams, ListTable, oneOf, text, useCountedPage, useListPage, useListQuery } from '../../../platform/list';
import { ResendDialog } from '../components/ResendDialog';

/** The statuses an invitation goes through (spec section 4), for the filter. */
const INVITE_STATUSES: readonly VisitorStatus[] = [
  'sent',
  'viewed',
  'accepted',
  'unauthorized',
  'authorized',
  'signedIn',
  'signedOut',
  'refused',
  'expired',
  'ended',
];

/** The search, status and page, kept in the URL. */
const inviteParams = defineListParams({ name: text(), status: oneOf(INVITE_STATUSES) });

/**
 * The employee portal's invitation list (/emporder/orderlist): the invitations the employee hosts, newest first, with
 * their status, filtered by name or status; one still to come can be called off (confirmed); any not yet used can be
 * sent again (a new link, or a fresh invitation for one that ended).
 */
export function InviteListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const qc = useQueryClient();
  const query = useListQuery(inviteParams);
  const { name, status } = query.values;
  const [resending, setResending] = useState<Visit | null>(null);
  const input = { startIndex: query.startIndex, requestedCount: query.requestedCount, name: name || undefined, status };
  const list = useCountedPage({
    queryKey: ['invitations', 'list', input],
    filter: { name, status },
    page: query.values.page,
    fetch: (withCount) => api.searchInviteByCondition({ ...input, withCount }),
  });
  const table = useListPage(query, list, { background: true });
  const cancel = useMutation({
    mutationFn: (vid: number) => api.setCancelStatusForWeb({ vid }),
    onSuccess: (v) => {
      message.success(t('invitations.list.cancelled', { name: v.vname }));
      return qc.invalidateQueries({ queryKey: ['invitations', 'list'] });
    },
  });

  return (
    <>
      <PageHeader
        title={t('invitations.list.title')}
        actions={
          <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
            {t('invitations.list.refresh')}
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={12}>
          <Flex gap={8} wrap>
            <Input.Search
              style={{ width: 220 }}
              allowClear
              placeholder={t('invitations.list.name')}
              aria-label={t('invitations.list.name')}
              defaultValue={name}
              onSearch={(v) => query.set({ name: v.trim() })}
            />
            <Select
              style={{ width: 160 }}
              aria-label={t('invitations.list.status')}
              value={status ?? ''}
              onChange={(v: VisitorStatus | '') => query.set({ status: v || undefined })}
              options={[
                { value: '', label: t('invitations.list.allStatuses') },
                ...INVITE_STATUSES.map((s) => ({ value: s, label: label('visitorStatus', s) })),
              ]}
            />
          </Flex>
          <ListTable<InvitationRow>
            rowKey="vid"
            {...table.props}
            pending={false}
            empty={query.filtered ? t('invitations.list.emptyFiltered') : t('invitations.list.empty')}
            totalText={(n) => t('invitations.list.total', { count: n })}
            columns={[
              { title: t('invitations.list.visitor'), dataIndex: 'vname', kind: 'name' },
              {
                title: t('invitations.list.contact'),
                key: 'contact',
                kind: 'text',
                render: (_v, v) => [v.vphone, v.vemail].filter(Boolean).join(' · '),
              },
              { title: t('invitations.list.company'), dataIndex: 'vcompany', kind: 'text' },
              { title: t('invitations.list.time'), key: 'time', kind: 'dateTime', render: (_v, v) => formatDateTime(v.appointmentDate) },
              { title: t('invitations.list.statusColumn'), key: 'status', kind: 'tag', render: (_v, v) => <VisitStatusTag status={v.status} /> },
              {
                title: t('invitations.list.actions'),
                key: 'actions',
                kind: 'actions',
                width: 232,
                // Each invitation says what the caller may do to it now (the server's policy), not a guess from its status.
                render: (_v, v) => (
                  <Space size="small">
                    {v.can.resend ? (
                      <Button size="small" icon={<SendOutlined />} onClick={() => setResending(v)}>
                        {t('invitations.resend.button')}
                      </Button>
                    ) : null}
                    {v.can.cancel ? (
                      <Popconfirm
                        title={t('invitations.list.cancelConfirm', { name: v.vname })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => cancel.mutateAsync(v.vid)}
                      >
                        <Button size="small" danger icon={<CloseCircleOutlined />}>
                          {t('invitations.list.cancel')}
                        </Button>
                      </Popconfirm>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      {resending ? <ResendDialog visit={resending} onClose={() => setResending(null)} /> : null}
    </>
  );
}
