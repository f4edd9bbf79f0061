import { useK } from '../i18n';
import { useQrCode } from './Badge';

/**
 * The company's privacy page as a QR code the visitor scans with their phone (the kiosk itself never opens it: what is
 * held about a person is theirs to read, not the next visitor's). Opened from the top bar on every screen.
 */
export function PrivacyPanel({ url, company, onClose }: { url: string; company: string; onClose: () => void }) {
  const { t } = useK();
  const qr = useQrCode(url, 'L');
  return (
    <div className="k-overlay" role="dialog" aria-modal="true" aria-labelledby="k-privacy-title" data-testid="privacy-panel">
      <div className="k-dialog" style={{ alignItems: 'center', textAlign: 'center' }}>
        <h2 id="k-privacy-title" className="k-title">
          {t('privacy.title')}
        </h2>
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
