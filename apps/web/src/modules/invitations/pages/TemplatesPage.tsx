import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { TemplatesSection } from '../components/TemplatesSection';

/** /setting/template: the company's invitation templates (a screen of its own until basic settings holds the section). */
export function TemplatesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('invitations.templates.title')} />
      <TemplatesSection />
    </>
  );
}

/** The sub-company portal's invitation templates (/subcom/template): its own, one per type, no entrance. */
export function SubCompanyTemplatesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('invitations.templates.title')} />
      <TemplatesSection withGates={false} />
    </>
  );
}
