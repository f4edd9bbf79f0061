/**
 * Field validators shared by the server (authoritative checks) and the console forms
 * (validate-as-you-type). Pure functions: no Node, no DOM.
 *
 * Convention: every `check*` returns `null` when the value is valid, otherwise a stable
 * machine key naming the first problem found. The UI translates the keys; nothing here is
 * user-facing text.
 *
 * Whitespace: every check except the password check trims its input first, so "  a@b.cn "
 * is judged as "a@b.cn" and a blank value is 'required'. Passwords are never trimmed; a
 * leading or trailing space is refused as 'whitespace' instead of being silently dropped.
 *
 * Lengths are counted in Unicode code points, so one Chinese character (or one emoji) is 1.
 */

/** Length in Unicode code points (not UTF-16 units). */
function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

const CONTROL_CHAR = /\p{Cc}/u;

// ---------------------------------------------------------------------------------------------
// Storable text: what a PostgreSQL text column can hold
// ---------------------------------------------------------------------------------------------

/**
 * NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (no UTF-8 encoding exists for it): a
 * string holding either would fail in the database, so every call input refuses it as 'illegalChars'.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** The paths of every string (values and object keys, at any depth) that `isStorableText` refuses. */
export function unstorableTextPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return isStorableText(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => unstorableTextPaths(v, [...path, i]));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => (isStorableText(k) ? unstorableTextPaths(v, [...path, k]) : [[...path, k]]));
}

// ---------------------------------------------------------------------------------------------
// Password
// ---------------------------------------------------------------------------------------------

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

export type PasswordStrength = 'weak' | 'medium' | 'strong';
export type PasswordFailure = 'required' | 'tooShort' | 'tooLong' | 'tooWeak' | 'sameAsOld' | 'mismatch' | 'whitespace';

interface PasswordKinds {
  lower: boolean;
  upper: boolean;
  digit: boolean;
  special: boolean;
  /** Number of kinds among letters (upper and lower together count once), digits, specials. */
  count: number;
}

function passwordKinds(pw: string): PasswordKinds {
  const lower = /[a-z]/.test(pw);
  const upper = /[A-Z]/.test(pw);
  const digit = /[0-9]/.test(pw);
  // Special: any character that is not an ASCII letter, an ASCII digit or whitespace.
  const special = /[^A-Za-z0-9\s]/u.test(pw);
  const count = (lower || upper ? 1 : 0) + (digit ? 1 : 0) + (special ? 1 : 0);
  return { lower, upper, digit, special, count };
}

/**
 * Strength rule. Kinds are: letters (A–Z and a–z together count as one kind), digits (0–9),
 * specials (any other non-whitespace character).
 * - weak:   fewer than 2 kinds, or shorter than PASSWORD_MIN code points;
 * - strong: all 3 kinds and at least 8 code points, or (at any length ≥ PASSWORD_MIN) upper-case
 *           AND lower-case letters AND a digit AND a special;
 * - medium: everything else (2 kinds, or 3 kinds but only 6–7 long without mixed case).
 */
export function passwordStrength(pw: string): PasswordStrength {
  const k = passwordKinds(pw);
  const len = codePoints(pw);
  if (k.count < 2 || len < PASSWORD_MIN) return 'weak';
  if (k.count === 3 && len >= 8) return 'strong';
  if (k.lower && k.upper && k.digit && k.special) return 'strong';
  return 'medium';
}

/**
 * Checks, in this order: required, whitespace (leading/trailing whitespace, or a control character
 * anywhere), tooShort, tooLong, tooWeak (fewer than two kinds), sameAsOld (when `opts.old` is
 * given and equal), mismatch (when `opts.confirm` is given and differs).
 */
