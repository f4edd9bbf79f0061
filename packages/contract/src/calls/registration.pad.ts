import { z } from 'zod';
import { coercedInt, defineCall, defineDownload } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { zPlainText } from '../plainText.js';

export { toPlainText, zPlainText } from '../plainText.js';

import { CAROUSEL_PICTURES, IMAGE_MAX_BYTES } from '../validators.js';
import { companySettings } from './accounts.js';
import { agreementTexts } from './privacy.consent.js';
import { REGISTRATION_MANAGERS, visitorField, visitorType } from './registration.js';

/**
 * Pad (kiosk) settings of spec section 7 "Pad settings": branding, badge (card) style, switches and texts. They are
 * company settings (answered by GetUserInfo too, flat, as the original did); each call changes its own part.
 */

/** The settings the kiosk and the badge use, a part of the company settings. */
export const padSettings = companySettings.pick({
  logo: true,
  backgroundPic: true,
  carouselPic: true,
  defaultPhoto: true,
  themecolor: true,
  cardType: true,
  cardSize: true,
  printType: true,
  brandType: true,
  brandPosition: true,
  showAvatar: true,
  avatarType: true,
  customText: true,
  cardText: true,
  qrcodeSwitch: true,
  secureProtocol: true,
  secureProtocolEn: true,
  escapeClause: true,
  comeAgain: true,
  signOutSwitch: true,
  faceScaner: true,
  scaner: true,
  /** The company's country: the kiosk checks a driver's ID number by it. */
  country: true,
});
export type PadSettings = z.infer<typeof padSettings>;

/** Who reads the pad settings and their pictures: the managers, and the desks and kiosks that show them. */
export const PAD_READERS = [Role.ADMIN, Role.SUBADMIN, Role.GATE, Role.MACHINE] as const;

// ---------------------------------------------------------------------------------------------
// Pictures
// ---------------------------------------------------------------------------------------------

export const PAD_PICTURE_KINDS = ['logo', 'backgroundPic', 'defaultPhoto', 'carouselPic'] as const;
export type PadPictureKind = (typeof PAD_PICTURE_KINDS)[number];

/** What an upload may weigh before it is scaled down. */
export const PAD_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
export const PAD_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;

export interface PadPictureRule {
  /** Smaller pictures are refused (field error `imageTooSmall`). */
  min: { width: number; height: number };
  /** The spec's advice: smaller ones are taken but may look blurred. */
  advice: { width: number; height: number };
  /** Larger pictures are scaled down to fit this box, then compressed under `maxBytes`. */
  maxEdge: number;
  maxBytes: number;
  /** Logos keep their transparency (PNG); the others are stored as JPEG. */
  format: 'png' | 'jpeg';
}

/** Spec sections 5 and 9: logo over 400×300 and under 1 MB; home pictures suggested 1536×2048. */
export const PAD_PICTURE_RULES: Readonly<Record<PadPictureKind, PadPictureRule>> = {
  logo: { min: { width: 100, height: 30 }, advice: { width: 400, height: 300 }, maxEdge: 1200, maxBytes: IMAGE_MAX_BYTES, format: 'png' },
  backgroundPic: {
    min: { width: 480, height: 480 },
    advice: { width: 1536, height: 2048 },
    maxEdge: 2048,
    maxBytes: 2 * IMAGE_MAX_BYTES,
    format: 'jpeg',
  },
  carouselPic: {
    min: { width: 480, height: 480 },
    advice: { width: 1536, height: 2048 },
    maxEdge: 2048,
    maxBytes: 2 * IMAGE_MAX_BYTES,
    format: 'jpeg',
  },
  defaultPhoto: { min: { width: 100, height: 100 }, advice: { width: 300, height: 300 }, maxEdge: 800, maxBytes: IMAGE_MAX_BYTES, format: 'jpeg' },
};

// ---------------------------------------------------------------------------------------------
// Texts and colour
// ---------------------------------------------------------------------------------------------

export const SECURE_PROTOCOL_MAX = 20000;
export const ESCAPE_CLAUSE_MAX = 2000;
export const CARD_TEXT_MAX = 50;
export const CUSTOM_TEXT_MAX = 30;

