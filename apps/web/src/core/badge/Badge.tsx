import { formatDate, type Lang, type PadSettings, withColon } from '@openvisit/contract';
import type { TFunction } from 'i18next';
import { type CSSProperties, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { textOn } from '../../platform/contrast';
import { qrDataUrl } from './qrWriter';
import { badgeSize } from './size';
import './badge.css';

export { badgeSize };

/** What a badge shows of a visit. */
export interface BadgeVisit {
  vname: string;
  vcompany: string;
  empName: string;
  /** Signed in at (epoch ms), else now. */
  visitdate: number | null;
  visitType: string;
  cardNo: string;
  code: string | null;
  /** The signed pass to print instead of the bare code (the doors take only a signed one). */
  pass?: string | null;
}

/** The pad settings' badge style (spec section 3 card-style options). */
export type BadgeStyle = Pick<
  PadSettings,
  'cardType' | 'cardSize' | 'printType' | 'brandType' | 'brandPosition' | 'showAvatar' | 'avatarType' | 'customText' | 'cardText' | 'qrcodeSwitch'
>;

/** The badge's words, in the language of whoever prints it (the kiosk's and the console's namespaces each have them). */
export interface BadgeTexts {
  visitor: string;
  host: string;
  date: string;
  valid: string;
  /** "No. 12345678" */
  code: (code: string) => string;
  /** Beside the privacy page's QR code. */
  privacy: string;
}

/** The badge's words from the platform's texts, in the language `t` is bound to (a preview may show another). */
export function badgeTexts(t: TFunction): BadgeTexts {
  return {
    visitor: t('badge.visitor'),
    host: t('badge.host'),
    date: t('badge.date'),
    valid: t('badge.valid'),
    code: (code) => t('badge.code', { code }),
    privacy: t('badge.privacy'),
  };
}

export interface BadgeProps {
  visit: BadgeVisit;
  settings: BadgeStyle;
  company: string;
  /** Object URLs or data URLs of the pictures it may show. */
  photo: string | null;
  logo: string | null;
  fixedPhoto: string | null;
  lang: Lang;
  texts: BadgeTexts;
  /** The accent colour (the company's theme colour); the page's `--theme` otherwise. */
  theme?: string;
  /**
   * The company's privacy page (getPadConfig, getCardInfo): printed as a small QR code at the foot, so the visitor can
   * see, download or ask to erase what is held about them from the badge in their hand. A preview has none.
   */
  privacyPage?: string | null;
}

/**
 * A QR code of `text` as a PNG data URL (the writer is loaded on first use); null while it is drawn or without text.
 * Level L for a link that is printed small (fewer, larger modules); M for passes.
 */
export function useQrCode(text: string | null, level: 'L' | 'M' = 'M'): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!text) return;
    let cancelled = false;
    void qrDataUrl(text, level)
      .then((u) => !cancelled && setUrl(u))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [text, level]);
  return url;
}

/** A customized badge whose avatar is the visit's QR code. */
function isQrAvatar(settings: BadgeStyle): boolean {
  return settings.cardType === 1 && settings.showAvatar === 1 && settings.avatarType === 2;
}

/**
 * The text of the badge's QR code, or null when it shows none: the visit's pass (it signs the visitor out at the kiosk
 * and opens their doors; the bare code where no pass came with the visit), as the avatar of a customized badge that
 * asks for it, beside the details when the company's QR switch is on. A page printing the badge waits for it to draw.
 */
export function badgeQrText(visit: BadgeVisit, settings: BadgeStyle): string | null {
  if (!visit.code || !(isQrAvatar(settings) || settings.qrcodeSwitch === 1)) return null;
  return visit.pass ?? visit.code;
}

function dateText(ms: number | null, lang: Lang): string {
  return formatDate(ms ?? Date.now(), lang);
}

/**
 * A visitor badge in the company's card style (spec section 3 card-style options): ordinary (a band with the logo, the
 * photo, the visitor's name, company and host) or customized (the brand as text or logo at the top, middle or bottom;
 * the avatar as the visitor photo or the fixed picture, or none), in colour or black and white, sized in millimetres to
 * the badge paper so the screen preview and the print are the same layout.
 */
