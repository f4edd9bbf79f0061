import { VISIT_CARD_NO, type Visit } from '@openvisit/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../platform/fieldErrors';
import { useSetCard } from '../api.reception';

/**
 * The access card of a visitor on site: the desk types the number of the card it hands out, or clears it when the card
 * comes back. The server keeps one card with one visitor on site at a time.
 */
export function CardDialog({ visit, onClose }: { visit: Visit | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ cardNo: string }>();
  const setCard = useSetCard();

  useEffect(() => {
    if (visit) form.setFieldsValue({ cardNo: visit.cardNo });
  }, [visit, form]);

  const save = async () => {
    if (!visit) return;
    // The field shows what is wrong; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { cardNo } = values;
    try {
      const saved = await setCard.mutateAsync({ vid: visit.vid, cardNo: cardNo.trim() });
      message.success(
        saved.cardNo ? t('reception.card.issued', { cardNo: saved.cardNo, name: saved.vname }) : t('reception.card.returned', { name: saved.vname }),
      );
      onClose();
    } catch (err) {
      handleFormError(form, err);
    }
  };

  return (
    <Modal
      open={visit !== null}
      title={visit ? t('reception.card.title', { name: visit.vname }) : ''}
      okText={t('reception.card.save')}
      onOk={() => void save()}
      confirmLoading={setCard.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {visit?.cardNo ? t('reception.card.current', { cardNo: visit.cardNo }) : t('reception.card.none')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={() => void save()}>
        <Form.Item
          name="cardNo"
          label={t('reception.card.label')}
          extra={t('reception.card.help')}
          rules={[
            {
              validator: async (_r, v: string) =>
                !v?.trim() || VISIT_CARD_NO.test(v.trim()) ? undefined : Promise.reject(new Error(t('reception.card.format'))),
            },
          ]}
        >
          <Input autoFocus maxLength={32} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
