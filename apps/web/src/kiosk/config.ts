import { DEFAULT_THEME_COLOR, getPadConfig, labelIn, type PadConfig, STANDARD_FIELDS } from '@openvisit/contract';
import { callApi } from '../platform/api';

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
  faceScaner: number;
  /** QR check-in at the kiosk (basic settings): the scan tab shows unless 0. */
  scaner: number;
}

export interface KioskField {
  eid: number;
  /** A standard field's call name (vname, vphone, cardId…) or a custom field's key in `extendCol`. */
  fieldName: string;
  /** '中文#English'. */
  displayName: string;
  inputType: 'text' | 'date' | 'button' | 'standard';
  inputValue: string[];
  placeholder: string;
  standard: boolean;
  required: boolean;
}

export interface KioskVisitorType {
  tid: number;
  /** '中文#English'. */
  vType: string;
  reasons: string[];
  fields: KioskField[];
}

export interface KioskConfig {
  company: string;
  settings: KioskSettings;
  gates: { gid: number; gname: string }[];
  types: KioskVisitorType[];
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
  faceScaner: 1,
  scaner: 1,
};

const standard = (eid: number, fieldName: string, displayName: string, required: boolean): KioskField => ({
  eid,
  fieldName,
  displayName,
  inputType: 'standard',
  inputValue: [],
  placeholder: '',
  standard: true,
  required,
});

/** The form of a company without visitor types: the standard fields a new type shows. */
export const DEFAULT_FIELDS: KioskField[] = STANDARD_FIELDS.filter((f) => f.shown).map((f, i) =>
  standard(-1 - i, f.fieldName, `${f.zh}#${f.en}`, f.required),
);

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
  const answer: PadConfig = await callApi(getPadConfig, {}, { silent: true });
  const config: KioskConfig = answer;
  try {
    sessionStorage.setItem(CACHE_KEY, JSON.stringify(config));
  } catch {
    // storage full or unavailable: the answer still applies to this page
  }
  return config;
}

/** Badge paper as CSS sizes (shared with the console's badge reprint). */
export { badgeSize } from '../platform/badge/size';

/** '中文#English' → the part for the language. */
export const labelOf = labelIn;

/**
 * The fields a visitor type asks for, in order (the defaults when the company has no types). Whatever the settings
 * say, the form has the name and the host (the server needs both, required), and a phone when it shows neither a
 * phone nor a certificate number (a visitor is identified by one of them).
 */
export function fieldsOf(type: KioskVisitorType | null): KioskField[] {
  let fields = type?.fields.length ? [...type.fields] : [...DEFAULT_FIELDS];
  const has = (name: string) => fields.some((f) => f.fieldName === name);
  if (!has('vname')) fields = [standard(-1, 'vname', '姓名#Name', true), ...fields];
  if (!has('vphone') && !has('cardId')) fields.splice(1, 0, standard(-2, 'vphone', '手机号#Phone', true));
  if (!has('empid')) fields.push(standard(-4, 'empid', '被访人#Host', true));
  return fields.map((f) => (f.fieldName === 'vname' || f.fieldName === 'empid' ? { ...f, required: true } : f));
}
