import { Alert, Card, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DingTalkForm, RtxForm, useContactSync } from '../../employees/public';
import { useNotifyConf } from '../api';
import { EmailForm } from '../components/EmailForm';
import { IvrForm } from '../components/ProviderForms';
import { RecordsPanel } from '../components/RecordsPanel';
import { SmsForm } from '../components/SmsForm';
import { WxForm } from '../components/WxForm';

const TABS = ['email', 'sms', 'wechat', 'voice', 'dingtalk', 'rtx', 'records'] as const;
type Tab = (typeof TABS)[number];

/** DingTalk or RTX: the directory sync's settings forms (the same switches carry notices and the sync). */
function DirectoryChannel({ channel }: { channel: 'dingtalk' | 'rtx' }) {
  const { t } = useTranslation();
  const state = useContactSync();
  if (!state.data) return <Skeleton active paragraph={{ rows: 5 }} />;
  return (
    <div style={{ maxWidth: 640 }}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('notifications.notice.directory.note')} />
      {channel === 'dingtalk' ? <DingTalkForm state={state.data} /> : <RtxForm state={state.data} />}
    </div>
  );
}

/**
 * Notifications (spec "notice"): one tab per channel — email (the installation's server or the company's own, with a
 * test mail), SMS, WeChat, voice, DingTalk and RTX — and the delivery records. The tab and the records' filters are in
 * the URL.
 */
export function NoticePage() {
  const { t } = useTranslation();
  const conf = useNotifyConf();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'email';
  const c = conf.data;
  const loading = <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <>
      <PageHeader
        title={t('notifications.notice.title')}
        extra={<Typography.Text type="secondary">{t('notifications.notice.intro')}</Typography.Text>}
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(new URLSearchParams({ tab: key }), { replace: true })}
          items={[
            {
              key: 'email',
              label: t('notifications.notice.tabs.email'),
              children: c ? <EmailForm conf={c.email} installationMail={c.installationMail} /> : loading,
            },
            { key: 'sms', label: t('notifications.notice.tabs.sms'), children: c ? <SmsForm conf={c.sms} /> : loading },
            { key: 'wechat', label: t('notifications.notice.tabs.wechat'), children: c ? <WxForm conf={c.wechat} /> : loading },
            { key: 'voice', label: t('notifications.notice.tabs.voice'), children: c ? <IvrForm conf={c.voice} /> : loading },
            { key: 'dingtalk', label: t('notifications.notice.tabs.dingtalk'), children: <DirectoryChannel channel="dingtalk" /> },
            { key: 'rtx', label: t('notifications.notice.tabs.rtx'), children: <DirectoryChannel channel="rtx" /> },
            { key: 'records', label: t('notifications.notice.tabs.records'), children: <RecordsPanel /> },
          ]}
        />
      </Card>
    </>
  );
}
