import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ApproverLeave, LEAVE_NOTE_MAX, Status } from '@openvisit/contract';
import { App, Button, Card, DatePicker, Flex, Form, Input, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeSelect } from '../../../core/people/public';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { DAY_FORMAT, formatDate } from '../../../platform/format';
import { CellText, FitTable } from '../../../platform/list';
import { displayError } from '../../../platform/notify';
import { useAddLeave, useDeleteLeave, useLeaves } from '../api';
import { problemText } from './PolicyEditor';

interface Values {
  empId?: number;
  startDate?: Dayjs;
  endDate?: Dayjs;
  standInId?: number;
  note?: string;
}

/** The leave form's own messages for the server's field failures (a stand-in chain back to the approver, themselves). */
const LEAVE_RULES: Readonly<Record<string, string>> = { cycle: 'cycle', self: 'self', beforeStart: 'beforeStart' };

/** Adds a leave range: the approver (fixed for "my leave"), the dates, an optional stand-in and a note. */
function LeaveModal({ open, empId, onClose }: { open: boolean; empId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddLeave();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.startDate || !v.endDate) return;
    const who = empId ?? v.empId;
    if (!who) return;
    try {
      await add.mutateAsync({
        empId: who,
        startDate: v.startDate.format(DAY_FORMAT),
        endDate: v.endDate.format(DAY_FORMAT),
        standInId: v.standInId ?? null,
        note: v.note?.trim() ?? '',
      });
      void message.success(t('approvals.leave.saved'));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === Status.EMPLOYEE_NOT_EXIST)
        form.setFields([{ name: empId === null ? 'empId' : 'standInId', errors: [t('approvals.leave.noEmployee')] }]);
      else if (err.status === Status.BAD_PARAMS && err.fieldErrors.length)
        form.setFields(
          err.fieldErrors.map((e) => {
            const own = LEAVE_RULES[e.rule];
            return { name: e.field as keyof Values, errors: [own ? t(`approvals.leave.${own as 'cycle'}`) : problemText(e.rule)] };
          }),
        );
      else displayError(err);
    }
  };
  // Each in its Form.Item, which gives it the id its label points at.
  const pick = () => <EmployeeSelect placeholder={t('approvals.leave.pickEmployee')} notFound={t('approvals.leave.notFound')} />;
  return (
    <Modal open={open} title={t('approvals.leave.add')} onOk={submit} onCancel={onClose} okButtonProps={{ loading: add.isPending }} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" preserve={false}>
        {empId === null ? (
          <Form.Item name="empId" label={t('approvals.leave.employee')} rules={[{ required: true, message: t('validation.required') }]}>
            {pick()}
          </Form.Item>
        ) : null}
        <Flex gap={12}>
          <Form.Item name="startDate" label={t('approvals.leave.start')} rules={[{ required: true, message: t('validation.required') }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item
            name="endDate"
            label={t('approvals.leave.end')}
            dependencies={['startDate']}
            rules={[
              { required: true, message: t('validation.required') },
              ({ getFieldValue }) => ({
                validator: async (_, end?: Dayjs) => {
                  const start = getFieldValue('startDate') as Dayjs | undefined;
                  if (start && end?.isBefore(start, 'day')) throw new Error(t('approvals.leave.beforeStart'));
                },
              }),
            ]}
          >
            <DatePicker />
          </Form.Item>
        </Flex>
        <Form.Item name="standInId" label={t('approvals.leave.standIn')} extra={t('approvals.leave.standInHelp')}>
          {pick()}
        </Form.Item>
        <Form.Item name="note" label={t('approvals.leave.note')}>
          <Input maxLength={LEAVE_NOTE_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Approvers' leave not yet over, with their stand-ins: every approver's for an administrator, or with `empId` the
 * signed-in employee's own ("my leave"), added and deleted after a confirmation.
 */
export function LeavePanel({ empId = null }: { empId?: number | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const leaves = useLeaves();
  const remove = useDeleteLeave();
  const [adding, setAdding] = useState({ open: false, key: 0 });
  const dates = (l: ApproverLeave) => (l.startDate === l.endDate ? formatDate(l.startDate) : `${formatDate(l.startDate)} – ${formatDate(l.endDate)}`);
  return (
    <Card title={empId === null ? t('approvals.leave.title') : t('approvals.leave.mine')}>
      <Typography.Paragraph type="secondary">{t('approvals.leave.help')}</Typography.Paragraph>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding((a) => ({ open: true, key: a.key + 1 }))}>
          {t('approvals.leave.add')}
        </Button>
      </Flex>
      <FitTable<ApproverLeave>
        rowKey="lid"
        size="middle"
        loading={leaves.isFetching}
        dataSource={leaves.data ?? []}
        pagination={false}
        locale={{ emptyText: leaves.isPending ? <div style={{ height: 80 }} /> : t('approvals.leave.empty') }}
        columns={[
          ...(empId === null ? [{ key: 'emp', title: t('approvals.leave.columns.employee'), dataIndex: 'empName', kind: 'name' as const }] : []),
          { key: 'dates', title: t('approvals.leave.columns.dates'), render: (_: unknown, l) => dates(l) },
          {
            key: 'standIn',
            title: t('approvals.leave.columns.standIn'),
            render: (_: unknown, l) => (l.standInId !== null ? l.standInName : <CellText secondary>{t('approvals.leave.auto')}</CellText>),
          },
          { key: 'note', title: t('approvals.leave.columns.note'), dataIndex: 'note', kind: 'text' },
          {
            key: 'actions',
            title: t('approvals.leave.columns.actions'),
            kind: 'actions',
            width: 80,
            render: (_: unknown, l) => (
              <ConfirmDelete
                title={t('approvals.leave.deleteConfirm', { name: l.empName, dates: dates(l) })}
                onConfirm={() => remove.mutateAsync(l.lid).then(() => void message.success(t('approvals.leave.deleted')))}
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${l.empName} ${dates(l)}`} />
              </ConfirmDelete>
            ),
          },
        ]}
      />
      <LeaveModal key={adding.key} open={adding.open} empId={empId} onClose={() => setAdding((a) => ({ ...a, open: false }))} />
    </Card>
  );
}
