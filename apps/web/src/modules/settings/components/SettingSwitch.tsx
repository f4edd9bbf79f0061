import { App, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BasicWrite, useBasicWrite } from '../../../core/company/public';

type SwitchName = 'permissionSwitch' | 'tempEditSwitch' | 'scaner' | 'doorSignIn' | 'originalCompat';
const CALLS = {
  permissionSwitch: 'updatePermissionSwitch',
  tempEditSwitch: 'updateTempEditSwitch',
  scaner: 'updateScanerSwitch',
  doorSignIn: 'updateDoorSignInSwitch',
  originalCompat: 'updateOriginalCompatSwitch',
} as const;

/**
 * A basic-settings switch: written first, shown as changed once the server answered (spec section 4: a switch takes
 * effect only on status 0). With `confirmOff`, switching off is asked first.
 */
export function SettingSwitch({ name, value, confirmOff }: { name: SwitchName; value: number; confirmOff?: { title: string; text: string } }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const write = useBasicWrite();
  const [busy, setBusy] = useState(false);
  const what = t(`settings.baseset.${name}`);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      await write.mutateAsync({ call: CALLS[name], input: { [name]: on ? 1 : 0 } } as BasicWrite);
      void message.success(t(on ? 'settings.baseset.switchedOn' : 'settings.baseset.switchedOff', { what }));
    } catch {
      // shown by the error policy
    } finally {
      setBusy(false);
    }
  };
  const toggle = (on: boolean) => {
    if (on || !confirmOff) return void change(on);
    void modal.confirm({
      title: confirmOff.title,
      content: confirmOff.text,
      okText: t('settings.baseset.turnOff'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => change(false),
    });
  };

  return (
    <Flex justify="space-between" align="center" gap={16} style={{ padding: '8px 0' }}>
      <div>
        <Typography.Text strong id={`setting-${name}`}>
          {what}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`settings.baseset.${name}Help`)}
        </Typography.Text>
      </div>
      <Switch checked={value === 1} loading={busy} onChange={toggle} aria-labelledby={`setting-${name}`} data-testid={`switch-${name}`} />
    </Flex>
  );
}
