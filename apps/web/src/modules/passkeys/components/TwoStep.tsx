import { Button, Flex, Popconfirm, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNewRecoveryCodes, useSetTwoStep } from '../api';
import { RecoveryCodes } from './RecoveryCodes';

/** The two-step switch under the passkeys: on answers recovery codes (shown once); off asks first. */
export function TwoStep({ on, passkeys, codesLeft }: { on: boolean; passkeys: number; codesLeft: number }) {
  const { t } = useTranslation();
  const setTwoStep = useSetTwoStep();
  const newCodes = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const turnOn = async () => {
    try {
      setCodes((await setTwoStep.mutateAsync(true)).recoveryCodes);
    } catch {
      // shown by the error policy
    }
  };
  const renew = async () => {
    try {
      setCodes((await newCodes.mutateAsync()).recoveryCodes);
    } catch {
      // shown by the error policy
    }
  };
  const labelId = 'two-step-label';
  const toggle = (
    <Switch
      aria-labelledby={labelId}
      checked={on}
      loading={setTwoStep.isPending}
      disabled={!on && passkeys === 0}
      checkedChildren={t('passkeys.twoStep.on')}
      unCheckedChildren={t('passkeys.twoStep.off')}
      onChange={(next) => (next ? void turnOn() : undefined)}
    />
  );
  return (
    <Flex vertical gap={8} style={{ marginTop: 24 }}>
      <Typography.Title level={5} id={labelId} style={{ margin: 0 }}>
        {t('passkeys.twoStep.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('passkeys.twoStep.explain')}</Typography.Text>
      <Flex align="center" gap={12} wrap>
        {on ? (
          // Turning it off asks first; the switch itself does not move until confirmed.
          <Popconfirm
            title={t('passkeys.twoStep.turnOffConfirm')}
            okText={t('passkeys.twoStep.turnOff')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => setTwoStep.mutateAsync(false).catch(() => undefined)}
          >
            {toggle}
          </Popconfirm>
        ) : (
          toggle
        )}
        {!on && passkeys === 0 && <Typography.Text type="secondary">{t('passkeys.twoStep.needsPasskey')}</Typography.Text>}
        {on && (
          <>
            <Typography.Text data-testid="codes-left">{t('passkeys.twoStep.codesLeft', { count: codesLeft })}</Typography.Text>
            <Popconfirm
              title={t('passkeys.twoStep.newCodesConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => renew()}
            >
              <Button loading={newCodes.isPending}>{t('passkeys.twoStep.newCodes')}</Button>
            </Popconfirm>
          </>
        )}
      </Flex>
      <RecoveryCodes codes={codes} onClose={() => setCodes(null)} />
    </Flex>
  );
}
