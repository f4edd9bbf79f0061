import { z } from 'zod';
import { defineCall, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { zPlainText } from '../plainText.js';

/**
 * Consent apart from the visit (issue 41, docs/modules/privacy.md): the texts a visitor accepts, kept in versions per
 * language, and the consent to face recognition, asked separately by the kiosk, the invitation page and the desk.
 */

/** The kinds of text: the visit's safety terms, the privacy notice, the consent to face recognition. */
export const AGREEMENT_KINDS = ['protocol', 'privacy', 'face'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

/** One version of a text in one language, as shown to the visitor (its id is what a client sends back as accepted). */
export const agreementVersion = z.object({
  id: z.int32(),
  version: z.int32(),
  lang: z.enum(['zh', 'en']),
  text: z.string(),
});
export type AgreementVersion = z.infer<typeof agreementVersion>;

/** The current version of a kind in each language. */
export const agreementTexts = z.object({ zh: agreementVersion, en: agreementVersion });
export type AgreementTexts = z.infer<typeof agreementTexts>;

/** Where a visitor gave their face consent. */
export const FACE_CONSENT_VIA = ['kiosk', 'invitation', 'desk'] as const;
export type FaceConsentVia = (typeof FACE_CONSENT_VIA)[number];

/**
 * The face consent a registration, a check-in or a photo upload carries: the id of the version of the text the visitor
 * accepted (getPadConfig's `faceConsent`, the invitation page's). Without it a photo is kept for the badge only and no
 * face terminal gets it; an id that is not this company's face consent answers 400.
 */
export const faceConsentField = z
  .int32()
  .positive()
  .optional()
  .describe('the face-consent version the visitor accepted (its id); without it the photo is for the badge only and no terminal gets it');

/**
 * The safety terms a registration or check-in carries as accepted: the id of the version shown (getPadConfig's
 * `protocol`); without it the current version in the visit's language. An id that is not this company's terms answers 400.
 */
export const protocolVersionField = z
  .int32()
  .positive()
  .optional()
  .describe('the version of the safety terms shown and accepted (its id, getPadConfig protocol); without it the current one in the visit’s language');

/**
 * The privacy notice a registration or check-in showed: the id of the version (getPadConfig's `privacyNotice`); without
 * it the current version in the visit's language. An id that is not this company's notice answers 400.
 */
export const privacyNoticeField = z
  .int32()
  .positive()
  .optional()
  .describe('the version of the privacy notice shown (its id, getPadConfig privacyNotice); without it the current one in the visit’s language');

/** Where a visitor was shown the privacy notice with their registration or check-in. */
export const NOTICE_VIA = ['kiosk', 'desk'] as const;

/** The privacy notice a visit's visitor was given (version, language, when, where), as the console and the PDF show it. */
export const privacyNoticeGiven = z.object({ at: epochMs, version: z.int32(), lang: z.enum(['zh', 'en']), via: z.enum(NOTICE_VIA) });
export type PrivacyNoticeGiven = z.infer<typeof privacyNoticeGiven>;

/** Where a visitor accepted the safety terms. */
export const PROTOCOL_VIA = ['kiosk', 'desk', 'earlier'] as const;
export type ProtocolVia = (typeof PROTOCOL_VIA)[number];

/** The safety terms a visit's visitor accepted, as the console and the PDF show them. */
export const protocolAcceptance = z.object({
  at: epochMs,
  version: z.int32(),
  lang: z.enum(['zh', 'en']),
  /** Where: at the kiosk, at the desk, or at an earlier visit (a returning visitor is not asked again while the text is the same). */
  via: z.enum(PROTOCOL_VIA),
});
export type ProtocolAcceptance = z.infer<typeof protocolAcceptance>;

/** A visit's face consent as the console shows it. */
export const faceConsentState = z.object({
  at: epochMs,
  version: z.int32(),
  lang: z.enum(['zh', 'en']),
  via: z.enum(FACE_CONSENT_VIA),
  /** When the visitor withdrew it (their privacy page), else null. */
  withdrawnAt: epochMs.nullable(),
});
export type FaceConsentState = z.infer<typeof faceConsentState>;

/** Where the console warns by default: a filing is due in China once a site stores the faces of 100,000 people. */
export const DEFAULT_FACE_THRESHOLD = 100_000;
/** The console warns from this share of the threshold on. */
export const FACE_WARNING_SHARE = 0.9;
export const FACE_THRESHOLD_RANGE = { min: 100, max: 10_000_000 } as const;

export const getFaceHoldings = defineCall({
  name: 'getFaceHoldings',
  area: 'privacy',
  module: 'privacy',
  summary:
    'How many people’s faces the company holds now (employees’ photos, visitors’ and workers’ face photos), against its threshold (the default 100,000: a filing is due in China), and how many visitors consented to face recognition or withdrew',
  access: [Role.ADMIN, Role.SUBADMIN],
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({
    faces: z.object({ employees: z.int32(), visitors: z.int32(), workers: z.int32(), total: z.int32() }),
    threshold: z.int32(),
    /** The total is at or over FACE_WARNING_SHARE of the threshold. */
    warning: z.boolean(),
    consents: z.object({ given: z.int32(), withdrawn: z.int32() }),
  }),
});

export const setFaceThreshold = defineCall({
  name: 'setFaceThreshold',
  area: 'privacy',
  module: 'privacy',
  summary: 'The number of people’s faces near which the console warns (100 to 10,000,000; null: the default 100,000)',
  access: [Role.ADMIN],
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    threshold: z.int32().min(FACE_THRESHOLD_RANGE.min).max(FACE_THRESHOLD_RANGE.max).nullable(),
  }),
  output: z.object({ threshold: z.int32() }),
});

