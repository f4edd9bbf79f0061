import { PROCESS_REMARK_MAX, type ProcessRecord, Status } from '@openvisit/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ReasonModal } from '../../../platform/list';
import { useDecide } from '../api';

export type Decision = 'approve' | 'refuse' | 'return';

/** One decision on one level: a reason is required to refuse or return (the server's rule), optional to approve. */
export function DecideModal({ record, result, onClose }: { record: ProcessRecord | null; result: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decide = useDecide();
  const needsReason = result !== 'approve';

  const submit = async (remark: string) => {
    if (!record) return;
    try {
      await decide.mutateAsync({ rid: record.rid, result, remark });
      void message.success(t(`approvals.decide.${result === 'approve' ? 'approved' : result === 'refuse' ? 'refused' : 'returned'}`));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED) {
        void message.warning(t('approvals.decide.alreadyDecided'));
        onClose();
      } else if (err instanceof ApiError && err.status === Status.NOT_APPROVER) {
        void message.error(t('approvals.decide.notApprover'));
        onClose();
      } else throw err;
    }
  };

  const name = record?.vname ?? '';
  return (
    <ReasonModal
      open={record !== null}
      title={t(`approvals.decide.${result}Title`, { name })}
      okText={t(`approvals.queue.${result}`)}
      label={needsReason ? t('approvals.decide.remark') : t('approvals.decide.remarkOptional')}
      name="remark"
      max={PROCESS_REMARK_MAX}
      required={needsReason}
      requiredMessage={t('approvals.decide.remarkRequired')}
      danger={result === 'refuse'}
      autoFocus
      fieldErrors
      pending={decide.isPending}
      onCancel={onClose}
      onSubmit={submit}
    />
  );
}
