import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

/** Change-password screen of the non-admin areas. */
export function AreaPasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.password')} />
      <Card>
        <ChangePasswordForm />
      </Card>
    </>
  );
}
