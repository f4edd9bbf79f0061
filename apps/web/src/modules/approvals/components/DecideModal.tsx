import { PROCESS_REMARK_MAX, type ProcessRecord, Status } from '@openvisit/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useDecide } from '../api';

export type Decision = 'approve' | 'refuse' | 'return';

type Values = { remark?: string; fields?: Record<string, string | undefined> };

/**
 * One decision on one step: a reason is required to refuse or return (the server's rule), and to approve when the
 * step asks one; the step's own fields are shown and sent with the decision, the required ones required to approve.
 */
export function DecideModal({ record, result, onClose }: { record: ProcessRecord | null; result: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const decide = useDecide();
  const needsReason = result !== 'approve' || !!record?.reasonToApprove;
  const stepFields = record?.fields ?? [];

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED) {
      void message.warning(t('approvals.decide.alreadyDecided'));
      onClose();
    } else if (err instanceof ApiError && err.status === Status.NOT_APPROVER) {
      void message.error(t('approvals.decide.notApprover'));
      onClose();
    } else handleFormError(form, err);
  };
  const submit = async (v: Values) => {
    if (!record) return;
    const fields = Object.fromEntries(stepFields.map((f) => [f.name, (v.fields?.[f.name] ?? '').trim()]));
    try {
      await decide.mutateAsync({ rid: record.rid, result, remark: (v.remark ?? '').trim(), ...(stepFields.length ? { fields } : {}) });
      void message.success(t(`approvals.decide.${result === 'approve' ? 'approved' : result === 'refuse' ? 'refused' : 'returned'}`));
      onClose();
    } catch (err) {
      failed(err);
    }
  };

  return (
    <Modal
      title={t(`approvals.decide.${result}Title`, { name: record?.vname ?? '' })}
      open={record !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(`approvals.queue.${result}`)}
      okButtonProps={{ danger: result === 'refuse', loading: decide.isPending }}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        autoComplete="off"
        onFinish={submit}
        initialValues={{ remark: '', fields: Object.fromEntries(stepFields.map((f) => [f.name, f.value])) }}
      >
        {stepFields.map((f) => (
          <Form.Item
            key={f.name}
            name={['fields', f.name]}
            label={f.name}
            rules={[
              ...(f.required && result === 'approve' ? [{ required: true, whitespace: true, message: t('approvals.decide.fieldRequired') }] : []),
              { max: PROCESS_REMARK_MAX, message: t('validation.tooLong', { max: PROCESS_REMARK_MAX }) },
            ]}
          >
            <Input maxLength={PROCESS_REMARK_MAX} />
          </Form.Item>
        ))}
        <Form.Item
          label={needsReason ? t('approvals.decide.remark') : t('approvals.decide.remarkOptional')}
          name="remark"
          rules={[
            ...(needsReason ? [{ required: true, whitespace: true, message: t('approvals.decide.remarkRequired') }] : []),
            { max: PROCESS_REMARK_MAX, message: t('validation.tooLong', { max: PROCESS_REMARK_MAX }) },
          ]}
        >
          <Input.TextArea rows={3} count={{ show: true, max: PROCESS_REMARK_MAX }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
