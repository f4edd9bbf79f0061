import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { addLogisticsInfo, exportLogisticsList, type IdNumbersShown, type LogisticsBooking, labelIn } from '@openvisit/contract';
import { Button, Card, DatePicker, Flex, Form, type FormInstance, Input, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdExportButton } from '../../../core/people/public';
import { useCanCall } from '../../../platform/access';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT } from '../../../platform/format';
import { currentLang, useLang } from '../../../platform/i18n';
import { type ListColumn, ListTable, useListExport, useListPage, useListQuery } from '../../../platform/list';
import { useAllCarriers, useBookings, useLogisticsTypes } from '../api';
import { BookingDrawer } from '../components/BookingDrawer';
import { BookingFormDrawer } from '../components/BookingFormDrawer';
import { BookingStatusTag, STATUS_KEYS } from '../components/BookingStatusTag';
import { GateMoveButtons } from '../components/GateMoves';
import { BOOKING_STATUSES, type BookingFilters, bookingFilterInput, bookingParams } from '../query';

interface FilterValues {
  pstatus?: 0 | 1 | 2 | 3;
  range?: [Dayjs | null, Dayjs | null] | null;
  sname?: string;
  mobile?: string;
  cardid?: string;
  plateNum?: string;
  logType?: number;
  companyId?: number;
}

