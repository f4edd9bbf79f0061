import { INTERIM_CARD_NO_MAX, INTERIM_CARD_NO_PATTERN, type InterimCard, Status } from '@openvisit/contract';
import { App, DatePicker, Form, type FormRule, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useLendCard } from '../api';

interface Values {
  cardNo: string;
  returnDue?: Dayjs | null;
}

/** Lends a card to an application: its number (checked as typed, as the server checks it) and an optional due time. */
export function LendModal({ card, onClose }: { card: InterimCard | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lend = useLendCard();
  const [form] = Form.useForm<Values>();
  const cardRules: FormRule[] = [
    { required: true, whitespace: true, message: t('validation.required') },
    {
      validator: async (_r, v: unknown) => {
        const s = typeof v === 'string' ? v.trim() : '';
        if (s.length > INTERIM_CARD_NO_MAX) throw new Error(t('validation.tooLong', { max: INTERIM_CARD_NO_MAX }));
        if (s && !INTERIM_CARD_NO_PATTERN.test(s)) throw new Error(t('interimCards.lend.format'));
      },
    },
  ];

  const submit = async (v: Values) => {
    if (!card) return;
    const cardNo = v.cardNo.trim();
    try {
      await lend.mutateAsync({ cid: card.cid, cardNo, ...(v.returnDue && { returnDue: v.returnDue.valueOf() }) });
      void message.success(t('interimCards.lend.done', { cardNo }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.ALREADY_EXISTS)
        form.setFields([{ name: 'cardNo', errors: [t('interimCards.lend.taken')] }]);
      else handleFormError(form, err);
    }
  };

  return (
    <Modal
      title={t('interimCards.lend.title', { name: card?.name ?? '' })}
      open={card !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('interimCards.lend.action')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: lend.isPending }}
      destroyOnHidden
    >
      <Form form={form} name="interim-lend" layout="vertical" initialValues={{ cardNo: '' }} onFinish={submit} autoComplete="off">
        <Form.Item label={t('interimCards.lend.cardNo')} name="cardNo" rules={cardRules}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item label={t('interimCards.lend.returnDue')} name="returnDue" extra={t('interimCards.lend.returnDueHelp')}>
          <DatePicker showTime={{ format: 'HH:mm' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
