import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { EmployeeRights } from '../components/rights/EmployeeRights';
import { PendingCards } from '../components/rights/PendingCards';
import { ResidentRights } from '../components/rights/ResidentRights';
import { TypeRights } from '../components/rights/TypeRights';

const TABS = ['employees', 'types', 'residents', 'cards'] as const;
type Tab = (typeof TABS)[number];

/**
 * Smart access control › access rights: which device groups employees, visitor types and resident visitors are
 * granted, and the cards still to issue. The tab is in the URL; each tab's filters and page too (only one is shown,
 * so they share the names `q`, `page`, `size`: a tab change starts the next one afresh).
 */
export function RightsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'employees';
  const panes: Record<Tab, () => ReactNode> = {
    employees: () => <EmployeeRights />,
    types: () => <TypeRights />,
    residents: () => <ResidentRights />,
    cards: () => <PendingCards />,
  };
  return (
    <>
      <PageHeader title={t('devices.rights.title')} extra={t('devices.rights.intro')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'employees' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={TABS.map((key) => ({ key, label: t(`devices.rights.tabs.${key}`), children: key === tab ? panes[key]() : null }))}
        />
      </Card>
    </>
  );
}