/** The badge's card text: one line of plain text (markup removed) of at most CARD_TEXT_MAX characters. */
export const zCardText = zPlainText(CARD_TEXT_MAX).refine((v) => !v.includes('\n'), 'format');

export type ThemeColorFailure = 'format';
const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '' (the default colour) or a CSS hex colour #rgb / #rrggbb. */
export function checkThemeColor(s: string): ThemeColorFailure | null {
  const v = s.trim();
  return v === '' || COLOUR.test(v) ? null : 'format';
}

/** '#ABC' → '#aabbcc'; '' stays ''. Apply after `checkThemeColor`. */
export function normaliseThemeColor(s: string): string {
  const v = s.trim().toLowerCase();
  if (v.length === 4) return `#${[...v.slice(1)].map((c) => c + c).join('')}`;
  return v;
}

/** The colour the kiosk uses when none is set. */
export const DEFAULT_THEME_COLOR = '#0958d9';

// ---------------------------------------------------------------------------------------------
// Badge (card) sizes
// ---------------------------------------------------------------------------------------------

/**
 * Paper of the badge printer (spec section 9), as the CSS `@page` size the kiosk prints with: a 90×60 mm card sleeve,
 * and 4-inch and 5-inch label paper (4×3 in and 5×3.5 in, landscape).
 */
export const CARD_SIZES = {
  0: { widthMm: 90, heightMm: 60 },
  1: { widthMm: 102, heightMm: 76 },
  2: { widthMm: 127, heightMm: 89 },
} as const satisfies Record<number, { widthMm: number; heightMm: number }>;

const zSwitch = z.union([z.literal(0), z.literal(1)]);
const userid = z.int32().optional();
const upload = { maxBytes: PAD_UPLOAD_MAX_BYTES, extensions: PAD_IMAGE_EXTENSIONS };
const uploadInput = z.object({ userid: coercedInt().optional() });
const settingsLog = { module: LogModule.ACCOUNT, event: 'update' } as const;

export const updateLogo = defineCall({
  name: 'UpdateLogo',
  area: 'registration',
  module: 'registration',
  summary: `The company logo (jpg, png, webp or gif; at least ${PAD_PICTURE_RULES.logo.min.width}×${PAD_PICTURE_RULES.logo.min.height} px, best over 400×300); larger ones are scaled down under 1 MB; transparency is kept`,
  access: REGISTRATION_MANAGERS,
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  log: settingsLog,
  upload,
  input: uploadInput,
  output: padSettings,
});

export const uploadBackgroundPic = defineCall({
  name: 'UploadBackgroundPic',
  area: 'registration',
  module: 'registration',
  summary: 'The background picture of the kiosk home screen (suggested 1536×2048; larger ones are scaled down)',
  access: REGISTRATION_MANAGERS,
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  log: settingsLog,
  upload,
  input: uploadInput,
  output: padSettings,
});

export const updateDefaultPhoto = defineCall({
  name: 'UpdateDefaultPhoto',
  area: 'registration',
  module: 'registration',
  summary: 'The picture a badge shows when the visitor has no photo (or the fixed picture of a customized badge)',
  access: REGISTRATION_MANAGERS,
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  log: settingsLog,
  upload,
  input: uploadInput,
  output: padSettings,
});

export const uploadCarouselPic = defineCall({
  name: 'UploadCarouselPic',
  area: 'registration',
  module: 'registration',
  summary: `Add a picture to the home carousel (at most ${CAROUSEL_PICTURES.max}; the kiosk rolls them once there are ${CAROUSEL_PICTURES.min})`,
  access: REGISTRATION_MANAGERS,
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  log: settingsLog,
  upload,
  input: uploadInput,
  output: padSettings,
});

export const updateCarouselPic = defineCall({
  name: 'updateCarouselPic',
  area: 'registration',
  module: 'registration',
  summary: 'Reorder or remove carousel pictures: the pictures to keep, in order (each one of the current pictures)',
  access: REGISTRATION_MANAGERS,
  log: settingsLog,
  input: z.object({ userid, carouselPic: z.array(z.string().max(200)).max(CAROUSEL_PICTURES.max) }),
  output: padSettings,
});

