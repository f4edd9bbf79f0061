import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetSessionQueries } from '../../../platform/config';
import { useLeaveCompany } from '../api';
import { readOnlyCompany, restoreSuper } from '../readOnlySession';

/**
 * Shown over the administrator console while a super account looks into one of its companies. It hides nothing
 * else: the server refuses every write of the read-only session (610). Going back ends that session and puts the
 * super account's own back, without signing in again.
 */
export function ReadOnlyBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useLeaveCompany();
  const company = readOnlyCompany();
  if (company === null) return null;
  const back = () =>
    leave.mutate(undefined, {
      onSettled: () => {
        const restored = restoreSuper();
        resetSessionQueries(queryClient);
        navigate(restored ? '/super' : '/signin', { replace: true });
      },
    });
  return (
    <Alert
      type="warning"
      showIcon
      banner
      data-testid="read-only-banner"
      title={t('superAccounts.readOnly.banner', { company })}
      action={
        <Button size="small" type="primary" loading={leave.isPending} onClick={back} data-testid="read-only-back">
          {t('superAccounts.readOnly.back')}
        </Button>
      }
    />
  );
}