/** A version's text: as long as the safety terms may be (SECURE_PROTOCOL_MAX). */
export const AGREEMENT_TEXT_MAX = 20_000;

/**
 * The kinds whose versions the console lists, with who accepted each: the face consent, the safety terms and the
 * privacy notice. The terms' words are written where the kiosk's texts are (updateSecureProtocol, each change a
 * version); the face consent's and the notice's here (WRITTEN_AGREEMENT_KINDS).
 */
export const MANAGED_AGREEMENT_KINDS = ['face', 'protocol', 'privacy'] as const satisfies readonly AgreementKind[];
export type ManagedAgreementKind = (typeof MANAGED_AGREEMENT_KINDS)[number];
const managedKind = z.enum(MANAGED_AGREEMENT_KINDS);
export const WRITTEN_AGREEMENT_KINDS = ['face', 'privacy'] as const satisfies readonly AgreementKind[];
export type WrittenAgreementKind = (typeof WRITTEN_AGREEMENT_KINDS)[number];

/** A version as the console lists it: who wrote it, when, and how many visits accepted it (then it cannot be deleted). */
export const agreementRecord = agreementVersion.extend({
  createdAt: epochMs,
  /** '' for the product's own text. */
  createdBy: z.string(),
  accepted: z.int32(),
  /** The version visitors are shown now in its language. */
  current: z.boolean(),
});
export type AgreementRecord = z.infer<typeof agreementRecord>;

export const listAgreementVersions = defineCall({
  name: 'listAgreementVersions',
  area: 'privacy',
  module: 'privacy',
  summary:
    'Every version of a text visitors accept, in both languages, newest first: when and by whom it was written, how many visits accepted it, which is current',
  access: [Role.ADMIN, Role.SUBADMIN],
  input: z.object({ userid: z.int32().optional(), kind: managedKind }),
  output: z.object({ versions: z.array(agreementRecord) }),
});

export const addAgreementVersion = defineCall({
  name: 'addAgreementVersion',
  area: 'privacy',
  module: 'privacy',
  summary:
    'A new version of a text in one language (plain text, markup removed): visitors are shown it from now on, and those who accepted an earlier one keep the words they read',
  access: [Role.ADMIN],
  log: { module: LogModule.VISITOR, event: 'add' },
  input: z.object({
    userid: z.int32().optional(),
    kind: z.enum(WRITTEN_AGREEMENT_KINDS),
    lang: z.enum(['zh', 'en']),
    text: zPlainText(AGREEMENT_TEXT_MAX).refine((v) => v.trim() !== '', 'required'),
  }),
  output: agreementRecord,
});

export const deleteAgreementVersion = defineCall({
  name: 'deleteAgreementVersion',
  area: 'privacy',
  module: 'privacy',
  summary:
    'Deletes a version nobody accepted (58 when a visit accepted it: the record must keep the words; 58 for the only face-consent version of its language, and for the current terms: the kiosk settings change those); the one before becomes current again',
  access: [Role.ADMIN],
  statuses: [Status.NO_SUCH_RECORD, Status.UPDATE_NOT_ALLOWED],
  log: { module: LogModule.VISITOR, event: 'delete' },
  input: z.object({ userid: z.int32().optional(), id: z.int32().positive() }),
  output: z.object({ id: z.int32() }),
});

/** One visit that accepted a version: the report of who accepted which version. */
export const agreementAcceptance = z.object({
  vid: z.int32(),
  name: z.string(),
  company: z.string(),
  host: z.string(),
  at: epochMs,
  via: z.enum([...FACE_CONSENT_VIA, ...PROTOCOL_VIA, ...NOTICE_VIA]),
  /** A face consent withdrawn since (their privacy page), else null. */
  withdrawnAt: epochMs.nullable(),
});
export type AgreementAcceptance = z.infer<typeof agreementAcceptance>;

export const AGREEMENT_ACCEPTANCES_PAGE_MAX = 100;

export const listAgreementAcceptances = defineCall({
  name: 'listAgreementAcceptances',
  area: 'privacy',
  module: 'privacy',
  summary:
    'Who accepted a version of a text visitors accept, latest first: the visitor, their company, the host, when and where (602 for a version not of this company)',
  access: [Role.ADMIN, Role.SUBADMIN],
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({
    userid: z.int32().optional(),
    id: z.int32().positive(),
    startIndex: z.int32().min(0).default(0),
    requestedCount: z.int32().min(1).max(AGREEMENT_ACCEPTANCES_PAGE_MAX).default(20),
  }),
  output: z.object({ count: z.int32(), list: z.array(agreementAcceptance) }),
});

export const privacyConsentCalls = [
  getFaceHoldings,
  setFaceThreshold,
  listAgreementVersions,
  addAgreementVersion,
  deleteAgreementVersion,
  listAgreementAcceptances,
] as const;
