import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useAreaTitleKey } from '../../../platform/config';
import { getSession } from '../../../platform/session';
import { useRoleLabel } from '../roleLabels';

/**
 * Who is signed in, for which company, as what: the home of an area whose screens are still to come, and HSE's
 * account details (/hsehome/account, `AccountDetailsPage`).
 */
export function AreaHomePage({ titleKey = 'menu.home' }: { titleKey?: 'menu.home' | 'menu.accountDetails' }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const navigate = useNavigate();
  const { project, role, loginAccount } = getSession();
  const name = project?.username ?? project?.sName ?? loginAccount ?? '';
  const roleKey = useAreaTitleKey(`enums.consoleRole.${role ?? 'manager'}` as const);
  const roleText = role ? t(roleKey) : '';
  // Staff accounts also show their precise kind (e.g. "Logistics specialist") from the contract lookup.
  const kind = project?.sType !== undefined && project.sType >= 0 ? roleLabel(project.sType) : null;

  return (
    <>
      <PageHeader
        title={t(titleKey)}
        actions={
          <Button icon={<LockOutlined />} onClick={() => navigate('password')}>
            {t('accounts.home.changePassword')}
          </Button>
        }
      />
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="greeting">
          {t('accounts.home.greeting', { name })}
        </Typography.Title>
        <Descriptions
          column={1}
          items={[
            { key: 'company', label: t('accounts.home.company'), children: <span data-testid="home-company">{project?.company ?? ''}</span> },
            {
              key: 'role',
              label: t('accounts.home.role'),
              children: <span data-testid="home-role">{kind && kind !== roleText ? `${roleText} · ${kind}` : roleText}</span>,
            },
            { key: 'account', label: t('accounts.home.account'), children: loginAccount ?? '' },
          ]}
        />
      </Card>
    </>
  );
}

/** The account's details in an account section (HSE): the same page under its own title. */
export function AccountDetailsPage() {
  return <AreaHomePage titleKey="menu.accountDetails" />;
}