export const delPadPicture = defineCall({
  name: 'delPadPicture',
  area: 'registration',
  module: 'registration',
  summary: 'Remove the logo, the background picture or the default photo',
  access: REGISTRATION_MANAGERS,
  log: settingsLog,
  input: z.object({ userid, kind: z.enum(['logo', 'backgroundPic', 'defaultPhoto']) }),
  output: padSettings,
});

export const updateThemeColor = defineCall({
  name: 'UpdateThemeColor',
  area: 'registration',
  module: 'registration',
  summary: "The kiosk's theme colour (#rgb or #rrggbb; empty for the default)",
  access: REGISTRATION_MANAGERS,
  log: settingsLog,
  input: z.object({
    userid,
    themecolor: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        if (checkThemeColor(v)) ctx.addIssue({ code: 'custom', message: 'format' });
      })
      .transform(normaliseThemeColor),
  }),
  output: padSettings,
});

export const updateCardStyle = defineCall({
  name: 'updateCardStyle',
  area: 'registration',
  module: 'registration',
  summary:
    'The badge: ordinary or customized; logo as text or picture at the top, middle or bottom; avatar (visitor photo, fixed picture or QR code); texts; paper size; black and white. Only the fields given change',
  access: REGISTRATION_MANAGERS,
  log: settingsLog,
  input: z.object({
    userid,
    cardType: zSwitch.optional().describe('0 ordinary, 1 customized'),
    cardSize: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .optional()
      .describe('0 90×60 mm, 1 4-inch, 2 5-inch'),
    printType: zSwitch.optional().describe('0 colour, 1 black and white'),
    brandType: zSwitch.optional().describe('logo as 0 text, 1 picture'),
    brandPosition: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .optional()
      .describe('0 top, 1 middle, 2 bottom'),
    showAvatar: zSwitch.optional(),
    avatarType: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .optional()
      .describe('0 visitor photo, 1 fixed picture, 2 QR code'),
    customText: zPlainText(CUSTOM_TEXT_MAX)
      .refine((v) => !v.includes('\n'), 'format')
      .optional()
      .describe('the logo as text'),
    cardText: zCardText.optional().describe('a line printed on every badge'),
  }),
  output: padSettings,
});

function switchCall<const N extends string, const K extends 'qrcodeSwitch' | 'comeAgain' | 'signOutSwitch' | 'faceScaner'>(
  name: N,
  key: K,
  summary: string,
) {
  return defineCall({
    name,
    area: 'registration',
    module: 'registration',
    summary,
    access: REGISTRATION_MANAGERS,
    log: settingsLog,
    input: z.object({ userid, [key]: zSwitch } as { userid: typeof userid } & Record<K, typeof zSwitch>),
    output: padSettings,
  });
}

export const updateQRcode = switchCall('updateQRcode', 'qrcodeSwitch', 'Visitors get a QR code (on the badge and the pass) that opens the gates');
export const updateComeAgain = switchCall(
  'updateComeAgain',
  'comeAgain',
  'The kiosk offers returning visitors to fill the form from their last visit',
);
export const updateSignOutSwitch = switchCall('updateSignOutSwitch', 'signOutSwitch', 'Visitors sign out at the kiosk');
export const updateFaceScaner = switchCall(
  'updateFaceScaner',
  'faceScaner',
  'At check-in by code or phone the kiosk takes the visitor’s face with its camera (the face scanner) and sends it with the check-in',
);

export const updateSecureProtocol = defineCall({
  name: 'updateSecureProtocol',
  area: 'registration',
  module: 'registration',
  summary:
    'The safety terms visitors read and sign at the kiosk, in Chinese and (optionally) English; kept as plain text (markup is reduced to its words)',
  access: REGISTRATION_MANAGERS,
  log: settingsLog,
  input: z.object({ userid, secureProtocol: zPlainText(SECURE_PROTOCOL_MAX), secureProtocolEn: zPlainText(SECURE_PROTOCOL_MAX).optional() }),
  output: padSettings,
});

export const updateEscapeClause = defineCall({
  name: 'updateEscapeClause',
  area: 'registration',
  module: 'registration',
  summary: 'The exemption clause staff accept when they add or edit employees (empty: none); plain text',
  access: REGISTRATION_MANAGERS,
  log: settingsLog,
  input: z.object({ userid, escapeClause: zPlainText(ESCAPE_CLAUSE_MAX) }),
  output: padSettings,
});

