import { DEFAULT_THEME_COLOR } from '@openvisit/contract';
import type { TFunction } from 'i18next';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { inkOn, textOn } from '../../platform/contrast';
import './kioskFace.css';

/**
 * The kiosk's face: its top bar and start screen, drawn by the kiosk itself and, scaled down in a tablet's frame, by
 * the console's registration settings (issue 15: the preview had its own labels and background). Both hand in what
 * the company set (`KioskLook`) and the words (`kioskFaceTexts`, the platform's `kioskFace.*`), so they cannot differ.
 */
export interface KioskFaceTexts {
  welcome: string;
  register: string;
  registerHint: string;
  checkIn: string;
  checkInHint: string;
  signOut: string;
  signOutHint: string;
  truck: string;
  truckHint: string;
  staff: string;
  switchTo: string;
}

/** The face's words in the language of `t` (the kiosk's current one, or the one a preview is shown in). */
export function kioskFaceTexts(t: TFunction): KioskFaceTexts {
  return {
    welcome: t('kioskFace.welcome'),
    register: t('kioskFace.register'),
    registerHint: t('kioskFace.registerHint'),
    checkIn: t('kioskFace.checkIn'),
    checkInHint: t('kioskFace.checkInHint'),
    signOut: t('kioskFace.signOut'),
    signOutHint: t('kioskFace.signOutHint'),
    truck: t('kioskFace.truck'),
    truckHint: t('kioskFace.truckHint'),
    staff: t('kioskFace.staff'),
    switchTo: t('kioskFace.switchTo'),
  };
}

/** What the company set that the face shows: the kiosk's live configuration, or the settings page's form. */
export interface KioskLook {
  company: string;
  /** '' for the default colour. */
  themecolor: string;
  /** The logo as a URL the page may show, null without one. */
  logo: string | null;
  /** The pictures behind the start screen, in turn (see `kioskSlides`). */
  slides: readonly string[];
  /** Whether visitors sign out at the kiosk (its switch). */
  signOut: boolean;
  /** Whether truck drivers sign in and out here (the logistics module is on); left out: no. */
  trucks?: boolean;
}

/** The carousel once it has two pictures or more, else the background picture alone, else none. */
export function kioskSlides(carousel: readonly string[], background: string | null | undefined): string[] {
  if (carousel.length >= 2) return [...carousel];
  return background ? [background] : [];
}

/** The name the kiosk shows: the company's short name, else its name. */
export function kioskCompanyName(company: { company: string; shortName?: string | null }): string {
  return company.shortName || company.company;
}

/** The theme colour and the text colours readable on it, as the custom properties of the face's CSS. */
export function kioskThemeStyle(themecolor: string): CSSProperties {
  const theme = themecolor || DEFAULT_THEME_COLOR;
  return { '--theme': theme, '--theme-text': textOn(theme), '--theme-ink': inkOn(theme) } as CSSProperties;
}

/** The logo (or nothing) and the company's name; the kiosk adds its controls (`children`). */
export function KioskTopBar({ company, logo, children }: { company: string; logo: string | null; children?: ReactNode }) {
  return (
    <header className="k-top">
      <div className="k-top__brand">
        {logo ? <img src={logo} alt="" data-testid="kiosk-logo" /> : null}
        <span data-testid="kiosk-company">{company}</span>
      </div>
      {children}
    </header>
  );
}

export type Errand = 'register' | 'checkin' | 'signout' | 'truck';

/** The background picture in turn every 6 s when there are several. */
function useSlide(slides: readonly string[]): string | undefined {
  const [slide, setSlide] = useState(0);
  useEffect(() => {
    if (slides.length < 2) return;
    const timer = setInterval(() => setSlide((s) => (s + 1) % slides.length), 6000);
    return () => clearInterval(timer);
  }, [slides.length]);
  return slides[slide % Math.max(1, slides.length)];
}

/**
 * The start screen: the background (or carousel), a welcome, one big button per errand (sign-out with its switch on)
 * and the staff button. Without handlers (a preview) the buttons do nothing.
 */
export function KioskHome({
  look,
  texts,
  onErrand,
  onStaff,
  portrait = false,
}: {
  look: KioskLook;
  texts: KioskFaceTexts;
  onErrand?: (errand: Errand) => void;
  onStaff?: () => void;
  /** Lays the buttons out as on a tablet in portrait whatever the window (a preview in the console). */
  portrait?: boolean;
}) {
  const picture = useSlide(look.slides);
  const tile = (errand: Errand, label: string, hint: string, light = false) => (
    <button
      type="button"
      className={light ? 'k-tile k-tile--light' : 'k-tile'}
      data-testid={`kiosk-${errand}`}
      onClick={onErrand ? () => onErrand(errand) : undefined}
    >
      <strong>{label}</strong>
      <span>{hint}</span>
    </button>
  );
  return (
    <main
      className={portrait ? 'k-home k-home--portrait' : 'k-home'}
      style={picture ? { backgroundImage: `url("${picture}")` } : undefined}
      data-testid="kiosk-home"
      data-picture={picture ?? ''}
    >
      <h1 className="k-home__welcome">{texts.welcome}</h1>
      <p className="k-home__company">{look.company}</p>
      {/* More than two errands sit two to a row in portrait: one to a row, four would not fit a tablet's height. */}
      <div className={look.signOut || look.trucks ? 'k-home__actions k-home__actions--many' : 'k-home__actions'}>
        {tile('register', texts.register, texts.registerHint)}
        {tile('checkin', texts.checkIn, texts.checkInHint)}
        {look.signOut ? tile('signout', texts.signOut, texts.signOutHint, true) : null}
        {look.trucks ? tile('truck', texts.truck, texts.truckHint, true) : null}
      </div>
      <button type="button" className="k-btn k-btn--plain k-btn--small k-staff-btn" data-testid="kiosk-staff" onClick={onStaff}>
        {texts.staff}
      </button>
    </main>
  );
}
