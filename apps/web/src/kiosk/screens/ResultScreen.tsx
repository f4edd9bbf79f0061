import { useState } from 'react';
import { Badge, type BadgeProps, PrintableBadge } from '../components/Badge';
import { ResultIcon } from '../components/ResultIcon';
import { DEFAULT_THEME } from '../config';
import { type Outcome, useKiosk } from '../context';
import { useK } from '../i18n';

/**
 * How the errand ended. Checked-in visitors get their badge: a preview and one "Print badge" button (the badge alone,
 * on a page of the badge paper's size). A record taken offline shows that it is saved and will be sent, and prints
 * nothing: the server has not screened the visitor yet; one the kiosk's offline screening matched asks the visitor to
 * see reception, in neutral words.
 */
export function ResultScreen({ outcome }: { outcome: Outcome }) {
  const { t, lang } = useK();
  const kiosk = useKiosk();
  const [printing, setPrinting] = useState(false);

  const done = (
    <button type="button" className="k-btn" onClick={kiosk.home}>
      {t('common.done')}
    </button>
  );

  // Matched offline: a neutral word, the record still goes to the server, which screens it again.
  if (outcome.kind === 'queued' && outcome.matched)
    return (
      <section className="k-panel k-result" data-testid="result-see-reception">
        <ResultIcon kind="info" />
        <h1 className="k-title">{t('result.seeReceptionTitle')}</h1>
        <p className="k-notice">{t('result.seeReception')}</p>
        {done}
      </section>
    );

  if (outcome.kind === 'queued')
    return (
      <section className="k-panel k-result" data-testid="result-queued">
        <ResultIcon kind="wait" />
        <h1 className="k-title">{t('result.queuedTitle')}</h1>
        <p className="k-notice k-notice--warn">{t('result.queued')}</p>
        <p className="k-sub">{outcome.label}</p>
        {done}
      </section>
    );

  if (outcome.kind === 'refused')
    return (
      <section className="k-panel k-result" data-testid="result-refused">
        <ResultIcon kind="info" />
        <h1 className="k-title">{t('result.refusedTitle')}</h1>
        <p className="k-notice">{t('result.refused')}</p>
        {done}
      </section>
    );

  if (outcome.kind === 'signedOut')
    return (
      <section className="k-panel k-result" data-testid="result-signed-out">
        <ResultIcon kind="ok" />
        <h1 className="k-title">{t('signout.done', { names: outcome.names.join(lang === 'zh' ? '、' : ', ') })}</h1>
        {done}
      </section>
    );

  if (outcome.kind === 'truck') {
    const b = outcome.booking;
    const words = { name: b.dname, plate: b.plateNum, number: b.logNum, details: [b.logNum, b.company, b.goods].filter(Boolean).join(' · ') };
    return (
      <section className="k-panel k-result" data-testid="result-truck">
        <ResultIcon kind="ok" />
        <h1 className="k-title">{t(outcome.move === 'arrive' ? 'truck.arrived' : 'truck.left', words)}</h1>
        <p className="k-sub">{t(outcome.move === 'arrive' ? 'truck.arrivedHint' : 'truck.leftHint', words)}</p>
        {done}
      </section>
    );
  }

  const { visit } = outcome;
  const badge: BadgeProps = {
    visit,
    settings: kiosk.config.settings,
    company: kiosk.config.company,
    photo: outcome.photo,
    logo: kiosk.pictures.logo,
    fixedPhoto: kiosk.pictures.defaultPhoto,
    lang,
    // The printed badge is mounted on the page's body, outside the kiosk's frame and its --theme: it is handed the
    // company's colour itself (it printed in the default blue without it).
    theme: kiosk.config.settings.themecolor || DEFAULT_THEME,
    privacyPage: kiosk.config.privacyPage,
  };
  const print = () => {
    setPrinting(true);
    // Let the print view mount before the dialog takes its snapshot.
    requestAnimationFrame(() => {
      window.print();
      setPrinting(false);
    });
  };
  const signedIn = outcome.kind !== 'awaiting';

  return (
    <section className="k-panel k-result" data-testid={`result-${outcome.kind}`}>
      <ResultIcon kind={signedIn ? 'ok' : 'wait'} />
      <h1 className="k-title">{t('result.welcome', { name: visit.vname })}</h1>
      <p className="k-sub">
        {outcome.kind === 'repeated' ? t('checkin.repeated') : signedIn ? t('result.signedIn', { host: visit.empName }) : t('result.awaiting')}
      </p>
      {signedIn ? (
        <>
          <div className="k-badge-preview">
            <Badge {...badge} />
          </div>
          <PrintableBadge {...badge} />
          <div className="k-actions">
            <button type="button" className="k-btn k-btn--ghost" onClick={print} disabled={printing}>
              {printing ? t('result.printing') : t('result.print')}
            </button>
            {done}
          </div>
        </>
      ) : (
        done
      )}
    </section>
  );
}
