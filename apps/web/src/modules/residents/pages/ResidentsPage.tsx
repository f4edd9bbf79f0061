import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { ProjectsTab } from '../components/ProjectsTab';
import { ResidentsTab } from '../components/ResidentsTab';
import { VisitRecordsTab } from '../components/VisitRecordsTab';
import {
  RESIDENT_TABS,
  type ResidentFilters,
  type ResidentTab,
  residentFiltersFromParams,
  screenParams,
  tabFromParams,
  type VisitRecordFilters,
  visitFiltersFromParams,
} from '../query';

/**
 * People › resident visitors (/visitlist): the residents (filters, approval, add/edit, delete), their projects, and
 * the record of their visits. The tab and each list's filters are kept in the URL.
 */
export function ResidentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabFromParams(params);
  const residents = residentFiltersFromParams(params);
  const visits = visitFiltersFromParams(params);
  const go = (next: { tab?: ResidentTab; residents?: Partial<ResidentFilters>; visits?: Partial<VisitRecordFilters> }) =>
    setParams(screenParams(next.tab ?? tab, { ...residents, ...next.residents }, { ...visits, ...next.visits }), { replace: true });

  return (
    <>
      <PageHeader title={t('residents.title')} extra={<Typography.Text type="secondary">{t('residents.intro')}</Typography.Text>} />
      <Tabs
        activeKey={tab}
        onChange={(k) => go({ tab: k as ResidentTab })}
        destroyOnHidden
        items={RESIDENT_TABS.map((k) => ({
          key: k,
          label: t(`residents.tabs.${k}`),
          children:
            k === 'residents' ? (
              <ResidentsTab filters={residents} onFilters={(f) => go({ residents: f })} onProjects={() => go({ tab: 'projects' })} />
            ) : k === 'projects' ? (
              <ProjectsTab />
            ) : (
              <VisitRecordsTab filters={visits} onFilters={(f) => go({ visits: f })} />
            ),
        }))}
      />
    </>
  );
}
