import { EyeOutlined, LoginOutlined, LogoutOutlined, ReloadOutlined } from '@ant-design/icons';
import { type LogisticsBooking, labelIn } from '@openvisit/contract';
import { App, Button, Card, Flex, Popconfirm, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { ListTable, usePaging } from '../../../platform/list';
import { useDeskBookings, useGateMove, useLogisticsTypes } from '../api';
import { BookingDrawer } from '../components/BookingDrawer';
import { BookingStatusTag } from '../components/BookingStatusTag';

/** What the desk may do with a truck: sign it in once approved for today, out once in. */
export function deskMove(b: LogisticsBooking): 'arrive' | 'leave' | null {
  if (b.pstatus === 1 && b.visitdate === null) return 'arrive';
  if (b.pstatus === 1 && b.visitdate !== null && b.leaveTime === null) return 'leave';
  return null;
}

/** The front desk's trucks of the day: approved bookings, signed in on arrival and out on departure. */
export function DeskPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const paging = usePaging();
  const day = dayjs().format(DAY_FORMAT);
  const list = useDeskBookings(day, paging.values.page, paging.values.size);
  const types = useLogisticsTypes();
  const move = useGateMove();
  const [shown, setShown] = useState<LogisticsBooking | null>(null);

  const run = async (b: LogisticsBooking, m: 'arrive' | 'leave') => {
    try {
      await move.mutateAsync({ sid: b.sid, move: m });
      void message.success(t(`logistics.desk.done.${m}`, { plate: b.plateNum }));
    } catch {
      // shown by the error policy
    }
  };

  return (
    <>
      <PageHeader
        title={t('logistics.desk.title')}
        extra={<Typography.Text type="secondary">{t('logistics.desk.intro')}</Typography.Text>}
        actions={
          <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
            {t('logistics.desk.refresh')}
          </Button>
        }
      />
      <Card>
        <ListTable<LogisticsBooking>
          rowKey="sid"
          paging={paging}
          total={list.data?.count ?? 0}
          pending={list.isPending}
          fetching={list.isFetching && !list.data}
          dataSource={list.data?.list ?? []}
          totalText={(n) => t('logistics.desk.total', { count: n })}
          empty={t('logistics.desk.empty')}
          columns={[
            { key: 'plateNum', title: t('logistics.fields.plateNum'), dataIndex: 'plateNum', kind: 'code' },
            { key: 'dname', title: t('logistics.fields.dname'), dataIndex: 'dname', kind: 'name' },
            { key: 'dmobile', title: t('logistics.fields.dmobile'), dataIndex: 'dmobile', kind: 'phone' },
            { key: 'company', title: t('logistics.fields.company'), dataIndex: 'company', kind: 'text' },
            { key: 'logType', title: t('logistics.fields.logType'), kind: 'text', render: (_v, b) => labelIn(b.logTypeName, lang) },
            {
              key: 'times',
              title: t('logistics.desk.times'),
              kind: 'text',
              render: (_v, b) => (b.visitdate ? `${formatTime(b.visitdate)} – ${b.leaveTime ? formatTime(b.leaveTime) : ''}` : '—'),
            },
            {
              key: 'state',
              title: t('logistics.fields.status'),
              kind: 'tag',
              render: (_v, b) =>
                b.pstatus === 1 && b.visitdate ? (
                  <Typography.Text>{t('logistics.desk.onSite')}</Typography.Text>
                ) : (
                  <BookingStatusTag pstatus={b.pstatus} />
                ),
            },
            {
              key: 'actions',
              title: t('logistics.fields.actions'),
              kind: 'actions',
              width: 160,
              render: (_v, b) => {
                const m = deskMove(b);
                return (
                  <Flex gap={4} align="center">
                    {m ? (
                      <Popconfirm title={t(`logistics.desk.confirm.${m}`, { plate: b.plateNum })} onConfirm={() => run(b, m)}>
                        <Button
                          size="small"
                          type={m === 'arrive' ? 'primary' : 'default'}
                          icon={m === 'arrive' ? <LoginOutlined /> : <LogoutOutlined />}
                        >
                          {t(`logistics.desk.${m}`)}
                        </Button>
                      </Popconfirm>
                    ) : null}
                    <Tooltip title={t('logistics.data.details')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<EyeOutlined />}
                        aria-label={`${t('logistics.data.details')} ${b.plateNum}`}
                        onClick={() => setShown(b)}
                      />
                    </Tooltip>
                  </Flex>
                );
              },
            },
          ]}
        />
      </Card>
      <BookingDrawer booking={shown} types={types.data ?? []} onClose={() => setShown(null)} />
    </>
  );
}
