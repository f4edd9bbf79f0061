import { CARD_SIZES, DEFAULT_THEME_COLOR, type PadSettings, withColon } from '@openvisit/contract';
import type { CSSProperties, ReactNode } from 'react';

/** What a badge prints about the visit. */
export interface BadgeVisit {
  /** The big title line (e.g. "Visitor"): the card text when set. */
  title: string;
  name: string;
  company: string;
  host: string;
  visitType: string;
  date: string;
  /** Field labels, in the badge's language. */
  labels: { company: string; host: string; visitType: string; date: string };
  /** The visitor's photo; the default photo stands in without one. */
  photoUrl?: string;
  /** The pass the QR code carries; a pattern stands in for a preview. */
  qrValue?: string;
}

export type BadgeStyle = Pick<
  PadSettings,
  | 'cardType'
  | 'cardSize'
  | 'printType'
  | 'brandType'
  | 'brandPosition'
  | 'showAvatar'
  | 'avatarType'
  | 'customText'
  | 'cardText'
  | 'qrcodeSwitch'
  | 'themecolor'
>;

/** A QR-like pattern (finder squares and a deterministic fill): a stand-in for the real code in previews. */
export function QrPattern({ size, seed = 'openvisit' }: { size: number; seed?: string }) {
  const n = 21;
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  const cells: ReactNode[] = [];
  const finder = (x: number, y: number) => x < 7 && y < 7;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      if (finder(x, y) || finder(n - 1 - x, y) || finder(x, n - 1 - y)) continue;
      h = Math.imul(h ^ (x * 31 + y), 16777619);
      if ((h >>> 7) % 2) cells.push(<rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} />);
    }
  const eye = (x: number, y: number) => (
    <g key={`eye-${x}-${y}`}>
      <rect x={x} y={y} width={7} height={7} />
      <rect x={x + 1} y={y + 1} width={5} height={5} fill="#fff" />
      <rect x={x + 2} y={y + 2} width={3} height={3} />
    </g>
  );
  return (
    <svg viewBox={`-1 -1 ${n + 2} ${n + 2}`} width={size} height={size} role="img" aria-label="QR" style={{ background: '#fff', display: 'block' }}>
      <g fill="#000">
        {cells}
        {eye(0, 0)}
        {eye(n - 7, 0)}
        {eye(0, n - 7)}
      </g>
    </svg>
  );
}

/**
 * The visitor badge in the chosen card style, drawn to the paper's proportions (90×60 mm, 4-inch or 5-inch) at
 * `widthPx`: the console previews it and the kiosk prints it (with `@page` of the same size). Ordinary: logo and
 * title on top, photo beside the details. Customized: the brand (logo picture or text) at the top, middle or
 * bottom, an avatar (visitor photo, the fixed picture or the QR code) when shown, and the card text. Black and
 * white: grey-scale and no colour bars.
 */
