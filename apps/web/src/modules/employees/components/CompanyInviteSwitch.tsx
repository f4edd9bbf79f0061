import { updatePermissionSwitch } from '@openvisit/contract';
import { App, Flex, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicWrite, useUserInfo } from '../../../core/company/public';
import { useCanCall } from '../../../platform/access';

/**
 * The company switch that opens invitations to employees (the basic setting `permissionSwitch`), where employees are
 * managed: in the onboarding wizard and above who may invite. Without the right to change it, it says how it stands.
 */
export function CompanyInviteSwitch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const info = useUserInfo();
  const write = useBasicWrite();
  const canChange = useCanCall(updatePermissionSwitch);
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!info.data) return null;
  const on = info.data.permissionSwitch === 1;
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      await write.mutateAsync({ call: 'updatePermissionSwitch', input: { permissionSwitch: next ? 1 : 0 } });
      void message.success(t(next ? 'employees.invitePower.switchedOn' : 'employees.invitePower.switchedOff'));
    } catch {
      // shown by the error policy
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex align="center" gap={12} data-testid="company-invite-switch">
      {canChange ? <Switch checked={on} loading={busy} onChange={(v) => void change(v)} aria-labelledby={id} /> : null}
      <Flex vertical>
        <Typography.Text strong id={id}>
          {t('employees.invitePower.companySwitch')}
        </Typography.Text>
        <Typography.Text type="secondary">{t(on ? 'employees.invitePower.companyOn' : 'employees.invitePower.companyOff')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
