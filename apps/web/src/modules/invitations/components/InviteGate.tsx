import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Card, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInviteAccess } from '../api';

/**
 * The employee portal's invite forms, shown only to an employee who may invite: otherwise why not (the company has
 * not opened invitations to employees, or this employee may not) and whom to ask, before anything is typed. When the
 * question fails, the form is shown; the server still refuses at Send.
 */
export function InviteGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const access = useInviteAccess();
  if (access.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  const data = access.data;
  if (!data || data.canInvite) return <>{children}</>;
  const { admin } = data;
  return (
    <Card>
      <Result
        status="warning"
        title={t('invitations.invite.closed')}
        subTitle={t(
          data.reason === 'forbidden'
            ? 'invitations.invite.closedForYou'
            : data.reason === 'subCompanyOff'
              ? 'invitations.invite.closedForSubCompany'
              : 'invitations.invite.closedForCompany',
        )}
        data-testid="invite-closed"
        extra={
          <Flex vertical gap={4} align="center">
            <Typography.Text>
              {admin.name ? t('invitations.invite.askAdminNamed', { name: admin.name }) : t('invitations.invite.askAdmin')}
            </Typography.Text>
            {admin.email ? (
              <Typography.Link href={`mailto:${admin.email}`}>
                <MailOutlined aria-hidden /> {admin.email}
              </Typography.Link>
            ) : null}
            {admin.phone ? (
              <Typography.Link href={`tel:${admin.phone}`}>
                <PhoneOutlined aria-hidden /> {admin.phone}
              </Typography.Link>
            ) : null}
          </Flex>
        }
      />
    </Card>
  );
}
