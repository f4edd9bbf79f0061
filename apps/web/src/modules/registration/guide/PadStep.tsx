import { Button, Card, Col, Flex, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModifyUserInfo, useUserInfo } from '../../../core/company/public';
import { kioskCompanyName } from '../../../core/kioskFace/public';
import { ApiError } from '../../../platform/apiError';
import type { GuideStepProps } from '../../../platform/guide';
import { displayError } from '../../../platform/notify';
import { SwitchRow, ThemeColorForm } from '../components/KioskSettings';
import { PictureField } from '../components/PictureField';
import { KioskPreviewCard } from '../components/Previews';

/**
 * Onboarding step "pad settings" (/guide5): the logo, the theme colour and the sign-out switch, each saved as it is
 * changed, beside the kiosk preview. The rest is on the registration settings screen.
 */
export function PadStep({ isLast, onDone }: GuideStepProps) {
  const { t } = useTranslation();
  const info = useUserInfo();
  const finish = useModifyUserInfo();
  const [busy, setBusy] = useState(false);
  const [themeDraft, setThemeDraft] = useState<string | undefined>(undefined);
  if (!info.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const settings = info.data;

  const next = async () => {
    setBusy(true);
    try {
      if (isLast) await finish.mutateAsync({ guideDone: true });
      onDone();
    } catch (err) {
      if (err instanceof ApiError) displayError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('registration.guide.pad.intro')}</Typography.Paragraph>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <Card size="small">
            <Flex vertical gap={20}>
              <PictureField kind="logo" title={t('registration.padset.logo')} />
              <ThemeColorForm settings={settings} onDraft={setThemeDraft} />
              <SwitchRow name="signOutSwitch" settings={settings} />
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <KioskPreviewCard settings={settings} company={kioskCompanyName(settings)} themeDraft={themeDraft} />
        </Col>
      </Row>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" onClick={() => void next()} loading={busy}>
          {isLast ? t('guide.finish') : t('guide.next')}
        </Button>
        <Button onClick={() => void next()} disabled={busy}>
          {t('registration.guide.pad.skip')}
        </Button>
      </Space>
    </>
  );
}
