import { Card } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { PasskeysCard } from '../../passkeys/public';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { CloseAccountCard } from '../components/CloseAccountCard';

/** Account settings › security: change the administrator's password; passkeys; close the account (the administrator only). */
export function SafePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('accounts.safe.title')} />
      <Card title={t('accounts.safe.passwordTitle')}>
        <ChangePasswordForm />
      </Card>
      <Suspense fallback={<Card loading style={{ marginTop: 16 }} />}>
        <PasskeysCard />
      </Suspense>
      <CloseAccountCard />
    </>
  );
}
