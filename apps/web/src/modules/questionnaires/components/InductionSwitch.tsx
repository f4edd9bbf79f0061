import { updateQuestionnaireSwitch } from '@openvisit/contract';
import { App, Flex, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { useCanCall } from '../../../platform/access';
import { useQuestionnaireSwitch } from '../api';

/**
 * The company switch (`questionnaireSwitch`): visitors of a type with a questionnaire pass its induction before they
 * check in. Switching it on while no questionnaire is enabled asks first (nobody would be asked anything). Without the
 * right to change it (HSE), it says how it stands.
 */
export function InductionSwitch({ anyEnabled }: { anyEnabled: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const info = useUserInfo();
  const write = useQuestionnaireSwitch();
  const canChange = useCanCall(updateQuestionnaireSwitch);
  const id = useId();
  if (!info.data) return null;
  const on = info.data.questionnaireSwitch === 1;

  const change = async (next: boolean) => {
    try {
      await write.mutateAsync(next);
      void message.success(t(next ? 'questionnaires.settings.switchedOn' : 'questionnaires.settings.switchedOff'));
    } catch {
      // shown by the error policy
    }
  };
  const ask = (next: boolean) => {
    if (!next || anyEnabled) {
      void change(next);
      return;
    }
    modal.confirm({
      title: t('questionnaires.settings.noneEnabledTitle'),
      content: t('questionnaires.settings.noneEnabled'),
      okText: t('questionnaires.settings.switchOnAnyway'),
      cancelText: t('common.cancel'),
      onOk: () => change(true),
    });
  };

  return (
    <Flex align="center" gap={12} data-testid="induction-switch">
      {canChange ? <Switch checked={on} loading={write.isPending} onChange={ask} aria-labelledby={id} /> : null}
      <Flex vertical>
        <Typography.Text strong id={id}>
          {t('questionnaires.settings.switch')}
        </Typography.Text>
        <Typography.Text type="secondary">{t(on ? 'questionnaires.settings.on' : 'questionnaires.settings.off')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
