import { DesktopOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { getSession } from '../../../platform/session';

/**
 * The console of a visitor-machine account: it runs the visitor kiosk. The kiosk page shares this tab's session,
 * so it opens signed in.
 */
export function KioskLaunchPage() {
  const { t } = useTranslation();
  const session = getSession().project;
  return (
    <>
      <PageHeader title={t('reception.kiosk.title')} />
      <Card>
        <Result
          icon={<DesktopOutlined />}
          title={t('reception.kiosk.heading', { account: session?.sName ?? session?.account ?? '' })}
          subTitle={t('reception.kiosk.intro')}
          extra={
            <Button type="primary" size="large" href="/kiosk" data-testid="open-kiosk">
              {t('reception.kiosk.open')}
            </Button>
          }
        />
      </Card>
    </>
  );
}
