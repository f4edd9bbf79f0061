import { updateUnSubscribe } from '@openvisit/contract';
import { Alert, App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { useCanCall } from '../../../platform/access';
import { formatDate } from '../../../platform/format';
import { useUnsubscribe } from '../api';

/** Shown on every screen of the console while the account is closing: the date of the deletion and, for the administrator, the way back. */
export function ClosingBanner() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const info = useUserInfo();
  const canCancel = useCanCall(updateUnSubscribe);
  const unsubscribe = useUnsubscribe();
  const due = info.data?.closingDue;
  if (!due) return null;
  const cancel = async () => {
    try {
      await unsubscribe.mutateAsync({ unsubscribe: 0 });
      void message.success(t('accounts.closing.cancelled'));
    } catch {
      // shown by the error policy
    }
  };
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="closing-banner"
      title={t('accounts.closing.banner', { date: formatDate(due) })}
      action={
        canCancel ? (
          <Popconfirm title={t('accounts.closing.cancelConfirm')} onConfirm={() => void cancel()}>
            <Button size="small" loading={unsubscribe.isPending}>
              {t('accounts.closing.cancel')}
            </Button>
          </Popconfirm>
        ) : null
      }
    />
  );
}
