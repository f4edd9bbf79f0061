import { SCREENING_REVIEW_REMARK_MAX, type ScreeningReview } from '@openvisit/contract';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../platform/list';
import { isAlreadyDecided, useDecideReview } from '../api.reviews';

/**
 * The two decisions on a person held for review: allow after a confirmation, refuse with a required reason (a dialog,
 * checked as typed). A review decided meanwhile (58) is said so and the queue refreshed; other failures are shown by
 * the error policy (a refusal's field errors on its reason).
 */
export function useReviewDecision() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const decide = useDecideReview();
  const [refusing, setRefusing] = useState<ScreeningReview | null>(null);

  /** Runs a decision; answers false when the review was already decided (said so), rethrows anything else. */
  const run = async (r: ScreeningReview, result: 'allow' | 'refuse', remark: string): Promise<boolean> => {
    try {
      await decide.mutateAsync({ id: r.id, result, remark });
      void message.success(t(result === 'allow' ? 'blacklist.reviews.allowed' : 'blacklist.reviews.refused', { name: r.name }));
      return true;
    } catch (err) {
      if (!isAlreadyDecided(err)) throw err;
      void message.warning(t('blacklist.reviews.alreadyDecided', { name: r.name }));
      return false;
    }
  };

  const allow = (r: ScreeningReview) =>
    void modal.confirm({
      title: t('blacklist.reviews.allowTitle', { name: r.name }),
      content: t('blacklist.reviews.allowConfirm'),
      okText: t('blacklist.reviews.allow'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await run(r, 'allow', '');
        } catch {
          // shown by the error policy
        }
      },
    });

  const refuseDialog = (
    <ReasonModal
      open={refusing !== null}
      title={t('blacklist.reviews.refuseTitle', { name: refusing?.name ?? '' })}
      okText={t('blacklist.reviews.refuse')}
      label={t('blacklist.reviews.refuseReason')}
      extra={t('blacklist.reviews.refuseHelp')}
      requiredMessage={t('blacklist.reviews.reasonRequired')}
      max={SCREENING_REVIEW_REMARK_MAX}
      name="remark"
      formName="review-refuse"
      autoFocus
      fieldErrors
      pending={decide.isPending}
      onCancel={() => setRefusing(null)}
      onSubmit={async (remark) => {
        if (!refusing) return;
        await run(refusing, 'refuse', remark);
        setRefusing(null);
      }}
    />
  );

  return { allow, refuse: setRefusing, refuseDialog, pending: decide.isPending };
}
