import type { BasicSettings } from '@openvisit/contract';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberSettingForm } from './NumberSettingForm';
import { SettingSwitch } from './SettingSwitch';

/** Invitations and check-in: who may invite, templates, the check-in window, QR passes and QR check-in at the kiosk. */
export function InvitationSection({ settings }: { settings: BasicSettings }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('settings.baseset.tabs.invitations')}>
        <SettingSwitch
          name="permissionSwitch"
          value={settings.permissionSwitch}
          confirmOff={{ title: t('settings.baseset.permissionOffTitle'), text: t('settings.baseset.permissionOffText') }}
        />
        <SettingSwitch name="tempEditSwitch" value={settings.tempEditSwitch} />
        <SettingSwitch name="scaner" value={settings.scaner} />
        <SettingSwitch name="doorSignIn" value={settings.doorSignIn} />
      </Card>
      <Card size="small" title={t('settings.baseset.compat')}>
        <Typography.Paragraph type="secondary">{t('settings.baseset.compatHelp')}</Typography.Paragraph>
        <SettingSwitch
          name="originalCompat"
          value={settings.originalCompat}
          confirmOff={{ title: t('settings.baseset.originalCompatOffTitle'), text: t('settings.baseset.originalCompatOffText') }}
        />
      </Card>
      <Card size="small" title={t('settings.baseset.window')}>
        <Typography.Paragraph type="secondary">{t('settings.baseset.windowHelp')}</Typography.Paragraph>
        <NumberSettingForm
          id="extendTime"
          values={{ preExtendTime: settings.preExtendTime, latExtendTime: settings.latExtendTime }}
          fields={[
            { name: 'preExtendTime', limit: 'extendTime', unit: 'minutes', label: t('settings.baseset.preExtendTime') },
            { name: 'latExtendTime', limit: 'extendTime', unit: 'minutes', label: t('settings.baseset.latExtendTime') },
          ]}
          toWrite={(v) => ({ call: 'updateExtendTime', input: { preExtendTime: Number(v.preExtendTime), latExtendTime: Number(v.latExtendTime) } })}
        />
      </Card>
      <Card size="small" title={t('settings.baseset.qrcode')}>
        <Typography.Paragraph type="secondary">{t('settings.baseset.qrcodeHelp')}</Typography.Paragraph>
        <NumberSettingForm
          id="qrcode"
          values={{ qrMaxCount: settings.qrMaxCount, qrMaxDuration: settings.qrMaxDuration }}
          fields={[
            {
              name: 'qrMaxCount',
              limit: 'qrMaxCount',
              unit: 'times',
              label: t('settings.baseset.qrMaxCount'),
              help: t('settings.baseset.qrMaxCountHelp'),
            },
            {
              name: 'qrMaxDuration',
              limit: 'qrMaxDuration',
              unit: 'hours',
              label: t('settings.baseset.qrMaxDuration'),
              help: t('settings.baseset.qrMaxDurationHelp'),
            },
          ]}
          toWrite={(v) => ({ call: 'updateQrcodeConf', input: { qrMaxCount: Number(v.qrMaxCount), qrMaxDuration: Number(v.qrMaxDuration) } })}
        />
      </Card>
    </Flex>
  );
}
