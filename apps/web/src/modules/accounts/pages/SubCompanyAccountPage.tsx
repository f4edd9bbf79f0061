import { Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { PageHeader } from '../../../platform/components/PageHeader';

/**
 * The sub-company portal's account details (/subcom/account): its own name, contact, sign-in email and phone, read
 * only (the head office keeps them), from GetUserInfo, which answers a sub-company session its own account and of the
 * head office's settings only the invitation permission, multi-company switch and exemption clause.
 */
export function SubCompanyAccountPage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const d = info.data;
  return (
    <>
      <PageHeader title={t('menu.accountDetails')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('accounts.subCompany.intro')}</Typography.Paragraph>
        {d ? (
          <Descriptions
            column={1}
            data-testid="subcom-account"
            items={[
              { key: 'name', label: t('accounts.subCompany.name'), children: d.company },
              { key: 'contact', label: t('accounts.subCompany.contact'), children: d.username || '—' },
              { key: 'email', label: t('accounts.subCompany.email'), children: d.email },
              { key: 'phone', label: t('accounts.subCompany.phone'), children: d.phone || '—' },
              {
                key: 'invitations',
                label: t('accounts.subCompany.invitations'),
                children:
                  d.permissionSwitch === 1 ? (
                    <Tag color="success">{t('accounts.subCompany.invitationsOpen')}</Tag>
                  ) : (
                    <Tag>{t('accounts.subCompany.invitationsClosed')}</Tag>
                  ),
              },
            ]}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} />
        )}
      </Card>
    </>
  );
}
