import { EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { type LogisticsBooking, labelIn } from '@openvisit/contract';
import { Button, Card, Flex, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { ListTable, useListPage, usePaging } from '../../../platform/list';
import { useDeskBookings, useLogisticsTypes } from '../api';
import { BookingDrawer } from '../components/BookingDrawer';
import { BookingStatusTag } from '../components/BookingStatusTag';
import { GateMoveButtons } from '../components/GateMoves';

/**
 * The front desk's trucks of the day: approved bookings, signed in on arrival and out on departure; whether a truck was
 * released for exit is shown, and released here by those who may (a sub-administrator's desk; a desk account may not).
 */
export function DeskPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const paging = usePaging();
  const day = dayjs().format(DAY_FORMAT);
  const list = useDeskBookings(day, paging.values.page, paging.values.size);
  const table = useListPage(paging, list, { background: true });
  const types = useLogisticsTypes();
  const [shown, setShown] = useState<LogisticsBooking | null>(null);

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
          {...table.props}
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
              key: 'exitTime',
              title: t('logistics.fields.exitTime'),
              kind: 'text',
              render: (_v, b) => (b.exitTime ? formatTime(b.exitTime) : '—'),
            },
            {
              key: 'state',
              title: t('logistics.fields.status'),
              kind: 'tag',
              render: (_v, b) =>
                b.pstatus === 1 && b.visitdate ? (
                  <Typography.Text>{t(b.exitTime ? 'logistics.desk.released' : 'logistics.desk.onSite')}</Typography.Text>
                ) : (
                  <BookingStatusTag pstatus={b.pstatus} />
                ),
            },
            {
              key: 'actions',
              title: t('logistics.fields.actions'),
              kind: 'actions',
              width: 280,
              render: (_v, b) => (
                <Flex gap={4} align="center">
                  <GateMoveButtons booking={b} size="small" />
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
              ),
            },
          ]}
        />
      </Card>
      <BookingDrawer
        booking={shown}
        types={types.data ?? []}
        onClose={() => setShown(null)}
        extra={
          shown ? (
            <Space>
              <GateMoveButtons booking={shown} onDone={setShown} />
            </Space>
          ) : null
        }
      />
    </>
  );
}
