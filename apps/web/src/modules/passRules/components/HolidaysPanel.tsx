import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { HOLIDAY_NAME_MAX, type Holiday, Status } from '@openvisit/contract';
import { App, Button, Card, DatePicker, Empty, Flex, Form, Input, InputNumber, Modal, Radio, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { FitTable, type ListColumn } from '../../../platform/list';
import { useDeleteHoliday, useHolidays, useSaveHoliday } from '../api';
import { HolidayImport } from './HolidayImport';

interface HolidayForm {
  hdate: Dayjs;
  hname: string;
  passFlag: 1 | 2;
}

/** Add or edit a holiday; a date already set (223) shown on the date. */
function HolidayModal({ holiday, year, onClose }: { holiday: Holiday | null; year: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const save = useSaveHoliday();
  const [form] = Form.useForm<HolidayForm>();
  const submit = async (v: HolidayForm) => {
    try {
      await save.mutateAsync({ hid: holiday?.hid, hdate: v.hdate.format('YYYY-MM-DD'), hname: v.hname, passFlag: v.passFlag });
      void message.success(t('passRules.holiday.saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.DATE_REPEATED)
        form.setFields([{ name: 'hdate', errors: [t('passRules.holiday.repeated')] }]);
      else handleFormError(form, err);
    }
  };
  const initial = holiday
    ? { hdate: dayjs(holiday.hdate), hname: holiday.hname, passFlag: holiday.passFlag }
    : { hdate: dayjs(`${year}-01-01`), hname: '', passFlag: 1 as const };
  return (
    <Modal
      open
      destroyOnHidden
      title={t(holiday ? 'passRules.holiday.edit' : 'passRules.holiday.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      data-testid="holiday-modal"
    >
      <Form form={form} layout="vertical" name="holiday" initialValues={initial} onFinish={submit}>
        <Form.Item label={t('passRules.holiday.date')} name="hdate" rules={[{ required: true, message: t('validation.required') }]}>
          <DatePicker allowClear={false} style={{ width: '100%' }} data-testid="holiday-date" />
        </Form.Item>
        <Form.Item label={t('passRules.holiday.name')} name="hname" rules={rules.required()}>
          <Input maxLength={HOLIDAY_NAME_MAX} data-testid="holiday-name" />
        </Form.Item>
        <Form.Item label={t('passRules.holiday.kind')} name="passFlag">
          <Radio.Group
            options={[
              { value: 1, label: t('passRules.holiday.kinds.dayOff') },
              { value: 2, label: t('passRules.holiday.kinds.workday') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A year's holidays and make-up working days, beside the schedules that use them. */
export function HolidaysPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const holidays = useHolidays(year);
  const del = useDeleteHoliday();
  const [editing, setEditing] = useState<{ holiday: Holiday | null } | null>(null);
  const columns: ListColumn<Holiday>[] = [
    { title: t('passRules.holiday.date'), dataIndex: 'hdate', kind: 'date' },
    { title: t('passRules.holiday.name'), dataIndex: 'hname', kind: 'name' },
    {
      title: t('passRules.holiday.kind'),
      dataIndex: 'passFlag',
      kind: 'tag',
      width: 160,
      render: (f: 1 | 2) => (
        <Tag color={f === 1 ? 'green' : 'orange'}>{t(f === 1 ? 'passRules.holiday.kinds.dayOff' : 'passRules.holiday.kinds.workday')}</Tag>
      ),
    },
    {
      title: '',
      key: 'actions',
      kind: 'actions',
      render: (_: unknown, h) => (
        <Flex gap={4}>
          <Button type="text" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${h.hname}`} onClick={() => setEditing({ holiday: h })} />
          <ConfirmDelete
            title={t('passRules.holiday.deleteConfirm', { name: h.hname, date: h.hdate })}
            onConfirm={async () => {
              // A failure was shown by the error policy; the row stays.
              if (
                await del.mutateAsync(h.hid).then(
                  () => true,
                  () => false,
                )
              )
                void message.success(t('common.deleted'));
            }}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${h.hname}`} />
          </ConfirmDelete>
        </Flex>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('passRules.holiday.title', { year })}
      extra={
        <Flex gap={8} align="center">
          <InputNumber
            aria-label={t('passRules.holiday.year')}
            min={1970}
            max={9999}
            value={year}
            onChange={(v) => v && setYear(v)}
            data-testid="holiday-year"
          />
          <HolidayImport year={year} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ holiday: null })} data-testid="holiday-add">
            {t('passRules.holiday.add')}
          </Button>
        </Flex>
      }
    >
      <FitTable<Holiday>
        rowKey="hid"
        size="small"
        loading={holidays.isPending}
        dataSource={holidays.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('passRules.holiday.none')} /> }}
        columns={columns}
        data-testid="holidays-table"
      />
      {editing ? <HolidayModal holiday={editing.holiday} year={year} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
