import {
  type certificateTypeLabels,
  checkEmail,
  checkPersonName,
  checkPhone,
  identityFailures,
  type Lang,
  PERSON_NAME_MAX,
  TEMPERATURE_RANGE,
  VISITOR_FOLLOWERS_MAX,
} from '@openvisit/contract';
import type { WalkInField } from './fields';

export type CertificateType = keyof typeof certificateTypeLabels;

/** The registration form as typed. */
export interface WalkInValues {
  vname: string;
  vphone: string;
  certificateType: CertificateType;
  cardId: string;
  vcompany: string;
  vemail: string;
  empid: number | null;
  hostName: string;
  visitReason: string;
  followers: { name: string; phone: string }[];
  plateNum: string;
  belongings: string;
  temperature: string;
  /** Custom fields by their key. */
  extend: Record<string, string>;
}

export function emptyWalkIn(): WalkInValues {
  return {
    vname: '',
    vphone: '',
    certificateType: 'idCard',
    cardId: '',
    vcompany: '',
    vemail: '',
    empid: null,
    hostName: '',
    visitReason: '',
    followers: [],
    plateNum: '',
    belongings: '',
    temperature: '',
    extend: {},
  };
}

/** Failure keys by field ('followers.0.name' for a follower): the contract's rule names, plus a few of the kiosk's. */
export type WalkInErrors = Record<string, string>;

const PLATE = /^[\p{Script=Han}A-Za-z0-9·-]*$/u;
const TEXT_MAX: Readonly<Record<string, number>> = { vcompany: 100, visitReason: 200, belongings: 200 };
const CUSTOM_MAX = 500;

/** The length limit of a field ('name' and 'phone' of a follower by their last part), for the 'tooLong' message. */
export function walkInMaxLength(field: string): number {
  const base = field.split('.').pop() ?? field;
  return base === 'name' || field === 'vname' ? PERSON_NAME_MAX : base === 'plateNum' ? 16 : (TEXT_MAX[base] ?? CUSTOM_MAX);
}

/**
 * The same rules as the server's `UpdatePhoto` input (identity through the contract's `identityFailures`, names,
 * phones, email, plate, temperature range, lengths), plus what the visitor type requires.
 */
export function validateWalkIn(v: WalkInValues, fields: readonly WalkInField[]): WalkInErrors {
  const errors: WalkInErrors = {};
  const shown = new Set(fields.map((f) => f.fieldName));
  const set = (field: string, rule: string | null) => {
    if (rule && !errors[field]) errors[field] = rule;
  };

  set('vname', checkPersonName(v.vname));
  for (const f of fields) {
    if (!f.required) continue;
    if (f.fieldName === 'empid') set('empid', v.empid ? null : 'required');
    else if (f.fieldName === 'followers') set('followers', v.followers.length ? null : 'required');
    else if (f.fieldName === 'photo')
      continue; // a kiosk without a camera still registers the visitor
    else if (f.standard) {
      const value = (v as unknown as Record<string, unknown>)[f.fieldName];
      if (typeof value === 'string' && value.trim() === '') set(f.fieldName, 'required');
    } else if (!(v.extend[f.fieldName] ?? '').trim()) set(f.fieldName, 'required');
  }
  if (!v.empid) set('empid', 'required');

  const phone = v.vphone.trim();
  const cardId = v.cardId.trim().toUpperCase();
  for (const f of identityFailures({ vphone: phone, certificateType: v.certificateType, cardId })) {
    // "phone or ID" lands on whichever of the two the form shows.
    const field = f.rule === 'phoneOrId' && !shown.has('vphone') ? 'cardId' : f.field;
    set(field, f.rule);
  }

  if (v.vemail.trim()) set('vemail', checkEmail(v.vemail.trim()));
  for (const [field, max] of Object.entries(TEXT_MAX)) {
    const value = (v as unknown as Record<string, string>)[field] ?? '';
    if (value.trim().length > max) set(field, 'tooLong');
  }
  const plate = v.plateNum.trim();
  if (plate.length > 16) set('plateNum', 'tooLong');
  else if (!PLATE.test(plate)) set('plateNum', 'plate');
  if (v.temperature.trim()) {
    const t = Number(v.temperature.trim());
    if (!Number.isFinite(t) || t < TEMPERATURE_RANGE.min || t > TEMPERATURE_RANGE.max) set('temperature', 'range');
  }
  if (v.followers.length > VISITOR_FOLLOWERS_MAX) set('followers', 'tooMany');
  v.followers.forEach((p, i) => {
    set(`followers.${i}.name`, checkPersonName(p.name));
    if (p.phone.trim()) set(`followers.${i}.phone`, checkPhone(p.phone));
  });
  for (const f of fields) {
    if (!f.standard && (v.extend[f.fieldName] ?? '').length > CUSTOM_MAX) set(f.fieldName, 'tooLong');
  }
  return errors;
}

/** The `UpdatePhoto` input of a checked form. */
export function walkInInput(
  v: WalkInValues,
  extra: {
    tid: number | null;
    visitType: string;
    photo: string;
    /** The face-consent version the visitor accepted (their photo may go to the face terminals); left out without. */
    faceConsent?: number;
    signature: string;
    protocolAccepted: boolean;
    /** The version of the safety terms shown and accepted; left out: the server takes the current one in `lang`. */
    protocolVersion?: number;
    lang: Lang;
    clientKey: string;
  },
) {
  const temperature = v.temperature.trim() ? Number(v.temperature.trim()) : null;
  return {
    vname: v.vname.trim(),
    vphone: v.vphone.trim(),
    certificateType: v.certificateType,
    cardId: v.cardId.trim().toUpperCase(),
    vemail: v.vemail.trim(),
    vcompany: v.vcompany.trim(),
    empid: v.empid ?? 0,
    tid: extra.tid,
    visitType: extra.visitType,
    visitReason: v.visitReason.trim(),
    followers: v.followers.map((f) => ({ name: f.name.trim(), phone: f.phone.trim() })).filter((f) => f.name),
    plateNum: v.plateNum.trim().toUpperCase(),
    belongings: v.belongings.trim(),
    temperature,
    extendCol: Object.fromEntries(Object.entries(v.extend).filter(([, value]) => value.trim() !== '')),
    photo: extra.photo,
    ...(extra.faceConsent ? { faceConsent: extra.faceConsent } : {}),
    signature: extra.signature,
    protocolAccepted: extra.protocolAccepted,
    ...(extra.protocolVersion ? { protocolVersion: extra.protocolVersion } : {}),
    lang: extra.lang,
    clientKey: extra.clientKey,
  };
}
