import type { AgreementAcceptance, AgreementRecord } from '@openvisit/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { formatDateTime } from '../../../platform/format';
import { ListTable, useListPage, usePaging } from '../../../platform/list';

const PAGE_SIZE = 20;

/** Who accepted one version: the visitor, their company, the host, when and where, latest first, paged. */
export function Acceptances({ version, onClose }: { version: AgreementRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const paging = usePaging(PAGE_SIZE);
  const list = useQuery({
    queryKey: ['privacy', 'acceptances', version.id, paging.startIndex, paging.requestedCount],
    queryFn: () => api.listAgreementAcceptances({ id: version.id, startIndex: paging.startIndex, requestedCount: paging.requestedCount }),
    placeholderData: keepPreviousData,
  });
  const table = useListPage(paging, list);
  const title = t('privacy.acceptances.title', { version: version.version, lang: t(`privacy.agreements.lang.${version.lang}`) });
  return (
    <Drawer title={title} open onClose={onClose} size={760} destroyOnHidden>
      <Flex vertical gap={12} data-testid="acceptances">
        <Typography.Text type="secondary">{t('privacy.acceptances.intro')}</Typography.Text>
        <ListTable<AgreementAcceptance>
          rowKey="vid"
          size="small"
          {...table.props}
          empty={t('privacy.acceptances.empty')}
          hideOnSinglePage
          totalText={(n) => t('privacy.acceptances.total', { count: n })}
          columns={[
            { key: 'name', title: t('privacy.acceptances.name'), dataIndex: 'name', kind: 'name' },
            { key: 'company', title: t('privacy.acceptances.company'), dataIndex: 'company', kind: 'text' },
            { key: 'host', title: t('privacy.acceptances.host'), dataIndex: 'host', kind: 'name' },
            { key: 'at', title: t('privacy.acceptances.at'), kind: 'dateTime', render: (_: unknown, r) => formatDateTime(r.at) },
            {
              key: 'via',
              title: t('privacy.acceptances.via'),
              kind: 'tag',
              render: (_: unknown, r) => (
                <Flex gap={4} wrap>
                  <Tag>{t(`privacy.acceptances.where.${r.via}`)}</Tag>
                  {r.withdrawnAt ? <Tag color="orange">{t('privacy.acceptances.withdrawn')}</Tag> : null}
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
    </Drawer>
  );
}
