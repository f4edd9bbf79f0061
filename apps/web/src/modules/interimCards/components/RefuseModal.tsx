import { type InterimCard, REFUSE_REASON_MAX } from '@openvisit/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRefuseCard } from '../api';

/** Refuses an application with a reason of at most 50 characters (counted as typed, as the server counts). */
export function RefuseModal({ card, onClose }: { card: InterimCard | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refuse = useRefuseCard();
  const [form] = Form.useForm<{ refuseReason: string }>();

  const submit = async (v: { refuseReason: string }) => {
    if (!card) return;
    try {
      await refuse.mutateAsync({ cid: card.cid, refuseReason: v.refuseReason.trim() });
      void message.success(t('interimCards.refuse.done'));
      onClose();
    } catch (err) {
      handleFormError(form, err);
    }
  };

  return (
    <Modal
      title={t('interimCards.refuse.title', { name: card?.name ?? '' })}
      open={card !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('interimCards.refuse.action')}
      okButtonProps={{ danger: true, loading: refuse.isPending }}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} name="interim-refuse" layout="vertical" initialValues={{ refuseReason: '' }} onFinish={submit} autoComplete="off">
        <Form.Item
          label={t('interimCards.refuse.reason')}
          name="refuseReason"
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            {
              validator: async (_r, v: unknown) => {
                if (typeof v === 'string' && v.trim().length > REFUSE_REASON_MAX)
                  throw new Error(t('validation.tooLong', { max: REFUSE_REASON_MAX }));
              },
            },
          ]}
        >
          <Input.TextArea rows={3} count={{ show: true, max: REFUSE_REASON_MAX }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