export function Badge({ visit, settings, company, photo, logo, fixedPhoto, lang, texts, theme, privacyPage }: BadgeProps) {
  const size = badgeSize(settings.cardSize);
  const bw = settings.printType === 1;
  // The band's text is white on the theme colour while that reads (AA), else black: a light theme colour stays legible.
  const style = {
    '--badge-w': `${size.widthMm}mm`,
    '--badge-h': `${size.heightMm}mm`,
    ...(theme ? { '--theme': theme, '--badge-band-text': textOn(theme) } : {}),
  } as CSSProperties;
  const customized = settings.cardType === 1;
  const qrAvatar = isQrAvatar(settings);
  const qrText = badgeQrText(visit, settings);
  const qr = useQrCode(qrText);
  const privacyQr = useQrCode(privacyPage || null, 'L');
  // A page that prints the badge waits until every QR code it shows has drawn (CardPage).
  const pending = (qrText !== null && !qr) || (!!privacyPage && !privacyQr);
  const avatar =
    !customized || settings.showAvatar === 1
      ? qrAvatar
        ? null
        : customized && settings.avatarType === 1
          ? fixedPhoto
          : (photo ?? fixedPhoto)
      : null;
  const brandText = settings.customText.trim() || company;
  const brand =
    customized && settings.brandType === 1 && logo ? (
      <img src={logo} alt={company} data-testid="badge-logo" />
    ) : (
      <span>{customized ? brandText : company}</span>
    );
  const body = (
    <div className="k-badge__body">
      {avatar ? <img className="k-badge__avatar" src={avatar} alt="" /> : null}
      {qr && qrAvatar ? <img className="k-badge__qr" src={qr} alt={visit.code ?? ''} data-testid="badge-qr" /> : null}
      <div className="k-badge__info">
        <div className="k-badge__name" data-testid="badge-name">
          {visit.vname}
        </div>
        {visit.vcompany ? <div className="k-badge__line">{visit.vcompany}</div> : null}
        <div className="k-badge__line">
          <b>{withColon(texts.host)}</b> {visit.empName}
        </div>
        <div className="k-badge__line">
          <b>{withColon(texts.date)}</b> {dateText(visit.visitdate, lang)}
        </div>
      </div>
      {qr && !qrAvatar ? <img className="k-badge__qr k-badge__qr--side" src={qr} alt={visit.code ?? ''} data-testid="badge-qr" /> : null}
    </div>
  );
  const foot = (
    <div className="k-badge__foot">
      <span>{settings.cardText.trim() || texts.valid}</span>
      <span data-testid="badge-code">{visit.code ? texts.code(visit.code) : visit.cardNo}</span>
      {privacyQr ? (
        <span className="k-badge__privacy">
          {texts.privacy}
          <img src={privacyQr} alt={texts.privacy} data-testid="badge-privacy-qr" />
        </span>
      ) : null}
    </div>
  );
  return (
    <div
      className={`k-badge${bw ? ' k-badge--bw' : ''}`}
      style={style}
      data-testid="badge"
      data-size={`${size.widthMm}x${size.heightMm}`}
      data-bw={bw ? '1' : '0'}
      data-drawing={pending ? '1' : undefined}
    >
      {customized ? (
        <>
          {settings.brandPosition === 0 ? (
            <div className="k-badge__brand" data-testid="badge-brand-top">
              {brand}
            </div>
          ) : null}
          {body}
          {settings.brandPosition === 1 ? (
            <div className="k-badge__brand" data-testid="badge-brand-middle">
              {brand}
            </div>
          ) : null}
          {foot}
          {settings.brandPosition === 2 ? (
            <div className="k-badge__brand" data-testid="badge-brand-bottom">
              {brand}
            </div>
          ) : null}
        </>
      ) : (
        <>
          <div className="k-badge__band">
            {logo ? <img src={logo} alt={company} /> : <span>{company}</span>}
            <span>{texts.visitor}</span>
          </div>
          {body}
          {foot}
        </>
      )}
    </div>
  );
}

/** The CSS `@page` rule of the badge paper: one badge per page, no margins. */
export function pageRule(cardSize: number): string {
  const { widthMm, heightMm } = badgeSize(cardSize);
  return `@page { size: ${widthMm}mm ${heightMm}mm; margin: 0; }`;
}

/** The element the print style sheet keeps (the kiosk's e2e reads the printed badge under it). */
export const PRINT_ROOT_ID = 'kiosk-print';

/**
 * What `window.print()` prints while it is mounted: the badge alone (everything else of the page is hidden by the
 * print style sheet) on a page of the badge's size.
 */
export function PrintableBadge(props: BadgeProps) {
  useEffect(() => {
    const style = document.createElement('style');
    style.id = 'kiosk-page-size';
    style.textContent = pageRule(props.settings.cardSize);
    document.head.append(style);
    return () => style.remove();
  }, [props.settings.cardSize]);
  return createPortal(
    <div id={PRINT_ROOT_ID}>
      <Badge {...props} />
    </div>,
    document.body,
  );
}
