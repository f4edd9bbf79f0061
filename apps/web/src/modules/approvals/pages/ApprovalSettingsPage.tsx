import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { ApprovalQueue } from '../components/ApprovalQueue';
import { LeavePanel } from '../components/LeavePanel';
import { PoliciesTab } from '../components/PoliciesTab';

const TABS = ['policies', 'leave', 'records'] as const;
type Tab = (typeof TABS)[number];

/** Settings › approval: the policies (with the dry run), approvers' leave, and every visit waiting or decided. */
export function ApprovalSettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const active: Tab = TABS.find((k) => k === asked) ?? 'policies';
  return (
    <>
      <PageHeader title={t('approvals.title')} />
      <Tabs
        activeKey={active}
        onChange={(k) => setParams(k === 'policies' ? {} : { tab: k }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'policies', label: t('approvals.tabs.policies'), children: <PoliciesTab /> },
          { key: 'leave', label: t('approvals.tabs.leave'), children: <LeavePanel /> },
          { key: 'records', label: t('approvals.tabs.records'), children: <ApprovalQueue all /> },
        ]}
      />
    </>
  );
}
