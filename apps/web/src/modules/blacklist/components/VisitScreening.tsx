import { getVisitScreening, Role, type ScreeningReviewStatus } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanCall } from '../../../platform/access';
import { api } from '../../../platform/api';
import { formatDateTime } from '../../../platform/format';
import { getSession } from '../../../platform/session';
import { reviewKeys } from '../api.reviews';
import { MatchList } from './Matches';

const STATUS_COLOR: Record<ScreeningReviewStatus, string> = { waiting: 'orange', allowed: 'green', refused: 'red', withdrawn: 'default' };

/**
 * A visit's screening review, for whoever may read the queue (nothing is asked for anyone else); read again when the
 * visit's status changes (a refusal or a call-off withdraws the review).
 */
export function useVisitScreening(vid: number | undefined, status: string | undefined) {
  const allowed = useCanCall(getVisitScreening);
  return useQuery({
    queryKey: [...reviewKeys.all, 'visit', vid, status],
    queryFn: () => api.getVisitScreening({ vid: vid ?? 0 }, { silent: true }),
    enabled: allowed && vid !== undefined,
  });
}

/**
 * Why screening held a visit (the visit drawer): its review's state, who decided and why, and the matches with their
 * reasons and photos; nothing for a visit screening never held, or for whoever may not read the queue.
 */
export function VisitScreening({ vid, status }: { vid: number; status: string }) {
  const { t } = useTranslation();
  const r = useVisitScreening(vid, status).data?.review;
  if (!r) return null;
  const queue = getSession().project?.role === Role.HSE ? '/hsehome/hsereviews' : '/blacklist/reviews';
  return (
    <Flex vertical gap={8} data-testid="visit-screening">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('blacklist.reviews.visit.title')}
      </Typography.Title>
      <Flex gap={8} align="center" wrap>
        <Tag color={STATUS_COLOR[r.status]}>{t(`blacklist.reviews.status.${r.status}`)}</Tag>
        <Typography.Text>
          {r.status === 'waiting'
            ? t('blacklist.reviews.visit.waiting', { at: formatDateTime(r.createTime) })
            : t('blacklist.reviews.visit.decided', {
                status: t(`blacklist.reviews.status.${r.status}`),
                by: r.decidedBy || '—',
                at: formatDateTime(r.decideTime, ''),
              })}
        </Typography.Text>
      </Flex>
      {r.remark ? <Typography.Text>{r.remark}</Typography.Text> : null}
      <MatchList matches={r.matches} lists={r.matches.some((m) => m.list === 'white')} />
      {r.status === 'waiting' ? <Link to={queue}>{t('blacklist.reviews.visit.open')}</Link> : null}
    </Flex>
  );
}
