import type { ScreeningReview } from '@openvisit/contract';
import { Button, Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { ListSearch, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useScreeningReviews } from '../api.reviews';
import { useReviewDecision } from '../components/ReviewDecision';
import { useReviewColumns } from '../components/reviewColumns';
import { REVIEW_STATES, type ReviewState, reviewParams } from '../query';

/**
 * People › screening reviews (/blacklist/reviews): the people screening held (a possible match, or one at review level),
 * waiting for security or an administrator to allow or refuse them, and those decided. The tab, the name search and the
 * page are kept in the URL.
 */
export function ScreeningReviewsPage() {
  const { t } = useTranslation();
  const query = useListQuery(reviewParams);
  const f = query.values;
  const reviews = useScreeningReviews(f);
  const table = useListPage(query, reviews, { stepBack: true });
  const decision = useReviewDecision();
  const columns = useReviewColumns(f.state, { allow: decision.allow, refuse: decision.refuse });
  const searched = f.q !== '';
  const empty = searched
    ? t('blacklist.reviews.emptySearch')
    : t(f.state === 'waiting' ? 'blacklist.reviews.empty' : 'blacklist.reviews.emptyDecided');

  return (
    <>
      <PageHeader title={t('blacklist.reviews.title')} extra={<Typography.Text type="secondary">{t('blacklist.reviews.intro')}</Typography.Text>} />
      <Card>
        <Flex gap={8} wrap justify="space-between" align="center">
          <Tabs
            activeKey={f.state}
            onChange={(k) => query.set({ state: k as ReviewState })}
            items={REVIEW_STATES.map((k) => ({ key: k, label: t(`blacklist.reviews.tabs.${k}`) }))}
          />
          <ListSearch
            label={t('blacklist.reviews.searchLabel')}
            placeholder={t('blacklist.reviews.search')}
            value={f.q}
            width={240}
            onSearch={(q) => query.set({ q })}
          />
        </Flex>
        <ListTable<ScreeningReview>
          rowKey="id"
          {...table.props}
          totalText={(n) => t('blacklist.reviews.total', { count: n })}
          empty={empty}
          emptyAction={searched ? <Button onClick={() => query.set({ q: '' })}>{t('blacklist.clearSearch')}</Button> : undefined}
          columns={columns}
        />
      </Card>
      {decision.refuseDialog}
    </>
  );
}
