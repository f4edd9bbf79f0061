import { PROCESS_REMARK_MAX, type ProcessRecord, Status } from '@openvisit/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useDecide } from '../api';

export type Decision = 'approve' | 'refuse' | 'return';

/** One decision on one level: a reason is required to refuse or return (the server's rule), optional to approve. */
export function DecideModal({ record, result, onClose }: { record: ProcessRecord | null; result: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remark: string }>();
  const decide = useDecide();
  const needsReason = result !== 'approve';

  const submit = async () => {
    if (!record) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { remark } = values;
    try {
      await decide.mutateAsync({ rid: record.rid, result, remark: remark?.trim() ?? '' });
      void message.success(t(`approvals.decide.${result === 'approve' ? 'approved' : result === 'refuse' ? 'refused' : 'returned'}`));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED) {
        void message.warning(t('approvals.decide.alreadyDecided'));
        onClose();
      } else if (err instanceof ApiError && err.status === Status.NOT_APPROVER) {
        void message.error(t('approvals.decide.notApprover'));
        onClose();
      } else handleFormError(form, err);
    }
  };

  const name = record?.vname ?? '';
  return (
    <Modal
      open={record !== null}
      title={t(`approvals.decide.${result}Title`, { name })}
      okText={t(`approvals.queue.${result}`)}
      okButtonProps={{ danger: result === 'refuse', loading: decide.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="remark"
          label={needsReason ? t('approvals.decide.remark') : t('approvals.decide.remarkOptional')}
          rules={needsReason ? [{ required: true, whitespace: true, message: t('approvals.decide.remarkRequired') }] : []}
        >
          <Input.TextArea rows={3} maxLength={PROCESS_REMARK_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
