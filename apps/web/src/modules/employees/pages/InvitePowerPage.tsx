import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { InvitePermissionSection } from '../components/InvitePermissionSection';

/** /setting/invitepower: the invitation-permission section on a screen of its own until the basic-settings page holds it. */
export function InvitePowerPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.invitePower')} />
      <InvitePermissionSection />
    </>
  );
}
