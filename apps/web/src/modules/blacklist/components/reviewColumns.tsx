import type { ScreeningReview, ScreeningReviewStatus } from '@openvisit/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';
import { CellText, type ListColumn } from '../../../platform/list';
import type { ReviewState } from '../query';
import { MatchList } from './Matches';

const STATUS_COLOR: Record<ScreeningReviewStatus, string> = { waiting: 'orange', allowed: 'green', refused: 'red', withdrawn: 'default' };

/** The person held: the name over the phone. */
function PersonCell({ r }: { r: ScreeningReview }) {
  return (
    <>
      <CellText>
        <Typography.Text strong>{r.name}</Typography.Text>
      </CellText>
      {r.phone ? <CellText secondary>{r.phone}</CellText> : null}
    </>
  );
}

export interface ReviewActions {
  allow(r: ScreeningReview): void;
  refuse(r: ScreeningReview): void;
}

/**
 * The queue's columns: the person, where and when they were screened, the matches and why; waiting rows with the
 * Allow and Refuse buttons, decided ones with the outcome, who decided, when and the remark.
 */
export function useReviewColumns(state: ReviewState, actions: ReviewActions): ListColumn<ScreeningReview>[] {
  const { t } = useTranslation();
  const common: ListColumn<ScreeningReview>[] = [
    { key: 'person', title: t('blacklist.reviews.columns.person'), kind: 'name', fixed: 'left', render: (_: unknown, r) => <PersonCell r={r} /> },
    {
      key: 'channel',
      title: t('blacklist.reviews.columns.channel'),
      kind: 'tag',
      render: (_: unknown, r) => <Tag>{t(`blacklist.reviews.channel.${r.channel}`)}</Tag>,
    },
    {
      key: 'createTime',
      title: t('blacklist.reviews.columns.createTime'),
      dataIndex: 'createTime',
      kind: 'dateTime',
      render: (ms: number) => formatDateTime(ms),
    },
    {
      key: 'matches',
      title: t('blacklist.reviews.columns.matches'),
      render: (_: unknown, r) => <MatchList matches={r.matches} lists={r.matches.some((m) => m.list === 'white')} />,
    },
  ];
  if (state === 'waiting')
    return [
      ...common,
      {
        key: 'actions',
        title: t('blacklist.reviews.columns.actions'),
        kind: 'actions',
        width: 168,
        render: (_: unknown, r) => (
          // No space put between two Chinese characters: the visible text must stay part of the accessible name.
          <Flex gap={4}>
            <Button
              type="primary"
              size="small"
              autoInsertSpace={false}
              aria-label={t('blacklist.reviews.allowOf', { name: r.name })}
              onClick={() => actions.allow(r)}
            >
              {t('blacklist.reviews.allow')}
            </Button>
            <Button
              danger
              size="small"
              autoInsertSpace={false}
              aria-label={t('blacklist.reviews.refuseOf', { name: r.name })}
              onClick={() => actions.refuse(r)}
            >
              {t('blacklist.reviews.refuse')}
            </Button>
          </Flex>
        ),
      },
    ];
  return [
    ...common,
    {
      key: 'status',
      title: t('blacklist.reviews.columns.status'),
      kind: 'tag',
      render: (_: unknown, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`blacklist.reviews.status.${r.status}`)}</Tag>,
    },
    { key: 'decidedBy', title: t('blacklist.reviews.columns.decidedBy'), dataIndex: 'decidedBy', kind: 'name' },
    {
      key: 'decideTime',
      title: t('blacklist.reviews.columns.decideTime'),
      dataIndex: 'decideTime',
      kind: 'dateTime',
      render: (ms: number | null) => formatDateTime(ms, ''),
    },
    { key: 'remark', title: t('blacklist.reviews.columns.remark'), dataIndex: 'remark', kind: 'text' },
  ];
}
