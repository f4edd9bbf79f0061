import type { ThemeConfig } from 'antd';

/**
 * The console's colours, each reaching WCAG AA (4.5:1) as text on white and on antd's light fills (#fafafa, #f5f5f5,
 * the light tints of tags and selected menu items): antd's defaults do not (link blue #1677ff 4.1:1, secondary grey
 * 3.36:1, danger red #ff4d4f 3.26:1, success green 2.2:1). The brand blue is antd's own blue-7 (6.2:1 on white, 5.5:1
 * on its selected tint, white text on it 6.2:1).
 */
export const BRAND_COLOR = '#0958d9';

/** Greys as black at an opacity, so they hold their contrast on any light fill they are drawn on. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

/**
 * The darker shade 7 of the preset colours whose own is below 4.5:1 on shade 1. antd holds each shade under two names
 * (`green7`, `green-7`) that become one CSS variable, so both are set.
 */
const TAG_TEXT = Object.fromEntries(
  Object.entries({
    green: '#237804',
    cyan: '#006d75',
    orange: '#ad4e00',
    gold: '#874d00',
    lime: '#3f6600',
    volcano: '#ad2102',
    yellow: '#876800',
  }).flatMap(([hue, shade]) => [
    [`${hue}7`, shade],
    [`${hue}-7`, shade],
  ]),
);

/**
 * antd's styles are written with this theme at build time (apps/web/antdStyles.ts) and the console runs it: class
 * names carry no per-theme hash, so the written stylesheet matches every page.
 */
export const consoleTheme: ThemeConfig = {
  hashed: false,
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    // Status colours are also text (tags, messages, danger buttons); their tints are kept light explicitly, since the
    // palette antd derives from a dark seed is greyish.
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // Preset tag colours (text is shade 7 on shade 1): the shades below 4.5:1 take a darker one of the same hue.
    ...TAG_TEXT,
  },
  components: {
    // The text inside an unchecked switch is white on its grey track.
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    // A table's empty text (a plain `emptyText`) is drawn in the disabled colour, 2:1 on white: the secondary text instead.
    Table: { colorTextDisabled: SECONDARY_TEXT },
  },
};
