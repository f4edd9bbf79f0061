import type { ResidentVisitor } from '@openvisit/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDecideResidents } from '../../residents/public';

/** Refuses a worker, with the reason the supplier company is told (updateRvPermission rstatus 2). */
export function RefuseWorkerModal({ worker, onClose }: { worker: ResidentVisitor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decide = useDecideResidents();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async ({ reason }: { reason: string }) => {
    if (!worker) return;
    await decide.mutateAsync({ rids: [worker.rid], rstatus: 2, refuseCause: reason.trim() });
    void message.success(t('suppliers.workers.refused', { name: worker.name }));
    onClose();
  };
  return (
    <Modal
      open={worker !== null}
      title={t('suppliers.workers.refuseTitle', { name: worker?.name ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('suppliers.workers.refuse')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={decide.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)}>
        <Form.Item
          name="reason"
          label={t('suppliers.workers.reason')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
