import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { companyKeys, useUserInfo } from '../../../core/company/public';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useSetMultiCompanyMode } from '../api';

/** Account settings › multi-company mode: the company setting `subAccount` (updateSASwitch), explained. */
export function MultiCompanyModePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const info = useUserInfo();
  const set = useSetMultiCompanyMode();
  const on = info.data?.subAccount === 1;
  // A switch change takes effect only when the answer is 0 (spec section 4): the shown state follows the server's.
  const change = (checked: boolean) =>
    set
      .mutateAsync(checked ? 1 : 0)
      .then(() => qc.invalidateQueries({ queryKey: companyKeys.userInfo }))
      .catch(() => undefined);
  return (
    <>
      <PageHeader title={t('subCompanies.mode.title')} />
      <Card>
        <Typography.Paragraph>{t('subCompanies.mode.intro')}</Typography.Paragraph>
        <Flex gap={12} align="center">
          <Switch
            checked={on}
            loading={info.isPending || set.isPending}
            onChange={change}
            aria-label={t('subCompanies.mode.switch')}
            data-testid="multi-company-switch"
          />
          <Typography.Text>{on ? t('subCompanies.mode.on') : t('subCompanies.mode.off')}</Typography.Text>
        </Flex>
        {on ? (
          <Typography.Paragraph style={{ marginTop: 16 }}>
            <Link to="/setting/subcoms">{t('subCompanies.mode.manage')}</Link>
          </Typography.Paragraph>
        ) : null}
      </Card>
    </>
  );
}
