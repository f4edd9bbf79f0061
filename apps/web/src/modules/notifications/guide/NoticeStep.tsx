import { Button, Card, Collapse, Flex, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModifyUserInfo } from '../../../core/company/public';
import { ApiError } from '../../../platform/apiError';
import type { GuideStepProps } from '../../../platform/guide';
import { displayError } from '../../../platform/notify';
import { useNotifyConf } from '../api';
import { EmailForm } from '../components/EmailForm';
import { SmsForm } from '../components/SmsForm';

/**
 * Onboarding step "notification mode" (/guide4): how hosts are told — email through the installation's mail server or
 * the company's own (with a test mail), and optionally SMS — with the notice screen's own forms, each saved by its button.
 */
export function NoticeStep({ isLast, onDone }: GuideStepProps) {
  const { t } = useTranslation();
  const conf = useNotifyConf();
  const finish = useModifyUserInfo();
  const [busy, setBusy] = useState(false);
  if (!conf.data) return <Skeleton active paragraph={{ rows: 6 }} />;

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
    <div data-testid="guide-notice">
      <Typography.Paragraph type="secondary">{t('notifications.notice.guide.intro')}</Typography.Paragraph>
      <Flex vertical gap={16} style={{ maxWidth: 760 }}>
        <Card size="small" title={t('notifications.notice.tabs.email')}>
          <EmailForm conf={conf.data.email} installationMail={conf.data.installationMail} />
        </Card>
        <Collapse
          items={[
            {
              key: 'sms',
              label: (
                <span>
                  {t('notifications.notice.guide.sms')}{' '}
                  <Typography.Text type="secondary">— {t('notifications.notice.guide.smsHelp')}</Typography.Text>
                </span>
              ),
              children: <SmsForm conf={conf.data.sms} />,
            },
          ]}
        />
      </Flex>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" onClick={() => void next()} loading={busy} data-testid="guide-notice-next">
          {isLast ? t('guide.finish') : t('guide.next')}
        </Button>
        <Button onClick={() => void next()} disabled={busy} data-testid="guide-notice-skip">
          {t('notifications.notice.guide.skip')}
        </Button>
      </Space>
    </div>
  );
}