export function checkPassword(pw: string, opts: { old?: string; confirm?: string } = {}): PasswordFailure | null {
  if (pw === '') return 'required';
  if (/^\s|\s$/u.test(pw) || CONTROL_CHAR.test(pw)) return 'whitespace';
  const len = codePoints(pw);
  if (len < PASSWORD_MIN) return 'tooShort';
  if (len > PASSWORD_MAX) return 'tooLong';
  if (passwordKinds(pw).count < 2) return 'tooWeak';
  if (opts.old !== undefined && pw === opts.old) return 'sameAsOld';
  if (opts.confirm !== undefined && pw !== opts.confirm) return 'mismatch';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Email
// ---------------------------------------------------------------------------------------------

export const EMAIL_MAX = 254;
const EMAIL_LOCAL_MAX = 64;

export type EmailFailure = 'required' | 'tooLong' | 'format';

// Dot-separated atoms of letters, digits, + _ - : no leading, trailing or consecutive dots.
const EMAIL_LOCAL = /^[A-Za-z0-9+_-]+(?:\.[A-Za-z0-9+_-]+)*$/;
// A DNS label: letters, digits, hyphens; not starting or ending with a hyphen; at most 63.
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TLD = /^[A-Za-z]{2,63}$/;

/**
 * A practical subset of RFC 5322: `local@domain.tld`, ASCII only, no spaces or quoting.
 * Local part: letters, digits and + . _ - (at most 64, dots not leading/trailing/doubled).
 * Domain: at least two labels; the last (TLD) is 2+ letters.
 */
export function checkEmail(s: string): EmailFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (v.length > EMAIL_MAX) return 'tooLong';
  const at = v.indexOf('@');
  if (at <= 0 || at !== v.lastIndexOf('@')) return 'format';
  const local = v.slice(0, at);
  const labels = v.slice(at + 1).split('.');
  if (local.length > EMAIL_LOCAL_MAX || !EMAIL_LOCAL.test(local)) return 'format';
  if (labels.length < 2) return 'format';
  if (!labels.every((l) => DOMAIN_LABEL.test(l))) return 'format';
  if (!TLD.test(labels[labels.length - 1] ?? '')) return 'format';
  return null;
}

/** Trim and lower-case. Apply after (or together with) `checkEmail`. */
export function normalizeEmail(s: string): string {
  return s.trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Phone
// ---------------------------------------------------------------------------------------------

export type PhoneFailure = 'required' | 'format';

// Optional leading '+', then digit groups separated by single spaces or dashes.
const PHONE_SHAPE = /^\+?\d+(?:[ -]\d+)*$/;
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const MAINLAND_WITH_CC = /^861[3-9]\d{9}$/;
const E164_DIGITS = /^[1-9]\d{6,14}$/;

type ParsedPhone = { kind: 'mainland' | 'international'; digits: string };

function parsePhone(s: string): ParsedPhone | null {
  const v = s.trim();
  if (!PHONE_SHAPE.test(v)) return null;
  const plus = v.startsWith('+');
  const digits = v.replace(/[+ -]/g, '');
  if (MAINLAND_WITH_CC.test(digits)) return { kind: 'mainland', digits: digits.slice(2) };
  if (!plus && MAINLAND_MOBILE.test(digits)) return { kind: 'mainland', digits };
  if (plus && E164_DIGITS.test(digits)) return { kind: 'international', digits };
  return null;
}

/**
 * Accepts a mainland China mobile (`1[3-9]` + 9 digits), optionally prefixed by `+86` or `86`,
 * or an international E.164 number (`+` then 7–15 digits, first digit 1–9). Single spaces or
 * dashes may separate digit groups, e.g. '+86 138 0013 8000', '+44 20 7946 0958'.
 */
export function checkPhone(s: string): PhoneFailure | null {
  if (s.trim() === '') return 'required';
  return parsePhone(s) ? null : 'format';
}

/** True when `s` is a valid mainland China mobile (bare, or with +86 / 86). */
export function isMainlandMobile(s: string): boolean {
  return parsePhone(s)?.kind === 'mainland';
}

/**
 * Canonical storage form: mainland mobiles as their bare 11 digits ('+86' / '86' stripped),
 * international numbers as '+' followed by the digits. `null` when `checkPhone` would fail.
 */
export function normalizePhone(s: string): string | null {
  const p = parsePhone(s);
  if (!p) return null;
  return p.kind === 'mainland' ? p.digits : `+${p.digits}`;
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

export const PERSON_NAME_MAX = 50;
export const ACCOUNT_NAME_MAX = 32;
export const COMPANY_NAME_MAX = 100;
export const COMPANY_SHORT_NAME_MAX = 6;

export type PersonNameFailure = 'required' | 'tooLong' | 'illegalChars';
export type AccountNameFailure = 'required' | 'tooLong' | 'chinese' | 'illegalChars';
export type CompanyNameFailure = 'required' | 'tooLong' | 'illegalChars';

/**
 * Person names: letters of any script (Chinese included, with combining marks), digits, space,
 * dot, middle dot (·), hyphen, underscore, ASCII and full-width parentheses. Everything else –
 * in particular < > " ' \ / ; & % $ # @ ! * = ^ | { } [ ] and control characters – is illegal.
 */
const PERSON_NAME_CHARS = /^[\p{L}\p{M}\p{Nd} .·_()（）-]+$/u;
/** Company names: the person-name set plus '&'. */
const COMPANY_NAME_CHARS = /^[\p{L}\p{M}\p{Nd} .·_()（）&-]+$/u;
const ACCOUNT_NAME_CHARS = /^[A-Za-z0-9_.@-]+$/;
/** CJK Unified Ideographs (incl. Extension A) and CJK Compatibility Ideographs. */
const CJK = /[\u3400-\u9FFF\uF900-\uFAFF]/;

export function checkPersonName(s: string, max: number = PERSON_NAME_MAX): PersonNameFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (codePoints(v) > max) return 'tooLong';
  if (!PERSON_NAME_CHARS.test(v)) return 'illegalChars';
  return null;
}

/** Login account: at most 32 characters from [A-Za-z0-9_.-@]; Chinese gets its own key. */
export function checkAccountName(s: string): AccountNameFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (codePoints(v) > ACCOUNT_NAME_MAX) return 'tooLong';
  if (CJK.test(v)) return 'chinese';
  if (!ACCOUNT_NAME_CHARS.test(v)) return 'illegalChars';
  return null;
}