export function Badge({
  style,
  visit,
  logoUrl,
  defaultPhotoUrl,
  companyName,
  widthPx,
}: {
  style: BadgeStyle;
  visit: BadgeVisit;
  logoUrl?: string;
  defaultPhotoUrl?: string;
  companyName: string;
  widthPx: number;
}) {
  const paper = CARD_SIZES[(style.cardSize in CARD_SIZES ? style.cardSize : 0) as keyof typeof CARD_SIZES];
  const mm = widthPx / paper.widthMm;
  const heightPx = Math.round(paper.heightMm * mm);
  // Larger paper prints larger: text and pictures grow with the paper's height (sizes below are for a 60 mm card).
  const u = mm * (paper.heightMm / 60);
  const mono = style.printType === 1;
  const accent = mono ? '#000' : style.themecolor || DEFAULT_THEME_COLOR;
  const photo = visit.photoUrl || defaultPhotoUrl;
  const font = (sizeMm: number): CSSProperties => ({ fontSize: Math.max(8, sizeMm * u), lineHeight: 1.2 });
  const avatarPx = Math.round(22 * u);

  const photoBox = (src: string | undefined) => (
    <div
      data-testid="badge-photo"
      style={{
        width: avatarPx,
        height: Math.round(avatarPx * 1.25),
        background: src ? `center / cover no-repeat url("${src}")` : '#e6e6e6',
        border: '1px solid #d9d9d9',
        flex: 'none',
      }}
    />
  );
  const qr = <QrPattern size={avatarPx} seed={visit.qrValue ?? visit.name} />;
  const details = (
    <div style={{ minWidth: 0, flex: 1 }}>
      <div data-testid="badge-name" style={{ ...font(5.5), fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {visit.name}
      </div>
      {(
        [
          [visit.labels.company, visit.company],
          [visit.labels.host, visit.host],
          [visit.labels.visitType, visit.visitType],
          [visit.labels.date, visit.date],
        ] as const
      ).map(([k, v]) => (
        <div key={k} style={{ ...font(3.2), overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          <span style={{ color: mono ? '#000' : '#666' }}>{withColon(k)}</span>
          {v}
        </div>
      ))}
    </div>
  );
  const logo = logoUrl ? (
    <img data-testid="badge-logo" src={logoUrl} alt="" style={{ maxHeight: Math.round(9 * u), maxWidth: '60%', objectFit: 'contain' }} />
  ) : (
    <span data-testid="badge-brand-text" style={{ ...font(4.5), fontWeight: 700, color: accent }}>
      {companyName}
    </span>
  );
  const title = (
    <div data-testid="badge-title" style={{ ...font(4), fontWeight: 700, color: accent, letterSpacing: 1 }}>
      {style.cardText || visit.title}
    </div>
  );

  let body: ReactNode;
  if (style.cardType !== 1) {
    body = (
      <>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 * mm }}>
          {logo}
          {title}
        </div>
        <div style={{ display: 'flex', gap: 3 * mm, alignItems: 'flex-start', flex: 1, marginTop: 2 * mm, minHeight: 0 }}>
          {photoBox(photo)}
          {details}
          {style.qrcodeSwitch ? qr : null}
        </div>
      </>
    );
  } else {
    const brand =
      style.brandType === 1 && logoUrl ? (
        <img data-testid="badge-logo" src={logoUrl} alt="" style={{ maxHeight: Math.round(10 * u), maxWidth: '70%', objectFit: 'contain' }} />
      ) : (
        <span data-testid="badge-brand-text" style={{ ...font(5), fontWeight: 700, color: accent }}>
          {style.customText || companyName}
        </span>
      );
    const brandRow = (
      <div
        data-testid={`badge-brand-${['top', 'middle', 'bottom'][style.brandPosition] ?? 'top'}`}
        style={{ display: 'flex', justifyContent: 'center' }}
      >
        {brand}
      </div>
    );
    const avatar = style.showAvatar ? (style.avatarType === 2 ? qr : photoBox(style.avatarType === 1 ? defaultPhotoUrl : photo)) : null;
    const main = (
      <div style={{ display: 'flex', gap: 3 * mm, alignItems: 'center', minHeight: 0 }}>
        {avatar}
        {details}
      </div>
    );
    body = (
      <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flex: 1, gap: 1.5 * mm, minHeight: 0 }}>
        {style.brandPosition === 0 ? brandRow : null}
        {title}
        {style.brandPosition === 1 ? brandRow : null}
        {main}
        {style.brandPosition === 2 ? brandRow : null}
      </div>
    );
  }

  return (
    <div
      data-testid="badge"
      data-size={`${paper.widthMm}x${paper.heightMm}`}
      style={{
        width: widthPx,
        height: heightPx,
        boxSizing: 'border-box',
        padding: 3 * mm,
        background: '#fff',
        color: '#000',
        border: '1px solid #bfbfbf',
        borderTop: mono ? '1px solid #000' : `${Math.max(3, 1.5 * mm)}px solid ${accent}`,
        borderRadius: 2 * mm,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        filter: mono ? 'grayscale(1) contrast(1.2)' : undefined,
        fontFamily: 'inherit',
      }}
    >
      {body}
    </div>
  );
}
