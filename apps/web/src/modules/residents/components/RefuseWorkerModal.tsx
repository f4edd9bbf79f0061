import { type ResidentVisitor, updateRvPermission } from '@openvisit/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { inputMax, ReasonModal } from '../../../platform/list';
import { useDecideResidents } from '../api';

const REASON_MAX = inputMax(updateRvPermission, 'refuseCause');

/** Refuses a worker, with the reason the supplier company is told (updateRvPermission rstatus 2). */
export function RefuseWorkerModal({ worker, onClose }: { worker: ResidentVisitor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decide = useDecideResidents();
  const submit = async (reason: string) => {
    if (!worker) return;
    await decide.mutateAsync({ rids: [worker.rid], rstatus: 2, refuseCause: reason });
    void message.success(t('suppliers.workers.refused', { name: worker.name }));
    onClose();
  };
  return (
    <ReasonModal
      open={worker !== null}
      title={t('suppliers.workers.refuseTitle', { name: worker?.name ?? '' })}
      okText={t('suppliers.workers.refuse')}
      label={t('suppliers.workers.reason')}
      max={REASON_MAX}
      pending={decide.isPending}
      onCancel={onClose}
      onSubmit={submit}
    />
  );
}