export function checkCompanyName(s: string): CompanyNameFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (codePoints(v) > COMPANY_NAME_MAX) return 'tooLong';
  if (!COMPANY_NAME_CHARS.test(v)) return 'illegalChars';
  return null;
}

/** Same characters as a company name, at most COMPANY_SHORT_NAME_MAX code points. */
export function checkCompanyShortName(s: string): CompanyNameFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (codePoints(v) > COMPANY_SHORT_NAME_MAX) return 'tooLong';
  if (!COMPANY_NAME_CHARS.test(v)) return 'illegalChars';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Super account
// ---------------------------------------------------------------------------------------------

export const SUPER_ACCOUNT_PREFIX = 'LFT_';

export type SuperAccountFailure = 'required' | 'prefix' | 'chinese' | 'illegalChars' | 'tooLong';

/**
 * A super account is an account name (same rules, same 32 limit including the prefix) that
 * starts with the case-sensitive prefix 'LFT_'. The bare prefix with nothing after it is 'required'.
 */
export function checkSuperAccount(s: string): SuperAccountFailure | null {
  const v = s.trim();
  if (v === '' || v === SUPER_ACCOUNT_PREFIX) return 'required';
  if (!v.startsWith(SUPER_ACCOUNT_PREFIX)) return 'prefix';
  return checkAccountName(v);
}

// ---------------------------------------------------------------------------------------------
// Chinese resident identity card number (GB 11643-1999, 18 characters)
// ---------------------------------------------------------------------------------------------

export type IdNumberFailure = 'required' | 'length' | 'format' | 'region' | 'birthDate' | 'checksum';

const ID_REGIONS: ReadonlySet<string> = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
  '91',
]);
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';
const ID_MIN_BIRTH = 19000101;

/** ISO 7064 MOD 11-2 check character for the first 17 digits. */
function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS.charAt(sum % 11);
}

/** yyyymmdd -> true when it is a real Gregorian calendar date. */
function isCalendarDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const dim = new Date(Date.UTC(y, m, 0)).getUTCDate(); // day 0 of next month = last of this
  return d <= dim;
}

/**
 * Checks, in order: required, length (18 after trimming), format (17 digits + digit or X/x),
 * region (province-level code), birthDate (real date in 1900-01-01 … `today`, local time),
 * checksum (ISO 7064 MOD 11-2).
 */
export function checkIdNumber(s: string, today: Date = new Date()): IdNumberFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (v.length !== 18) return 'length';
  if (!/^\d{17}[\dXx]$/.test(v)) return 'format';
  if (!ID_REGIONS.has(v.slice(0, 2))) return 'region';
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const birth = y * 10000 + m * 100 + d;
  const now = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  if (!isCalendarDate(y, m, d) || birth < ID_MIN_BIRTH || birth > now) return 'birthDate';
  if (idCheckChar(v.slice(0, 17)) !== v.charAt(17).toUpperCase()) return 'checksum';
  return null;
}

