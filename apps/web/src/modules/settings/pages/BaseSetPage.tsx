import { Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfo } from '../../../core/company/public';
import { PageHeader } from '../../../platform/components/PageHeader';
import { BASESET_SECTIONS } from '../sections';

/**
 * Custom settings › basic settings (spec "baseset"; the older console's /reserve): one tab per section of
 * `BASESET_SECTIONS`, the tab kept in the URL. Every setting is saved on its own and the screen shows what the server
 * answered.
 */
export function BaseSetPage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const [params, setParams] = useSearchParams();
  const first = BASESET_SECTIONS[0]?.key ?? '';
  const tab = BASESET_SECTIONS.some((s) => s.key === params.get('tab')) ? (params.get('tab') ?? first) : first;

  return (
    <>
      <PageHeader title={t('settings.baseset.title')} extra={<Typography.Text type="secondary">{t('settings.baseset.intro')}</Typography.Text>} />
      {!info.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          items={BASESET_SECTIONS.map((s) => ({ key: s.key, label: t(s.titleKey), children: <s.Component settings={info.data} /> }))}
        />
      )}
    </>
  );
}
