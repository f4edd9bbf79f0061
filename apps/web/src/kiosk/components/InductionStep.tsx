import { type CallInput, getRandomTopicList } from '@openvisit/contract';
import { type ReactNode, useCallback } from 'react';
import { InductionPlayer } from '../../core/induction/public';
import { callApi } from '../../platform/api';
import { KIOSK_TIMEOUT_MS } from '../config';
import { useKiosk } from '../context';
import { useK } from '../i18n';

/** Whom the paper is drawn for: an invited visit (check-in), or a visitor type and the person typed (walk-in). */
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type DrawFor = Without<CallInput<typeof getRandomTopicList>, 'lang' | 'userid'>;

/**
 * The safety induction at the kiosk, between a registration or check-in answered 69 and the same one sent again:
 * the paper drawn in the kiosk's language, the shared player with touch-sized targets. While the video plays or the
 * questions are open the kiosk does not go back to its start screen.
 */
export function InductionStep({
  drawFor,
  continueLabel,
  sending,
  notice,
  describeError,
  onPassed,
}: {
  drawFor: DrawFor;
  continueLabel: string;
  /** The registration or check-in is being sent again. */
  sending: boolean;
  notice?: ReactNode;
  describeError: (err: unknown) => string | null;
  onPassed: () => void;
}) {
  const { t, ct, lang } = useK();
  const kiosk = useKiosk();
  const draw = useCallback(() => callApi(getRandomTopicList, { ...drawFor, lang }, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS }), [drawFor, lang]);
  return (
    <section className="k-panel" aria-labelledby="k-induction-title">
      <h1 id="k-induction-title" className="k-title">
        {ct('induction.title')}
      </h1>
      <p className="k-sub">{t('induction.intro')}</p>
      {notice}
      {sending ? (
        <p className="k-notice" role="status">
          {t('induction.sending')}
        </p>
      ) : null}
      <InductionPlayer touch draw={draw} onDone={onPassed} onEngaged={kiosk.hold} describeError={describeError} continueLabel={continueLabel} />
      <div className="k-actions">
        <button type="button" className="k-btn k-btn--ghost" onClick={kiosk.home}>
          {t('induction.cancel')}
        </button>
      </div>
    </section>
  );
}
