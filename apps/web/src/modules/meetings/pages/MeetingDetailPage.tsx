import { ArrowLeftOutlined, CloseCircleOutlined, EditOutlined, PlayCircleOutlined, StopOutlined, UserAddOutlined } from '@ant-design/icons';
import { MeetingStatus, type Visit, visitTypeText } from '@openvisit/contract';
import { App, Button, Card, Descriptions, Empty, Flex, Popconfirm, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { VisitStatusTag } from '../../../core/visits/public';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { FitTable } from '../../../platform/list';
import { useCancelMeeting, useMeeting, useMeetingStatus } from '../api';
import { InvitedLinks } from '../components/InvitedLinks';
import { JoinModal } from '../components/JoinModal';
import { MeetingDrawer } from '../components/MeetingDrawer';
import { MeetingStatusTag } from '../components/MeetingStatusTag';
import { meetingSpan } from '../time';

const dash = (v: string) => v || '—';

/**
 * One meeting (/mdetail/:mid, and the employee's /emporder/mdetail/:mid): its details, its visitors with their
 * invitation's status, and what its status allows: edit, add visitors and cancel before it starts, start it, end it
 * while in progress (confirmed).
 */
export function MeetingDetailPage({ listPath, pickOrganiser }: { listPath: string; pickOrganiser: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const mid = Number(useParams().mid);
  const meeting = useMeeting(Number.isInteger(mid) ? mid : 0);
  const status = useMeetingStatus();
  const cancel = useCancelMeeting();
  const [editing, setEditing] = useState({ open: false, key: 0 });
  const [joining, setJoining] = useState(false);
  const [invited, setInvited] = useState<(Visit & { inviteLink: string })[] | null>(null);
  const back = (
    <Link to={listPath}>
      <ArrowLeftOutlined /> {t('meetings.detail.back')}
    </Link>
  );

  if (meeting.isPending && meeting.fetchStatus !== 'idle') return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const m = meeting.data;
  if (!m) return <Result status="404" title={t('meetings.detail.title')} subTitle={t('meetings.detail.notFound')} extra={back} />;

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      void message.success(done);
    } catch {
      // shown by the error policy
    }
  };
  const notStarted = m.meetingStatus === MeetingStatus.NOT_STARTED;
  const inProgress = m.meetingStatus === MeetingStatus.IN_PROGRESS;

  return (
    <>
      <PageHeader
        title={m.subject}
        extra={back}
        actions={
          <Flex gap={8} wrap>
            {notStarted || inProgress ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing((e) => ({ open: true, key: e.key + 1 }))}>
                {t('meetings.detail.edit')}
              </Button>
            ) : null}
            {notStarted ? (
              <Button icon={<UserAddOutlined />} onClick={() => setJoining(true)}>
                {t('meetings.detail.addVisitors')}
              </Button>
            ) : null}
            {notStarted ? (
              <Button
                type="primary"
                icon={<PlayCircleOutlined />}
                loading={status.isPending}
                onClick={() => void act(() => status.mutateAsync({ mid: m.mid, status: 1 }), t('meetings.detail.started'))}
              >
                {t('meetings.detail.start')}
              </Button>
            ) : null}
            {inProgress ? (
              <Popconfirm
                title={t('meetings.detail.endConfirm')}
                okText={t('meetings.detail.endOk')}
                cancelText={t('common.cancel')}
                onConfirm={() => act(() => status.mutateAsync({ mid: m.mid, status: 2 }), t('meetings.detail.ended'))}
              >
                <Button icon={<StopOutlined />} loading={status.isPending}>
                  {t('meetings.detail.end')}
                </Button>
              </Popconfirm>
            ) : null}
            {notStarted ? (
              <ConfirmDelete
                title={t('meetings.detail.cancelConfirm', { subject: m.subject })}
                okText={t('meetings.detail.cancelOk')}
                cancelText={t('meetings.detail.keep')}
                onConfirm={() => act(() => cancel.mutateAsync(m.mid), t('meetings.detail.cancelled'))}
              >
                <Button danger icon={<CloseCircleOutlined />} loading={cancel.isPending}>
                  {t('meetings.detail.cancel')}
                </Button>
              </ConfirmDelete>
            ) : null}
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        <Card>
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('meetings.detail.status')}>
              <MeetingStatusTag status={m.meetingStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t('meetings.detail.time')}>{meetingSpan(m.startTime, m.endTime)}</Descriptions.Item>
            <Descriptions.Item label={t('meetings.detail.place')}>{dash(m.address)}</Descriptions.Item>
            <Descriptions.Item label={t('meetings.detail.gate')}>{dash(m.gname)}</Descriptions.Item>
            <Descriptions.Item label={t('meetings.detail.organiser')}>{dash(m.empName)}</Descriptions.Item>
            <Descriptions.Item label={t('meetings.detail.type')}>{dash(visitTypeText(m.visitType, lang))}</Descriptions.Item>
            <Descriptions.Item label={t('meetings.detail.counts')}>
              {t('meetings.detail.countsValue', { visitors: m.visitorCount, signedIn: m.signedInCount })}
            </Descriptions.Item>
            <Descriptions.Item label={t('meetings.detail.remark')} span={2}>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{dash(m.remark)}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('meetings.detail.visitors')}>
          <MeetingVisitors visitors={m.visitors} />
        </Card>
      </Flex>
      <MeetingDrawer
        key={editing.key}
        open={editing.open}
        meeting={m}
        pickOrganiser={pickOrganiser}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <JoinModal
        mid={m.mid}
        open={joining}
        onClose={() => setJoining(false)}
        onInvited={(list) => {
          setJoining(false);
          setInvited(list);
        }}
      />
      <InvitedLinks invited={invited} onClose={() => setInvited(null)} />
    </>
  );
}

/** The meeting's visitors: who, how to reach them, their company, their visit's state and when they checked in. */
function MeetingVisitors({ visitors }: { visitors: Visit[] }) {
  const { t } = useTranslation();
  return (
    <FitTable<Visit>
      rowKey="vid"
      size="middle"
      dataSource={visitors}
      pagination={false}
      locale={{ emptyText: <Empty description={t('meetings.detail.noVisitors')} /> }}
      columns={[
        { key: 'name', title: t('meetings.detail.columns.name'), dataIndex: 'vname', kind: 'name' },
        {
          key: 'contact',
          title: t('meetings.detail.columns.contact'),
          kind: 'text',
          render: (_: unknown, v) => [v.vphone, v.vemail].filter(Boolean).join(' · '),
        },
        { key: 'company', title: t('meetings.detail.columns.company'), dataIndex: 'vcompany', kind: 'text' },
        {
          key: 'status',
          title: t('meetings.detail.columns.status'),
          kind: 'tag',
          render: (_: unknown, v) => <VisitStatusTag status={v.status} />,
        },
        {
          key: 'checkedIn',
          title: t('meetings.detail.columns.checkedIn'),
          kind: 'dateTime',
          render: (_: unknown, v) => formatDateTime(v.visitdate),
        },
      ]}
    />
  );
}

export function AdminMeetingDetailPage() {
  return <MeetingDetailPage listPath="/meeting" pickOrganiser />;
}

export function EmployeeMeetingDetailPage() {
  return <MeetingDetailPage listPath="/emporder/empmeeting" pickOrganiser={false} />;
}