/** Birth date 'yyyy-mm-dd' of a valid ID number (per `checkIdNumber`), otherwise null. */
export function idNumberBirthDate(s: string, today?: Date): string | null {
  if (checkIdNumber(s, today) !== null) return null;
  const v = s.trim();
  return `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`;
}

/** Sex of the holder of a valid ID number: 17th digit odd = male, even = female. */
export function idNumberSex(s: string, today?: Date): 'male' | 'female' | null {
  if (checkIdNumber(s, today) !== null) return null;
  return Number(s.trim().charAt(16)) % 2 === 1 ? 'male' : 'female';
}

/**
 * A certificate number as it is compared, hashed and digested (the server's screening and person keys, the kiosk's
 * offline screening): white space removed, upper case.
 */
export const idNumberKey = (s: string): string => s.replace(/\s/g, '').toUpperCase();

/** A phone as lists and privacy requests compare it: normalised where it is a phone, else without spaces and dashes. */
export const phoneKey = (s: string): string => normalizePhone(s) ?? s.replace(/[\s-]/g, '');

export type BirthDateFailure = 'format' | 'birthDate';

/** A date of birth, YYYY-MM-DD: a real calendar day from 1900-01-01 to `today` ('' is none). */
export function checkBirthDate(s: string, today: Date = new Date()): BirthDateFailure | null {
  const v = s.trim();
  if (v === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return 'format';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const birth = y * 10000 + mo * 100 + d;
  const now = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  return isCalendarDate(y, mo, d) && birth >= ID_MIN_BIRTH && birth <= now ? null : 'birthDate';
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

export const IMAGE_TYPES = ['gif', 'jpg', 'jpeg', 'png'] as const;
export const VIDEO_TYPES = ['mp4'] as const;
export const IMPORT_TYPES = ['csv', 'xls', 'xlsx'] as const;
export const ZIP_TYPES = ['zip'] as const;
/**
 * 200 MiB. The original's message said 100 MB while its check was at these bytes (spec sections 5, 9): we keep the
 * check and make the message say what is checked.
 */
export const VIDEO_MAX_BYTES = 209715200;
/** The size the "video too large" message names. */
export const VIDEO_MAX_MESSAGE_MB = 200;
/** 1 MiB. */
export const IMAGE_MAX_BYTES = 1048576;
/** Minimum width and height of a face photo, in pixels. */
export const FACE_MIN_PX = 100;
/** Minimum logo size, in pixels. */
export const LOGO_MIN = { width: 400, height: 300 } as const;

export type FileFailure = 'type' | 'size';
export type SniffedFileType = 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'pdf' | 'mp4' | 'xls';

/**
 * Lower-case extension without the dot, '' when there is none. Any directory part (/ or \) is
 * ignored, and a leading dot alone (".env") is not an extension.
 */
export function fileExtension(name: string): string {
  const base = name.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return '';
  return base.slice(dot + 1).toLowerCase();
}

function oneOf(list: readonly string[], ext: string): boolean {
  return list.includes(ext);
}

function sizeOk(size: number, max: number): boolean {
  return Number.isFinite(size) && size >= 0 && size <= max;
}

export function checkImageFile(name: string, size: number): FileFailure | null {
  if (!oneOf(IMAGE_TYPES, fileExtension(name))) return 'type';
  return sizeOk(size, IMAGE_MAX_BYTES) ? null : 'size';
}

export function checkVideoFile(name: string, size: number): FileFailure | null {
  if (!oneOf(VIDEO_TYPES, fileExtension(name))) return 'type';
  return sizeOk(size, VIDEO_MAX_BYTES) ? null : 'size';
}

export function checkImportFile(name: string): 'type' | null {
  return oneOf(IMPORT_TYPES, fileExtension(name)) ? null : 'type';
}

export function checkZipFile(name: string): 'type' | null {
  return oneOf(ZIP_TYPES, fileExtension(name)) ? null : 'type';
}

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

function ascii(s: string): number[] {
  return Array.from(s, (c) => c.charCodeAt(0));
}

/** ISO BMFF major brands that denote MP4 video (HEIC/AVIF/QuickTime/3GP are not included). */
const MP4_BRANDS: ReadonlySet<string> = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'MSNV',
  'mmp4',
  'f4v ',
]);

/**
 * File type by magic bytes, or null when unknown. Zip-based formats (xlsx, docx, …) are 'zip';
 * 'xls' is any OLE2 compound document (D0 CF 11 E0 A1 B1 1A E1), which also covers .doc/.ppt.
 */
