import { type InterimCard, REFUSE_REASON_MAX } from '@openvisit/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../platform/list';
import { useRefuseCard } from '../api';

/** Refuses an application with a reason of at most 50 characters (counted as typed, as the server counts). */
export function RefuseModal({ card, onClose }: { card: InterimCard | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refuse = useRefuseCard();
  const submit = async (refuseReason: string) => {
    if (!card) return;
    await refuse.mutateAsync({ cid: card.cid, refuseReason });
    void message.success(t('interimCards.refuse.done'));
    onClose();
  };
  return (
    <ReasonModal
      open={card !== null}
      title={t('interimCards.refuse.title', { name: card?.name ?? '' })}
      okText={t('interimCards.refuse.action')}
      label={t('interimCards.refuse.reason')}
      name="refuseReason"
      formName="interim-refuse"
      max={REFUSE_REASON_MAX}
      fieldErrors
      pending={refuse.isPending}
      onCancel={onClose}
      onSubmit={submit}
    />
  );
}