/** The data screen's filters: status, days, type, carrier, names, phone, ID number, plate. */
function BookingFilterForm({
  form,
  values: f,
  onSearch,
  onReset,
}: {
  form: FormInstance<FilterValues>;
  values: BookingFilters;
  onSearch: (v: FilterValues) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const types = useLogisticsTypes();
  const carriers = useAllCarriers();
  const typeList = types.data ?? [];
  useEffect(() => {
    form.setFieldsValue({
      pstatus: f.pstatus,
      range: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
      sname: f.sname,
      mobile: f.mobile,
      cardid: f.cardid,
      plateNum: f.plateNum,
      logType: f.logType,
      companyId: f.companyId,
    });
  }, [form, f.pstatus, f.from, f.to, f.sname, f.mobile, f.cardid, f.plateNum, f.logType, f.companyId]);
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ rowGap: 8, marginBottom: 16 }} name="logistics-filters">
      <Form.Item name="pstatus" label={t('logistics.fields.status')}>
        <Select
          allowClear
          style={{ width: 150 }}
          options={BOOKING_STATUSES.map((s) => ({ value: s, label: t(`logistics.status.${STATUS_KEYS[s]}`) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('logistics.fields.appointmentDate')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="logType" label={t('logistics.fields.logType')}>
        <Select allowClear style={{ width: 160 }} options={typeList.map((x) => ({ value: x.tid, label: labelIn(x.name, lang) }))} />
      </Form.Item>
      <Form.Item name="companyId" label={t('logistics.fields.company')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          options={(carriers.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="sname" label={t('logistics.filters.name')}>
        <Input allowClear maxLength={50} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="mobile" label={t('logistics.filters.mobile')}>
        <Input allowClear maxLength={32} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="cardid" label={t('logistics.filters.cardid')}>
        <Input allowClear maxLength={18} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="plateNum" label={t('logistics.fields.plateNum')}>
        <Input allowClear maxLength={16} style={{ width: 120 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('logistics.filters.search')}
        </Button>
        <Button onClick={onReset}>{t('logistics.filters.reset')}</Button>
      </Space>
    </Form>
  );
}

/** The data screen's columns; `actions` draws a row's buttons. */
function bookingColumns(t: TFunction, lang: 'zh' | 'en', actions: (b: LogisticsBooking) => ReactNode): ListColumn<LogisticsBooking>[] {
  return [
    { key: 'logNum', title: t('logistics.fields.logNum'), dataIndex: 'logNum', kind: 'code', width: 150 },
    { key: 'plateNum', title: t('logistics.fields.plateNum'), dataIndex: 'plateNum', kind: 'code' },
    { key: 'logType', title: t('logistics.fields.logType'), kind: 'text', render: (_v, b) => labelIn(b.logTypeName, lang) },
    { key: 'company', title: t('logistics.fields.company'), dataIndex: 'company', kind: 'text' },
    { key: 'dname', title: t('logistics.fields.dname'), dataIndex: 'dname', kind: 'name' },
    { key: 'dmobile', title: t('logistics.fields.dmobile'), dataIndex: 'dmobile', kind: 'phone' },
    { key: 'appointmentDate', title: t('logistics.fields.appointmentDate'), dataIndex: 'appointmentDate', kind: 'date' },
    { key: 'pstatus', title: t('logistics.fields.status'), kind: 'tag', render: (_v, b) => <BookingStatusTag pstatus={b.pstatus} /> },
    { key: 'actions', title: t('logistics.fields.actions'), kind: 'actions', render: (_v, b) => actions(b) },
  ];
}

/** Logistics data: every booking by the filters of `getLogisticsInfo` (kept in the URL), its details, booking, export. */
export function DataPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useListQuery(bookingParams);
  const f = query.values;
  const page = useBookings(f);
  const table = useListPage(query, page);
  const types = useLogisticsTypes();
  const canBook = useCanCall(addLogisticsInfo);
  const [filterForm] = Form.useForm<FilterValues>();
  const [shown, setShown] = useState<LogisticsBooking | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; key: number; booking: LogisticsBooking | null }>({ open: false, key: 0, booking: null });
  const { exporting, run: runExport } = useListExport();
  const typeList = types.data ?? [];

  const search = (v: FilterValues) =>
    query.set({
      pstatus: v.pstatus,
      from: v.range?.[0]?.format(DAY_FORMAT),
      to: v.range?.[1]?.format(DAY_FORMAT),
      sname: v.sname?.trim() ?? '',
      mobile: v.mobile?.trim() ?? '',
      cardid: v.cardid?.trim() ?? '',
      plateNum: v.plateNum?.trim() ?? '',
      logType: v.logType,
      companyId: v.companyId,
    });
  const reset = () => {
    filterForm.resetFields();
    search({});
  };
  const exportList = (idNumbers: IdNumbersShown) => {
    const { psList, ...rest } = bookingFilterInput(f);
    return runExport(
      exportLogisticsList,
      { ...rest, ...(psList && { psList: psList.join(',') }), lang: currentLang(), idNumbers },
      t('logistics.data.exported'),
    );
  };
  const openForm = (booking: LogisticsBooking | null) => setEditing((e) => ({ open: true, key: e.key + 1, booking }));
  const filtered = bookingParams.isFiltered(f);

  return (
    <>
      <PageHeader
        title={t('logistics.data.title')}
        extra={<Typography.Text type="secondary">{t('logistics.data.intro')}</Typography.Text>}
        actions={
          <>
            <IdExportButton
              label={t('logistics.data.export')}
              loading={exporting}
              onExport={(ids) => void exportList(ids)}
              testId="logistics-export"
            />
            {canBook ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} disabled={!typeList.length}>
                {t('logistics.data.add')}
              </Button>
            ) : null}
          </>
        }
      />
      <Card>
        <BookingFilterForm form={filterForm} values={f} onSearch={search} onReset={reset} />
        <ListTable<LogisticsBooking>
          rowKey="sid"
          {...table.props}
          totalText={(n) => t('logistics.data.total', { count: n })}
          empty={filtered ? t('logistics.data.emptySearch') : t('logistics.data.empty')}
          emptyAction={filtered ? <Button onClick={reset}>{t('logistics.filters.reset')}</Button> : undefined}
          columns={bookingColumns(t, lang, (b) => (
            <Flex gap={4}>
              <Tooltip title={t('logistics.data.details')}>
                <Button type="text" icon={<EyeOutlined />} aria-label={`${t('logistics.data.details')} ${b.logNum}`} onClick={() => setShown(b)} />
              </Tooltip>
              {b.can.edit ? (
                <Tooltip title={t('common.edit')}>
                  <Button type="text" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${b.logNum}`} onClick={() => openForm(b)} />
                </Tooltip>
              ) : null}
            </Flex>
          ))}
        />
      </Card>
      <BookingDrawer
        booking={shown}
        types={typeList}
        onClose={() => setShown(null)}
        extra={
          shown ? (
            <Space>
              <GateMoveButtons booking={shown} onDone={setShown} />
            </Space>
          ) : null
        }
      />
      <BookingFormDrawer
        key={editing.key}
        open={editing.open}
        booking={editing.booking}
        types={typeList}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </>
  );
}
