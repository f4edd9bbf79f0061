import { type InductionState, Status, titleIn, VISIT_MOVES, type VisitorStatus } from '@openvisit/contract';
import { Button, Card, Flex, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InductionPlayer } from '../../../core/induction/public';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { formatDateTime } from '../../../platform/format';
import { currentLang, useLang } from '../../../platform/i18n';

/** Whether the invitation still leads to a check-in (the server draws no paper for one cancelled, declined or over: 58). */
function usable(status: VisitorStatus): boolean {
  return status === 'signedIn' || (VISIT_MOVES.checkIn.from as readonly string[]).includes(status);
}

/**
 * The invitation page's safety induction: the pass the visitor holds (questionnaire, score, valid until), or the
 * induction taken here before arriving, so the kiosk's check-in is instant; nothing for an invitation that can no
 * longer be used. After it (or when none is required any more: 697) the page is read again.
 */
export function InductionSection({
  token,
  status,
  induction,
  onChanged,
}: {
  token: string;
  status: VisitorStatus;
  induction: InductionState;
  /** Reads the page again (settled once read). */
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [taking, setTaking] = useState(false);
  const draw = useCallback(() => api.getInviteExam({ secid: token, lang: currentLang() }, { silent: true }), [token]);
  const describeError = useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiError) || err.http !== undefined) return null;
      if (err.status === Status.INVALID_VISITOR) return t('invitations.page.invalidText');
      if (err.status === Status.UPDATE_NOT_ALLOWED) return t('invitations.page.inductionEnded');
      return null;
    },
    [t],
  );
  // The player stays until the page has been read again: its pass then replaces it.
  const done = useCallback(() => {
    void onChanged().finally(() => setTaking(false));
  }, [onChanged]);
  const pass = induction.pass;
  // The questionnaire's title in the page's language (the pass is of this questionnaire; it kept the title it was taken under).
  const title = titleIn(induction, lang);
  if (!pass && !usable(status)) return null;

  return (
    <Card title={t('invitations.page.induction')} data-testid="invitation-induction">
      {pass ? (
        <Flex vertical gap={4} data-testid="induction-pass">
          <Typography.Text strong>
            {t('invitations.page.inductionPassed', { title: pass.qid === induction.qid ? title : pass.title })}
          </Typography.Text>
          <Typography.Text>{t('invitations.page.inductionScore', { score: pass.totalScore, full: pass.fullScore })}</Typography.Text>
          <Typography.Text>{t('invitations.page.inductionValid', { date: formatDateTime(pass.validUntil) })}</Typography.Text>
        </Flex>
      ) : taking ? (
        <Flex vertical gap={12}>
          <InductionPlayer draw={draw} onDone={done} describeError={describeError} />
          <Button onClick={() => setTaking(false)} style={{ alignSelf: 'flex-start' }}>
            {t('invitations.page.inductionClose')}
          </Button>
        </Flex>
      ) : (
        <Flex vertical gap={12} align="flex-start">
          <Typography.Paragraph style={{ margin: 0 }}>{t('invitations.page.inductionNeeded', { title })}</Typography.Paragraph>
          <Button type="primary" size="large" onClick={() => setTaking(true)}>
            {t('invitations.page.inductionTake')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
