import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { approveLogistics, type LogisticsBooking, labelIn } from '@openvisit/contract';
import { Alert, App, Button, Card, Flex, Popconfirm, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useLang } from '../../../platform/i18n';
import { inputMax, ListTable, ReasonModal, useListPage, usePaging } from '../../../platform/list';
import { useBookings, useDecideBooking, useLogisticsTypes } from '../api';
import { BookingDrawer } from '../components/BookingDrawer';

const REASON_MAX = inputMax(approveLogistics, 'reason');

/** The approval queue: bookings waiting for a decision; the logistics manager approves or refuses with a reason. */
export function ApprovePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const paging = usePaging();
  const page = useBookings({ pstatus: 0, sname: '', mobile: '', cardid: '', plateNum: '', ...paging.values });
  const table = useListPage(paging, page);
  const types = useLogisticsTypes();
  const decide = useDecideBooking();
  // A logistics specialist reads the queue; the server refuses their decisions (610) as the contract says.
  const canDecide = useCanCall(approveLogistics);
  const [shown, setShown] = useState<LogisticsBooking | null>(null);
  const [refusing, setRefusing] = useState<LogisticsBooking | null>(null);

  const approve = async (b: LogisticsBooking) => {
    try {
      await decide.mutateAsync({ sid: b.sid, pstatus: 1 });
      void message.success(t('logistics.approve.approved', { num: b.logNum }));
      setShown(null);
    } catch {
      // shown by the error policy
    }
  };
  const refuse = async (reason: string) => {
    if (!refusing) return;
    await decide.mutateAsync({ sid: refusing.sid, pstatus: 2, reason });
    void message.success(t('logistics.approve.refused', { num: refusing.logNum }));
    setRefusing(null);
    setShown(null);
  };
  // Each booking says what the caller may do to it now (the server's policy): approved meanwhile, it offers neither.
  const actions = (b: LogisticsBooking) => (
    <>
      {b.can.approve ? (
        <Popconfirm title={t('logistics.approve.approveConfirm', { num: b.logNum })} onConfirm={() => approve(b)}>
          <Button type="primary" size="small" icon={<CheckOutlined />} aria-label={`${t('logistics.approve.approve')} ${b.plateNum}`}>
            {t('logistics.approve.approve')}
          </Button>
        </Popconfirm>
      ) : null}
      {b.can.refuse ? (
        <Button
          size="small"
          danger
          icon={<CloseOutlined />}
          aria-label={`${t('logistics.approve.refuse')} ${b.plateNum}`}
          onClick={() => setRefusing(b)}
        >
          {t('logistics.approve.refuse')}
        </Button>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader title={t('logistics.approve.title')} extra={<Typography.Text type="secondary">{t('logistics.approve.intro')}</Typography.Text>} />
      {canDecide ? null : <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('logistics.approve.readOnly')} />}
      <Card>
        <ListTable<LogisticsBooking>
          rowKey="sid"
          {...table.props}
          totalText={(n) => t('logistics.approve.total', { count: n })}
          empty={t('logistics.approve.empty')}
          columns={[
            { key: 'logNum', title: t('logistics.fields.logNum'), dataIndex: 'logNum', kind: 'code', width: 150 },
            { key: 'plateNum', title: t('logistics.fields.plateNum'), dataIndex: 'plateNum', kind: 'code' },
            { key: 'logType', title: t('logistics.fields.logType'), kind: 'text', render: (_v, b) => labelIn(b.logTypeName, lang) },
            { key: 'company', title: t('logistics.fields.company'), dataIndex: 'company', kind: 'text' },
            { key: 'dname', title: t('logistics.fields.dname'), dataIndex: 'dname', kind: 'name' },
            { key: 'goods', title: t('logistics.fields.goods'), dataIndex: 'goods', kind: 'text' },
            { key: 'appointmentDate', title: t('logistics.fields.appointmentDate'), dataIndex: 'appointmentDate', kind: 'date' },
            {
              key: 'actions',
              title: t('logistics.fields.actions'),
              kind: 'actions',
              width: canDecide ? 232 : 64,
              render: (_v, b) => (
                <Flex gap={4} align="center">
                  {actions(b)}
                  <Tooltip title={t('logistics.data.details')}>
                    <Button
                      type="text"
                      icon={<EyeOutlined />}
                      aria-label={`${t('logistics.data.details')} ${b.logNum}`}
                      onClick={() => setShown(b)}
                    />
                  </Tooltip>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <BookingDrawer
        booking={shown}
        types={types.data ?? []}
        onClose={() => setShown(null)}
        extra={shown ? <Flex gap={8}>{actions(shown)}</Flex> : null}
      />
      <ReasonModal
        open={refusing !== null}
        title={t('logistics.approve.refuseTitle', { num: refusing?.logNum ?? '' })}
        okText={t('logistics.approve.refuse')}
        label={t('logistics.approve.reason')}
        formName="logistics-refuse"
        max={REASON_MAX}
        pending={decide.isPending}
        onCancel={() => setRefusing(null)}
        onSubmit={refuse}
      />
    </>
  );
}
