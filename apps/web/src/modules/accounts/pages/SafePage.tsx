import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { CloseAccountCard } from '../components/CloseAccountCard';

/** Account settings › security: change the administrator's password; close the account (the administrator only). */
export function SafePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('accounts.safe.title')} />
      <Card title={t('accounts.safe.passwordTitle')}>
        <ChangePasswordForm />
      </Card>
      <CloseAccountCard />
    </>
  );
}
