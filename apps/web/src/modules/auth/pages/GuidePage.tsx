import { App, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { homePath } from '../../../app/postLogin';
import { useConfig } from '../../../platform/config';
import { updateStoredProject } from '../../../platform/session';
import { GUIDE_STEPS, guideStepIndex, guideStepPath } from '../guide/steps';

/** /guide, /guide2…/guide5: the onboarding wizard after sign-up, built from the registered steps, one path per step. */
export function GuidePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const features = useConfig().data?.features;
  const current = guideStepIndex(useLocation().pathname);
  const step = GUIDE_STEPS[current];
  if (!step) return null;
  const isLast = current === GUIDE_STEPS.length - 1;

  const next = () => {
    if (!isLast) {
      navigate(guideStepPath(current + 1));
      return;
    }
    updateStoredProject({ guidePending: false });
    void message.success(t('auth.guide.done'));
    navigate(homePath('manager', features), { replace: true });
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.guide.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.guide.intro')}</Typography.Paragraph>
      <Steps current={current} items={GUIDE_STEPS.map((s) => ({ key: s.key, title: t(s.titleKey) }))} style={{ marginBottom: 24 }} />
      <step.Component key={step.key} isLast={isLast} onDone={next} />
    </>
  );
}
