import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { ApprovalQueue } from '../components/ApprovalQueue';
import { FlowsTab } from '../components/FlowsTab';

/** Settings › approval (spec "approve"): the flows, and every visit waiting or decided (the visit approve screen). */
export function ApprovalSettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = params.get('tab') === 'records' ? 'records' : 'flows';
  return (
    <>
      <PageHeader title={t('approvals.title')} />
      <Tabs
        activeKey={active}
        onChange={(k) => setParams(k === 'records' ? { tab: 'records' } : {}, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'flows', label: t('approvals.tabs.flows'), children: <FlowsTab /> },
          { key: 'records', label: t('approvals.tabs.records'), children: <ApprovalQueue all /> },
        ]}
      />
    </>
  );
}
