import { CAROUSEL_PICTURES, DEFAULT_THEME_COLOR, type PadSettings } from '@openvisit/contract';
import { inkOn, textOn } from '../../../platform/contrast';

/** The texts of the kiosk's home screen, in the previewed language. */
export interface KioskTexts {
  welcome: string;
  register: string;
  invited: string;
  signOut: string;
  languages: string;
}

/**
 * The kiosk's home screen as a tablet in portrait shows it: the background picture (or the first picture of the
 * carousel, with its dots, once there are enough), the logo or the company name, the buttons in the theme colour
 * (sign-out only with its switch on) and the language switch.
 */
export function KioskPreview({
  settings,
  company,
  texts,
  logoUrl,
  backgroundUrl,
  carouselUrl,
  width = 300,
}: {
  settings: Pick<PadSettings, 'themecolor' | 'signOutSwitch' | 'carouselPic'>;
  company: string;
  texts: KioskTexts;
  logoUrl?: string;
  backgroundUrl?: string;
  carouselUrl?: string;
  width?: number;
}) {
  const colour = settings.themecolor || DEFAULT_THEME_COLOR;
  const rolling = settings.carouselPic.length >= CAROUSEL_PICTURES.min;
  const picture = rolling && carouselUrl ? carouselUrl : backgroundUrl;
  const height = Math.round((width * 4) / 3);
  const button = (label: string, testId: string, outline = false) => (
    <div
      data-testid={testId}
      style={{
        width: '78%',
        padding: '10px 0',
        borderRadius: 10,
        textAlign: 'center',
        fontSize: 15,
        fontWeight: 600,
        color: outline ? inkOn(colour) : textOn(colour),
        background: outline ? 'rgba(255,255,255,0.92)' : colour,
        border: `2px solid ${colour}`,
        boxShadow: '0 2px 6px rgba(0,0,0,0.15)',
      }}
    >
      {label}
    </div>
  );
  return (
    <div
      data-testid="kiosk-preview"
      data-theme={colour}
      style={{
        width,
        height,
        borderRadius: 18,
        border: '10px solid #222',
        boxSizing: 'content-box',
        overflow: 'hidden',
        position: 'relative',
        background: picture ? `center / cover no-repeat url("${picture}")` : `linear-gradient(160deg, ${colour} 0%, #ffffff 75%)`,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
      }}
    >
      <div
        style={{
          width: '100%',
          padding: '14px 16px',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          background: 'rgba(255,255,255,0.85)',
        }}
      >
        {logoUrl ? (
          <img data-testid="kiosk-logo" src={logoUrl} alt="" style={{ maxHeight: 36, maxWidth: 150, objectFit: 'contain' }} />
        ) : (
          <span data-testid="kiosk-company" style={{ fontWeight: 700, fontSize: 16, color: inkOn(colour) }}>
            {company}
          </span>
        )}
        <span style={{ fontSize: 11, color: '#555' }}>{texts.languages}</span>
      </div>
      <div
        style={{ marginTop: 'auto', marginBottom: 'auto', width: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 14 }}
      >
        <div style={{ fontSize: 20, fontWeight: 700, color: '#fff', textShadow: '0 1px 4px rgba(0,0,0,0.6)' }}>{texts.welcome}</div>
        {button(texts.register, 'kiosk-register')}
        {button(texts.invited, 'kiosk-invited', true)}
        {settings.signOutSwitch ? button(texts.signOut, 'kiosk-signout', true) : null}
      </div>
      {rolling ? (
        <div data-testid="kiosk-dots" style={{ display: 'flex', gap: 6, marginBottom: 12 }}>
          {settings.carouselPic.map((k, i) => (
            <span key={k} style={{ width: 7, height: 7, borderRadius: 4, background: i === 0 ? colour : 'rgba(255,255,255,0.8)' }} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
