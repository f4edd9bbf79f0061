import { KioskTopBar } from '../../core/kioskFace/public';
import { toggleLanguage, useK } from '../i18n';

/** 中文 / English, on every screen. Staff's choice on the sign-in screen is kept as the device's language. */
export function LangButton({ save = false }: { save?: boolean }) {
  const { ct, lang } = useK();
  return (
    <button type="button" className="k-btn k-btn--lang" lang={lang === 'zh' ? 'en' : 'zh'} onClick={() => void toggleLanguage({ save })}>
      {ct('kioskFace.switchTo')}
    </button>
  );
}

/** The company's logo (or name), the records waiting to be sent, the visitor's privacy page and the language switch. */
export function TopBar({
  company,
  logo,
  pending,
  onHome,
  onPrivacy,
}: {
  company: string;
  logo: string | null;
  pending: number;
  onHome?: () => void;
  /** Shows the privacy page's QR code; left out until the company's settings have told the kiosk its link. */
  onPrivacy?: () => void;
}) {
  const { t } = useK();
  return (
    <KioskTopBar company={company} logo={logo}>
      {pending > 0 ? (
        <span className="k-pending" role="status" data-testid="pending-count">
          {t('offline.pending', { count: pending })}
        </span>
      ) : null}
      {onHome ? (
        <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={onHome} data-testid="home-button">
          {t('common.home')}
        </button>
      ) : null}
      {onPrivacy ? (
        <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={onPrivacy} data-testid="privacy-button">
          {t('privacy.button')}
        </button>
      ) : null}
      <LangButton />
    </KioskTopBar>
  );
}
