import { DEFAULT_THEME_COLOR } from '@openvisit/contract';
import type { CSSProperties } from 'react';
import { type KioskFaceTexts, KioskHome, type KioskLook, KioskTopBar, kioskThemeStyle } from './KioskFace';

/** The tablet the preview shows, in portrait, and what the kiosk's CSS computes from its viewport there. */
const TABLET = { width: 768, height: 1024 };
/** `clamp(18px, 0.9vw + 0.9vh, 30px)` of the kiosk's body at 768×1024. */
const FONT_PX = 18;
/** `clamp(12px, 1.6vmin, 28px)` at 768×1024. */
const GAP_PX = (1.6 * TABLET.width) / 100;

/**
 * The kiosk's start screen exactly as the kiosk draws it (the same components and CSS), at a tablet's size in portrait,
 * scaled down into a frame `width` pixels wide. It is a picture: nothing in it can be focused or pressed.
 */
export function KioskFacePreview({ look, texts, label, width = 300 }: { look: KioskLook; texts: KioskFaceTexts; label: string; width?: number }) {
  const scale = width / TABLET.width;
  const face: CSSProperties = {
    ...kioskThemeStyle(look.themecolor),
    '--k-vh': `${TABLET.height / 100}px`,
    '--gap': `${GAP_PX}px`,
    width: TABLET.width,
    height: TABLET.height,
    fontSize: FONT_PX,
    transform: `scale(${scale})`,
    transformOrigin: '0 0',
  } as CSSProperties;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="kiosk-preview"
      data-theme={look.themecolor || DEFAULT_THEME_COLOR}
      style={{
        width,
        height: Math.round(TABLET.height * scale),
        border: '10px solid #222',
        borderRadius: 18,
        boxSizing: 'content-box',
        overflow: 'hidden',
        position: 'relative',
      }}
    >
      <div className="k-face" style={face} inert aria-hidden="true">
        <KioskTopBar company={look.company} logo={look.logo}>
          <span className="k-btn k-btn--lang">{texts.switchTo}</span>
        </KioskTopBar>
        <KioskHome look={look} texts={texts} portrait />
      </div>
    </div>
  );
}
