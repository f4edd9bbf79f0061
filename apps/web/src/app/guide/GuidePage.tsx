import { App, Skeleton, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useConfig } from '../../platform/config';
import { updateStoredProject } from '../../platform/session';
import { homePath } from '../postLogin';
import { guideStepIndex, guideStepPath, guideSteps } from './steps';

/** /guide, /guide2…/guide5: the onboarding wizard after sign-up, built from the registered steps, one path per step. */
export function GuidePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const config = useConfig();
  const features = config.data?.features;
  const steps = guideSteps(features);
  const current = guideStepIndex(useLocation().pathname, steps.length);
  // Which steps there are depends on the sections switched on: wait for them, so a step's path stays its step.
  if (config.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const step = steps[current];
  if (!step) return null;
  const isLast = current === steps.length - 1;

  const next = () => {
    if (!isLast) {
      navigate(guideStepPath(current + 1));
      return;
    }
    updateStoredProject({ guidePending: false });
    void message.success(t('guide.done'));
    navigate(homePath('manager', features), { replace: true });
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('guide.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('guide.intro')}</Typography.Paragraph>
      <Steps current={current} items={steps.map((s) => ({ key: s.key, title: t(s.titleKey) }))} style={{ marginBottom: 24 }} />
      <step.Component key={step.key} isLast={isLast} onDone={next} />
    </>
  );
}
