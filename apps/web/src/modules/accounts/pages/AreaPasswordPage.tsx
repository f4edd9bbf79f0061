import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

/** Change-password screen of the non-admin areas; the employee portal's (emppwd) changes it with `updateEmpPwd`. */
export function AreaPasswordPage({ employee = false }: { employee?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.password')} />
      <Card>
        <ChangePasswordForm employee={employee} />
      </Card>
    </>
  );
}

/** The employee portal's change-password screen (/emporder/emppwd). */
export function EmployeePasswordPage() {
  return <AreaPasswordPage employee />;
}
