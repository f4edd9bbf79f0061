import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { PoliciesTab } from '../components/PoliciesTab';

/** A sub-company's approval: its own policies, tried before the head office's for its employees' visitors. */
export function OwnPoliciesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('approvals.ownTitle')} />
      <PoliciesTab own />
    </>
  );
}
