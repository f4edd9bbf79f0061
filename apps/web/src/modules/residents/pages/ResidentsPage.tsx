import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useListQuery } from '../../../platform/list';
import { ProjectsTab } from '../components/ProjectsTab';
import { ResidentsTab } from '../components/ResidentsTab';
import { VisitRecordsTab } from '../components/VisitRecordsTab';
import { RESIDENT_TABS, type ResidentTab, residentParams, tabFromParams, tabParams, visitRecordParams } from '../query';

/**
 * People › resident visitors (/visitlist): the residents (filters, approval, add/edit, delete), their projects, and
 * the record of their visits. The tab and each list's filters are kept in the URL.
 */
export function ResidentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabFromParams(params);
  // Two lists in one URL: each keeps its own parameters and leaves the other's.
  const residents = useListQuery(residentParams);
  const visits = useListQuery(visitRecordParams);
  const go = (next: ResidentTab) => setParams((p) => tabParams(p, next), { replace: true });

  return (
    <>
      <PageHeader title={t('residents.title')} extra={<Typography.Text type="secondary">{t('residents.intro')}</Typography.Text>} />
      <Tabs
        activeKey={tab}
        onChange={(k) => go(k as ResidentTab)}
        destroyOnHidden
        items={RESIDENT_TABS.map((k) => ({
          key: k,
          label: t(`residents.tabs.${k}`),
          children:
            k === 'residents' ? (
              <ResidentsTab filters={residents.values} onFilters={residents.set} onProjects={() => go('projects')} />
            ) : k === 'projects' ? (
              <ProjectsTab />
            ) : (
              <VisitRecordsTab filters={visits.values} onFilters={visits.set} />
            ),
        }))}
      />
    </>
  );
}
