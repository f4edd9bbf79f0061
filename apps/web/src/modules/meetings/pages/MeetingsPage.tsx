import { CloseCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type Meeting, MeetingStatus, type Visit } from '@openvisit/contract';
import { App, Button, Card, DatePicker, Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { ListSearch, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useCancelMeeting, useMeetingPage } from '../api';
import { InvitedLinks } from '../components/InvitedLinks';
import { MeetingDrawer } from '../components/MeetingDrawer';
import { MeetingStatusTag } from '../components/MeetingStatusTag';
import { meetingParams } from '../query';
import { meetingSpan } from '../time';

const STATUSES = [MeetingStatus.NOT_STARTED, MeetingStatus.IN_PROGRESS, MeetingStatus.ENDED, MeetingStatus.CANCELLED] as const;

/**
 * The meetings (administrators: the company's, /meeting; employees: their own, /emporder/empmeeting): subject, day
 * range and status filters in the URL, the paged list with status tags, a new meeting, and cancelling one that has not
 * started (confirmed). `detailPath` is where a meeting's details live; `pickOrganiser` when the user names the organiser.
 */
export function MeetingsPage({ detailPath, pickOrganiser }: { detailPath: string; pickOrganiser: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const list = useListQuery(meetingParams);
  const filters = list.values;
  const go = list.set;
  const page = useMeetingPage(filters);
  const table = useListPage(list, page);
  const cancel = useCancelMeeting();
  const [drawer, setDrawer] = useState({ open: false, key: 0 });
  const [invited, setInvited] = useState<(Visit & { inviteLink: string })[] | null>(null);
  const filtered = list.filtered;
  const openDrawer = () => setDrawer((d) => ({ open: true, key: d.key + 1 }));
  const reset = list.reset;

  const cancelMeeting = async (m: Meeting) => {
    try {
      await cancel.mutateAsync(m.mid);
      void message.success(t('meetings.detail.cancelled'));
    } catch {
      // shown by the error policy
    }
  };

  return (
    <>
      <PageHeader
        title={t('meetings.list.title')}
        extra={<Typography.Text type="secondary">{t('meetings.list.intro')}</Typography.Text>}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={openDrawer}>
            {t('meetings.list.add')}
          </Button>
        }
      />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <ListSearch
            label={t('meetings.list.subject')}
            value={filters.subject}
            maxLength={100}
            width={220}
            onSearch={(subject) => go({ subject })}
          />
          <DatePicker.RangePicker
            aria-label={t('meetings.list.dates')}
            value={[filters.date ? dayjs(filters.date) : null, filters.endDate ? dayjs(filters.endDate) : null]}
            onChange={(range) => go({ date: range?.[0]?.format(DAY_FORMAT), endDate: range?.[1]?.format(DAY_FORMAT) })}
            allowEmpty={[true, true]}
          />
          <Select
            aria-label={t('meetings.list.status')}
            style={{ width: 160 }}
            value={filters.status ?? ''}
            onChange={(v: MeetingStatus | '') => go({ status: v === '' ? undefined : v })}
            options={[{ value: '', label: t('meetings.list.allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: label('meetingStatus', s) }))]}
          />
          {filtered ? <Button onClick={reset}>{t('meetings.list.reset')}</Button> : null}
        </Flex>
        <ListTable<Meeting>
          rowKey="mid"
          {...table.props}
          totalText={(n) => t('meetings.list.total', { count: n })}
          empty={filtered ? t('meetings.list.emptyFiltered') : t('meetings.list.empty')}
          emptyAction={
            filtered ? (
              <Button onClick={reset}>{t('meetings.list.reset')}</Button>
            ) : (
              <Button type="primary" icon={<PlusOutlined />} onClick={openDrawer}>
                {t('meetings.list.add')}
              </Button>
            )
          }
          columns={[
            {
              key: 'subject',
              title: t('meetings.list.columns.subject'),
              kind: 'name',
              fixed: 'left',
              render: (_: unknown, m) => <Link to={`${detailPath}/${m.mid}`}>{m.subject}</Link>,
            },
            {
              key: 'time',
              title: t('meetings.list.columns.time'),
              kind: 'dateTime',
              width: 236,
              render: (_: unknown, m) => meetingSpan(m.startTime, m.endTime),
            },
            {
              key: 'place',
              title: t('meetings.list.columns.place'),
              kind: 'text',
              render: (_: unknown, m) => [m.address, m.gname].filter(Boolean).join(' · ') || '—',
            },
            { key: 'organiser', title: t('meetings.list.columns.organiser'), dataIndex: 'empName', kind: 'name' },
            {
              key: 'visitors',
              title: t('meetings.list.columns.visitors'),
              kind: 'number',
              width: 136,
              render: (_: unknown, m) => `${m.visitorCount} (${m.signedInCount})`,
            },
            {
              key: 'status',
              title: t('meetings.list.columns.status'),
              kind: 'tag',
              render: (_: unknown, m) => <MeetingStatusTag status={m.meetingStatus} />,
            },
            {
              key: 'actions',
              title: t('meetings.list.columns.actions'),
              kind: 'actions',
              width: 208,
              render: (_: unknown, m) => (
                <Flex gap={4}>
                  <Link to={`${detailPath}/${m.mid}`}>{t('meetings.list.details')}</Link>
                  {m.meetingStatus === MeetingStatus.NOT_STARTED ? (
                    <ConfirmDelete
                      title={t('meetings.detail.cancelConfirm', { subject: m.subject })}
                      okText={t('meetings.detail.cancelOk')}
                      cancelText={t('meetings.detail.keep')}
                      onConfirm={() => cancelMeeting(m)}
                    >
                      <Button size="small" type="link" danger icon={<CloseCircleOutlined />}>
                        {t('meetings.detail.cancel')}
                      </Button>
                    </ConfirmDelete>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <MeetingDrawer
        key={drawer.key}
        open={drawer.open}
        meeting={null}
        pickOrganiser={pickOrganiser}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        onCreated={(m) => {
          setDrawer((d) => ({ ...d, open: false }));
          setInvited(m.visitors);
        }}
      />
      <InvitedLinks invited={invited} onClose={() => setInvited(null)} />
    </>
  );
}

/** Administrators: the company's meetings, naming the organiser. */
export function AdminMeetingsPage() {
  return <MeetingsPage detailPath="/mdetail" pickOrganiser />;
}

/** Employees: their own meetings, organised as themselves. */
export function EmployeeMeetingsPage() {
  return <MeetingsPage detailPath="/emporder/mdetail" pickOrganiser={false} />;
}
