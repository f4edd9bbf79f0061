import { DEFAULT_COUNTRY, DEFAULT_THEME_COLOR, getPadConfig, labelIn, type PadCompany, type PadConfig } from '@openvisit/contract';
import type { WalkInVisitorType } from '../core/walkIn/public';
import { callApi, getEnvelope } from '../platform/api';
import type { RuntimeConfig } from '../platform/config';

/** Submissions wait this long before the kiosk queues them as offline (the console's 60 s is too long at a door). */
export const KIOSK_TIMEOUT_MS = 20_000;

/**
 * What the kiosk shows and asks: the pad settings (branding, badge, switches, terms) and the visitor types with their
 * forms, from the registration module's `getPadConfig` (the interfaces below are the parts of `PadConfig` the kiosk
 * uses). Until it has answered once, the kiosk works from defaults: the standard fields a new visitor type shows, no
 * terms (the server still asks for them when the company has some), the default colour and a 90×60 mm colour badge.
 */
export interface KioskSettings {
  logo: string;
  backgroundPic: string;
  carouselPic: string[];
  defaultPhoto: string;
  themecolor: string;
  /** 0 ordinary, 1 customized. */
  cardType: number;
  /** 0 90×60 mm, 1 4-inch, 2 5-inch. */
  cardSize: number;
  /** 0 colour, 1 black and white. */
  printType: number;
  /** Customized badge: the brand as 0 text (customText), 1 the logo. */
  brandType: number;
  /** 0 top, 1 middle, 2 bottom. */
  brandPosition: number;
  showAvatar: number;
  /** 0 visitor photo, 1 fixed picture (defaultPhoto), 2 QR code. */
  avatarType: number;
  customText: string;
  cardText: string;
  qrcodeSwitch: number;
  secureProtocol: string;
  secureProtocolEn: string;
  comeAgain: number;
  signOutSwitch: number;
  /** The face scanner (updateFaceScaner): at check-in the kiosk takes the visitor's face with its camera unless 0. */
  faceScaner: number;
  /** QR check-in at the kiosk (basic settings): the scan tab shows unless 0. */
  scaner: number;
  /** The company's country (ISO 3166-1 alpha-2): a truck driver's ID number is checked by its rules. */
  country: string;
}

export interface KioskConfig {
  company: string;
  /** The company's short name, shown instead of its name when set. */
  shortName?: string;
  settings: KioskSettings;
  gates: { gid: number; gname: string }[];
  types: WalkInVisitorType[];
  /** The building's sub-companies a walk-in picks before the host (multi-company mode); left out until read. */
  companies?: PadCompany[];
  /** Truck drivers sign in and out here (the server's logistics switch); left out until read. */
  trucks?: boolean;
  /** The company's privacy page (shown on every screen and printed on the badge); left out until read. */
  privacyPage?: string;
  /** The consent to face recognition asked before a photo, in each language; left out until read (then none is asked). */
  faceConsent?: PadConfig['faceConsent'];
  /** The safety terms' current version in each language (null: none); left out until read (then none is sent). */
  protocol?: PadConfig['protocol'];
  /** The privacy notice's current version in each language (the privacy panel shows it); left out until read (then none is sent). */
  privacyNotice?: PadConfig['privacyNotice'];
}

export const DEFAULT_THEME = DEFAULT_THEME_COLOR;

export const DEFAULT_SETTINGS: KioskSettings = {
  logo: '',
  backgroundPic: '',
  carouselPic: [],
  defaultPhoto: '',
  themecolor: '',
  cardType: 0,
  cardSize: 0,
  printType: 0,
  brandType: 1,
  brandPosition: 0,
  showAvatar: 1,
  avatarType: 0,
  customText: '',
  cardText: '',
  qrcodeSwitch: 0,
  secureProtocol: '',
  secureProtocolEn: '',
  comeAgain: 0,
  signOutSwitch: 1,
  faceScaner: 0,
  scaner: 1,
  country: DEFAULT_COUNTRY,
};

export function defaultConfig(company: string): KioskConfig {
  return { company, settings: DEFAULT_SETTINGS, gates: [], types: [] };
}

const CACHE_KEY = 'openvisit.kiosk.config';

/** The configuration of the last answer in this session (so a reload without a network keeps the branding and forms). */
export function cachedConfig(): KioskConfig | null {
  try {
    const raw = sessionStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as KioskConfig) : null;
  } catch {
    return null;
  }
}

/** Asks the server for the pad configuration of this kiosk's gate and keeps it for reloads. */
export async function loadConfig(): Promise<KioskConfig> {
  const [answer, runtime] = await Promise.all([
    callApi(getPadConfig, {}, { silent: true }) as Promise<PadConfig>,
    // The server's switches (read here, not through the console's query hook: the kiosk has no query client).
    getEnvelope<RuntimeConfig>('/api/config').catch(() => null),
  ]);
  const config: KioskConfig = { ...answer, trucks: runtime?.features.logistics === true };
  try {
    sessionStorage.setItem(CACHE_KEY, JSON.stringify(config));
  } catch {
    // storage full or unavailable: the answer still applies to this page
  }
  return config;
}

/** Badge paper as CSS sizes (shared with the console's badge reprint). */
export { badgeSize } from '../core/badge/public';

/** '中文#English' → the part for the language. */
export const labelOf = labelIn;
