import { useEffect, useState } from 'react';
import { useKiosk } from '../context';
import { useK } from '../i18n';

export type Errand = 'register' | 'checkin' | 'signout';

/** The start screen: the company's background (or carousel), a welcome, and one big button per errand. */
export function HomeScreen({ onErrand, onStaff }: { onErrand: (errand: Errand) => void; onStaff: () => void }) {
  const { t } = useK();
  const { config, pictures } = useKiosk();
  const slides = pictures.carousel.length >= 2 ? pictures.carousel : pictures.background ? [pictures.background] : [];
  const [slide, setSlide] = useState(0);

  useEffect(() => {
    if (slides.length < 2) return;
    const timer = setInterval(() => setSlide((s) => (s + 1) % slides.length), 6000);
    return () => clearInterval(timer);
  }, [slides.length]);

  const picture = slides[slide % Math.max(1, slides.length)];
  return (
    <main className="k-home" style={picture ? { backgroundImage: `url("${picture}")` } : undefined} data-testid="kiosk-home">
      <h1 className="k-home__welcome">{t('home.welcome')}</h1>
      <p className="k-home__company">{config.company}</p>
      <div className="k-home__actions">
        <button type="button" className="k-tile" onClick={() => onErrand('register')}>
          <strong>{t('home.register')}</strong>
          <span>{t('home.registerHint')}</span>
        </button>
        <button type="button" className="k-tile" onClick={() => onErrand('checkin')}>
          <strong>{t('home.checkIn')}</strong>
          <span>{t('home.checkInHint')}</span>
        </button>
        {config.settings.signOutSwitch === 1 ? (
          <button type="button" className="k-tile k-tile--light" onClick={() => onErrand('signout')}>
            <strong>{t('home.signOut')}</strong>
            <span>{t('home.signOutHint')}</span>
          </button>
        ) : null}
      </div>
      <button type="button" className="k-btn k-btn--plain k-btn--small k-staff-btn" onClick={onStaff}>
        {t('home.staff')}
      </button>
    </main>
  );
}
