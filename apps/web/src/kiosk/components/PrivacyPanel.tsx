import { kioskCompanyName } from '../../core/kioskFace/public';
import type { KioskConfig } from '../config';
import { useK } from '../i18n';
import { useQrCode } from './Badge';

/**
 * The company's privacy notice and its privacy page as a QR code the visitor scans with their phone (the kiosk itself
 * never opens the page: what is held about a person is theirs to read, not the next visitor's). Opened from the top
 * bar on every screen and from the terms.
 */
export function PrivacyPanel({ url, config, onClose }: { url: string; config: KioskConfig; onClose: () => void }) {
  const { t, lang } = useK();
  const qr = useQrCode(url, 'L');
  const notice = config.privacyNotice?.[lang];
  const company = kioskCompanyName(config);
  return (
    <div className="k-overlay" role="dialog" aria-modal="true" aria-labelledby="k-privacy-title" data-testid="privacy-panel">
      <div className="k-dialog" style={{ alignItems: 'center', textAlign: 'center' }}>
        <h2 id="k-privacy-title" className="k-title">
          {t('privacy.title')}
        </h2>
        {notice ? (
          <>
            <p className="k-sub">{t('privacy.notice', { version: notice.version })}</p>
            <section
              className="k-protocol k-privacy-notice"
              data-testid="privacy-notice"
              aria-label={t('privacy.notice', { version: notice.version })}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1).
              tabIndex={0}
            >
              {notice.text}
            </section>
          </>
        ) : null}
        <p className="k-sub">{t('privacy.hint', { company })}</p>
        {qr ? <img className="k-privacy-qr" src={qr} alt={t('privacy.title')} data-testid="privacy-qr" /> : <div className="k-privacy-qr" />}
        <p className="k-privacy-url">{url}</p>
        <button type="button" className="k-btn" onClick={onClose}>
          {t('privacy.close')}
        </button>
      </div>
    </div>
  );
}
