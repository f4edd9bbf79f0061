import { IM_PLATFORMS, type ImPlatform } from '@openvisit/contract';
import { Card, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useImApps } from '../api';
import { AppForm } from '../components/AppForm';

/** Settings › work apps: one tab per platform (DingTalk, Feishu, WeCom); the tab is in the URL. */
export function WorkAppsPage() {
  const { t } = useTranslation();
  const apps = useImApps();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: ImPlatform = IM_PLATFORMS.find((p) => p === asked) ?? 'dingtalk';
  return (
    <>
      <PageHeader title={t('im.title')} extra={<Typography.Text type="secondary">{t('im.intro')}</Typography.Text>} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(new URLSearchParams({ tab: key }), { replace: true })}
          destroyOnHidden
          items={IM_PLATFORMS.map((p) => {
            const app = apps.data?.find((a) => a.platform === p);
            return {
              key: p,
              label: t(`im.platforms.${p}`),
              children: app ? (
                <AppForm key={`${p}-${app.appId}`} app={app} others={apps.data?.filter((o) => o.platform !== p) ?? []} />
              ) : (
                <Skeleton active paragraph={{ rows: 6 }} />
              ),
            };
          })}
        />
      </Card>
    </>
  );
}