/** A field of the kiosk's form: a field the type shows, with what the kiosk needs to draw it. */
export const padField = visitorField
  .pick({ eid: true, fieldName: true, displayName: true, inputType: true, inputValue: true, placeholder: true, standard: true })
  .extend({
    required: z.boolean(),
  });
export type PadField = z.infer<typeof padField>;

export const padVisitorType = visitorType.omit({ fields: true }).extend({ fields: z.array(padField) });
export type PadVisitorType = z.infer<typeof padVisitorType>;

/**
 * A sub-company as the building's desk and kiosk offer it to a walk-in (multi-company mode): where it is, and whether
 * its visitors wait for the host's authorisation (vaPerm bit 4).
 */
export const padCompany = z.object({
  id: z.int32(),
  companyName: z.string(),
  shortName: z.string(),
  floor: z.string(),
  roomNumbers: z.array(z.string()),
  /** Key of its logo ('' without one): the `SubAccountLogo` download. */
  logo: z.string(),
  vaPerm: z.int32(),
});
export type PadCompany = z.infer<typeof padCompany>;

export const padConfig = z.object({
  userid: z.int32(),
  company: z.string(),
  shortName: z.string(),
  settings: padSettings,
  /** The gates of the signed-in desk or kiosk (for an administrator: the gate asked for, or none). */
  gates: z.array(z.object({ gid: z.int32(), gname: z.string() })),
  /** The visitor types offered there, in order, each with the fields of its form in order. */
  types: z.array(padVisitorType),
  /**
   * The building's sub-companies a walk-in picks before the host, by floor and name: those in use today, when
   * multi-company mode is on (else none, and the host is searched across the company).
   */
  companies: z.array(padCompany),
  /**
   * The company's privacy page, where a visitor sees, downloads or asks to erase what it holds about them: the kiosk
   * shows it as a QR code on its screens and the badge prints it.
   */
  privacyPage: z.string(),
  /**
   * The safety terms' current version for each language (an English visitor reads the Chinese text when no English
   * one is set), or null when the company has none: a registration or check-in sends the id it showed as `protocolVersion`.
   */
  protocol: agreementTexts.nullable(),
  /** The consent to face recognition, asked apart from the visit's terms before a photo is taken: the current version in each language. */
  faceConsent: agreementTexts,
  /** The privacy notice's current version in each language: the kiosk shows it beside the privacy page's code and sends its id as `privacyNotice`. */
  privacyNotice: agreementTexts,
});
export type PadConfig = z.infer<typeof padConfig>;

export const getPadConfig = defineCall({
  name: 'getPadConfig',
  area: 'registration',
  module: 'registration',
  summary:
    'Everything a kiosk or front desk needs after signing in, in one answer: pad settings, its gates, and the visitor types offered there with their forms',
  access: PAD_READERS,
  statuses: [Status.GATE_NOT_FOUND, Status.INVALID_USER],
  input: z.object({ userid, gid: z.int32().positive().optional().describe('administrators: preview a gate') }),
  output: padConfig,
});

export const padSettingCalls = [
  updateLogo,
  uploadBackgroundPic,
  updateDefaultPhoto,
  uploadCarouselPic,
  updateCarouselPic,
  delPadPicture,
  updateThemeColor,
  updateCardStyle,
  updateQRcode,
  updateComeAgain,
  updateSignOutSwitch,
  updateFaceScaner,
  updateSecureProtocol,
  updateEscapeClause,
  getPadConfig,
] as const;

const pictureKey = z.object({ key: z.string().min(1).max(200) });

export const padLogo = defineDownload({
  name: 'PadLogo',
  area: 'registration',
  module: 'registration',
  summary: 'The company logo (png); `key` is the current `logo` setting',
  access: PAD_READERS,
  contentType: 'image/png',
  fileName: 'logo',
  extension: 'png',
  input: pictureKey,
});

export const padPicture = defineDownload({
  name: 'PadPicture',
  area: 'registration',
  module: 'registration',
  summary: 'A kiosk picture (jpeg): the background, the default photo or a carousel picture, by its current setting',
  access: PAD_READERS,
  contentType: 'image/jpeg',
  fileName: 'picture',
  extension: 'jpg',
  input: pictureKey,
});

export const padDownloads = [padLogo, padPicture] as const;
