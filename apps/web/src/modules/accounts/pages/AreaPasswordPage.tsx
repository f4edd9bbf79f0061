import { addPasskeyStart } from '@openvisit/contract';
import { Card } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { PageHeader } from '../../../platform/components/PageHeader';
import { PasskeysCard } from '../../passkeys/public';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

/**
 * Change-password screen of the non-admin areas (the employee portal's, emppwd, changes it with `updateEmpPwd`), and
 * the account's passkeys (not for the machines' accounts, which have none).
 */
export function AreaPasswordPage({ employee = false }: { employee?: boolean }) {
  const { t } = useTranslation();
  const passkeys = useCanCall(addPasskeyStart);
  return (
    <>
      <PageHeader title={t('menu.password')} />
      <Card>
        <ChangePasswordForm employee={employee} />
      </Card>
      {passkeys && (
        <Suspense fallback={<Card loading style={{ marginTop: 16 }} />}>
          <PasskeysCard />
        </Suspense>
      )}
    </>
  );
}

/** The employee portal's change-password screen (/emporder/emppwd). */
export function EmployeePasswordPage() {
  return <AreaPasswordPage employee />;
}