export function sniffFileType(bytes: Uint8Array): SniffedFileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]) || startsWith(bytes, [0x50, 0x4b, 0x07, 0x08])) {
    return 'zip';
  }
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  if (startsWith(bytes, ascii('ftyp'), 4) && bytes.length >= 12) {
    const brand = String.fromCharCode(bytes[8] ?? 0, bytes[9] ?? 0, bytes[10] ?? 0, bytes[11] ?? 0);
    if (MP4_BRANDS.has(brand)) return 'mp4';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

export const APPROVAL_LEVELS = { min: 1, max: 5 } as const;
export const CAROUSEL_PICTURES = { min: 2, max: 5 } as const;
/** Visit date window, in days. */
export const VISIT_DAYS_WINDOW = 30;

// ---------------------------------------------------------------------------------------------
// Mainland vehicle plates (GA 36-2018): a province's character, the issuing office's letter, then five characters
// (ordinary) or six (new-energy: D/F… after the letter for small cars, after the five digits for large ones)
// ---------------------------------------------------------------------------------------------

export type PlateFailure = 'required' | 'format';
const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Plate letters leave out I and O (read as 1 and 0). */
const PLATE_LETTER = 'A-HJ-NP-Z';
const PLATE_ORDINARY = new RegExp(`^[${PLATE_PROVINCES}][${PLATE_LETTER}][${PLATE_LETTER}0-9]{4}[${PLATE_LETTER}0-9挂学警港澳]$`);
/** Small new-energy cars: an energy letter (D, A–C, E pure electric; F, G, H, J, K others), then a letter or digit and four digits. */
const PLATE_NEW_ENERGY_SMALL = new RegExp(`^[${PLATE_PROVINCES}][${PLATE_LETTER}][A-HJK][${PLATE_LETTER}0-9]\\d{4}$`);
/** Large new-energy vehicles: five digits, then D or F. */
const PLATE_NEW_ENERGY_LARGE = new RegExp(`^[${PLATE_PROVINCES}][${PLATE_LETTER}]\\d{5}[DF]$`);

/** The stored form: upper case, without the spaces, dots or dashes people write between the parts. */
export function normalizePlate(s: string): string {
  return s.replace(/[\s·.-]/g, '').toUpperCase();
}

/** A mainland plate, ordinary (7 characters) or new-energy (8), written with or without separators. */
export function checkPlate(s: string): PlateFailure | null {
  const v = normalizePlate(s);
  if (v === '') return 'required';
  if (v.length === 7) return PLATE_ORDINARY.test(v) ? null : 'format';
  if (v.length === 8) return PLATE_NEW_ENERGY_SMALL.test(v) || PLATE_NEW_ENERGY_LARGE.test(v) ? null : 'format';
  return 'format';
}

// ---------------------------------------------------------------------------------------------
// All failure keys
// ---------------------------------------------------------------------------------------------

export type ValidationFailure =
  | PasswordFailure
  | EmailFailure
  | PhoneFailure
  | PersonNameFailure
  | AccountNameFailure
  | CompanyNameFailure
  | SuperAccountFailure
  | IdNumberFailure
  | PlateFailure
  | FileFailure;

// Access card numbers (employees' `cardNo`, as the card printer or reader reports them)
export const CARD_NO_MAX = 32;
export type CardNoFailure = 'required' | 'tooLong' | 'format';

/** A card number: letters, digits, `_`, `.` and `-`, at most CARD_NO_MAX; the same rule as the calls' `cardNo`. */
export function checkCardNo(s: string): CardNoFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (v.length > CARD_NO_MAX) return 'tooLong';
  return /^[A-Za-z0-9_.-]+$/.test(v) ? null : 'format';
}

/**
 * A certificate number as every answer shows it (docs/modules/privacy.md, "ID numbers"): the first 3 and last 2
 * characters, the rest as '*'. The whole number is read with revealIdNumber, by the roles that need it, each time logged.
 */
export function maskIdNumber(id: string): string {
  if (id.length <= 5) return '*'.repeat(id.length);
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 5)}${id.slice(-2)}`;
}

/**
 * A number as an answer showed it, sent back by a form that was filled from it: it means "unchanged" (the server
 * keeps the number it holds when this is that number's mask, and refuses it otherwise).
 */
export const isMaskedIdNumber = (v: string) => v.includes('*');
