import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { agreements } from './agreements.js';
import { id, timestamps, tstz } from './columns.js';
import { meetings } from './meetings.js';
import { employees } from './people.js';
import { residentVisitors } from './residents.js';

/**
 * Every visit of every kind (qcv_visitor and qcv_appointment of the original in one table): walk-ins, invitations,
 * appointments and residents. `status` moves only as packages/contract/src/visitStates.ts allows; each move is a
 * row in visit_events.
 */
export const visits = pgTable(
  'visits',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subAccountId: integer('sub_account_id'),
    /** 'walkin' | 'invite' | 'appointment' | 'resident' */
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    /** 0 waiting for approval, 1 authorised, 2 refused. */
    permission: smallint('permission').notNull().default(1),
    name: text('name').notNull(),
    /** Normalised (E.164 for mainland numbers), '' when not given. */
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    company: text('company').notNull().default(''),
    certificateType: text('certificate_type').notNull().default('idCard'),
    idNumber: text('id_number').notNull().default(''),
    /** File-store keys; '' when none. */
    photo: text('photo').notNull().default(''),
    signature: text('signature').notNull().default(''),
    pdf: text('pdf').notNull().default(''),
    protocolAccepted: boolean('protocol_accepted').notNull().default(false),
    /**
     * The version of the safety terms the visitor accepted (core/agreements: its words and language) when and where; a
     * returning visitor who accepted the current version at an earlier visit carries that acceptance over.
     */
    protocolAgreementId: integer('protocol_agreement_id').references(() => agreements.id),
    protocolAcceptedAt: tstz('protocol_accepted_at'),
    /** 'kiosk' | 'desk' | 'earlier' (PROTOCOL_VIA). */
    protocolVia: text('protocol_via').notNull().default(''),
    /** The privacy notice's version given with the registration or check-in (docs/modules/privacy.md), when and where ('kiosk' | 'desk'). */
    privacyNoticeId: integer('privacy_notice_id').references(() => agreements.id),
    privacyNoticeAt: tstz('privacy_notice_at'),
    privacyNoticeVia: text('privacy_notice_via').notNull().default(''),
    /** The terms as accepted before they had versions (migration 0073): what the PDF of such a visit shows. */
    protocolText: text('protocol_text').notNull().default(''),
    empId: integer('emp_id').references(() => employees.id, { onDelete: 'set null' }),
    /** The host as they were at the time of the visit (kept when the employee changes or leaves). */
    empName: text('emp_name').notNull().default(''),
    empPhone: text('emp_phone').notNull().default(''),
    tid: integer('tid'),
    visitType: text('visit_type').notNull().default(''),
    visitReason: text('visit_reason').notNull().default(''),
    followers: jsonb('followers').$type<{ name: string; phone: string }[]>().notNull().default([]),
    plateNum: text('plate_num').notNull().default(''),
    belongings: text('belongings').notNull().default(''),
    temperature: numeric('temperature', { precision: 4, scale: 1, mode: 'number' }),
    extend: jsonb('extend').$type<Record<string, string>>().notNull().default({}),
    gid: integer('gid'),
    signInGate: text('sign_in_gate').notNull().default(''),
    signOutGate: text('sign_out_gate').notNull().default(''),
    signInOp: text('sign_in_op').notNull().default(''),
    signOutOp: text('sign_out_op').notNull().default(''),
    cardNo: text('card_no').notNull().default(''),
    /** What an invited or booked visitor types or scans; unique in the company while set. */
    code: text('code'),
    appointmentAt: tstz('appointment_at'),
    visitAt: tstz('visit_at'),
    signOutAt: tstz('sign_out_at'),
    leaveAt: tstz('leave_at'),
    /** 'zh' | 'en': the visitor's language, for the PDF and messages. */
    lang: text('lang').notNull().default('zh'),
    /** Idempotency key of the kiosk that created the record (an offline registration sent twice is stored once). */
    clientKey: text('client_key'),
    /** The resident visitor a 'resident' visit was signed in for (kept as null when the resident is deleted). */
    residentId: integer('resident_id').references(() => residentVisitors.id, { onDelete: 'set null' }),
    /**
     * SHA-256 of the invitation link's token (the link carries the token itself, so a database copy opens nothing); a
     * new link replaces it.
     */
    inviteTokenHash: text('invite_token_hash'),
    /** The meeting an invitation belongs to (the original's `mid`). */
    meetingId: integer('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    /**
     * The visitor's consent to face recognition, apart from the visit's agreement (docs/modules/privacy.md): the version
     * of the text they accepted (its language with it), when, and where ('kiosk' | 'invitation' | 'desk'). Without it
     * a photo is kept for the badge only and no face terminal gets it.
     */
    faceConsentId: integer('face_consent_id').references(() => agreements.id),
    faceConsentAt: tstz('face_consent_at'),
    faceConsentVia: text('face_consent_via').notNull().default(''),
    /** When the visitor withdrew that consent (their privacy page): the record of the consent stays, the face goes. */
    faceWithdrawnAt: tstz('face_withdrawn_at'),
    /** The kinds of the visitor's data the retention rules removed (RETENTION_KINDS; all of them once anonymised). */
    purged: text('purged').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    index('visits_company_created_idx').on(t.companyId, t.createdAt),
    // The lists' order and date filters: when the visit happened (signed in, else expected, else registered).
    index('visits_company_when_idx').on(t.companyId, sql`coalesce(${t.visitAt}, ${t.appointmentAt}, ${t.createdAt})`, t.id),
    index('visits_company_visit_idx').on(t.companyId, t.visitAt),
    index('visits_company_status_idx').on(t.companyId, t.status),
    index('visits_company_phone_idx').on(t.companyId, t.phone),
    index('visits_company_appointment_idx').on(t.companyId, t.appointmentAt),
    // Who is on site now (the list's filter, the counts on reception and the kiosk): a few rows among millions, in the
    // lists' order (migration 0027), so the on-site list's page reads its 20 entries instead of walking the
    // when-index past every visit that left; the counts read all of them anyway.
    index('visits_on_site_idx')
      .on(t.companyId, sql`coalesce(${t.visitAt}, ${t.appointmentAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.visitAt} IS NOT NULL AND ${t.signOutAt} IS NULL`),
    // The residents' visit list (a small share of all visits), in the lists' order.
    index('visits_resident_when_idx')
      .on(t.companyId, sql`coalesce(${t.visitAt}, ${t.appointmentAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.kind} = 'resident'`),
    // The list's substring filters ('%text%', any position): trigram indexes (pg_trgm) led by the company (btree_gin,
    // migration 0026), so a search reads only its company's matches; both extensions are loaded in PGlite too.
    index('visits_name_trgm_idx').using('gin', t.companyId, t.name.op('gin_trgm_ops')),
    index('visits_phone_trgm_idx').using('gin', t.companyId, t.phone.op('gin_trgm_ops')),
    index('visits_company_name_trgm_idx').using('gin', t.companyId, t.company.op('gin_trgm_ops')),
    index('visits_emp_name_trgm_idx').using('gin', t.companyId, t.empName.op('gin_trgm_ops')),
    uniqueIndex('visits_code_uq').on(t.companyId, t.code).where(sql`${t.code} IS NOT NULL`),
    index('visits_resident_idx').on(t.residentId, t.visitAt).where(sql`${t.residentId} IS NOT NULL`),
    uniqueIndex('visits_client_key_uq').on(t.companyId, t.clientKey).where(sql`${t.clientKey} IS NOT NULL`),
    index('visits_meeting_idx').on(t.meetingId).where(sql`${t.meetingId} IS NOT NULL`),
    index('visits_protocol_agreement_idx').on(t.protocolAgreementId).where(sql`${t.protocolAgreementId} IS NOT NULL`),
    index('visits_privacy_notice_idx').on(t.privacyNoticeId).where(sql`${t.privacyNoticeId} IS NOT NULL`),
    // Whether an agreement's version is in use (it cannot be deleted then), and who accepted it.
    index('visits_face_consent_idx').on(t.faceConsentId).where(sql`${t.faceConsentId} IS NOT NULL`),
    // A barrier's plate look-up, as the pass records keep plates: upper case, no spaces.
    index('visits_plate_idx').on(t.companyId, sql`upper(regexp_replace(${t.plateNum}, '[[:space:]]+', '', 'g'))`).where(sql`${t.plateNum} <> ''`),
    // A card reader's look-up of the card the desk handed a visitor.
    index('visits_card_idx').on(t.companyId, t.cardNo).where(sql`${t.cardNo} <> ''`),
    uniqueIndex('visits_invite_token_uq').on(t.inviteTokenHash).where(sql`${t.inviteTokenHash} IS NOT NULL`),
    // The retention sweep's order: when the visit ended (signed out; never started: its expected end; on site: none),
    // among the visits not yet anonymised, so the years of anonymised visits are never read again (core/visits).
    index('visits_retention_idx')
      .on(
        t.companyId,
        sql`coalesce(${t.signOutAt}, CASE WHEN ${t.visitAt} IS NULL THEN coalesce(${t.leaveAt}, ${t.appointmentAt}, ${t.createdAt}) END)`,
      )
      .where(sql`cardinality(${t.purged}) < 10`),
  ],
);

/** The status history of a visit: one row per move, with who made it. */
export const visitEvents = pgTable(
  'visit_events',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull().default(''),
    note: text('note').notNull().default(''),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('visit_events_visit_idx').on(t.visitId, t.at)],
);

/** One closed day's statistics of a company (scope 0) or of one of its sub-companies (scope = sub account id). */
export interface DayStats {
  kinds: Record<string, number>;
  hours: number[];
  /** Visits per host employee id ('' for none): departments are looked up at read time, as they are now. */
  emps: Record<string, number>;
  types: Record<string, number>;
  reasons: Record<string, number>;
  staySeconds: number;
  stays: number;
  invitations: number;
  noShows: number;
}

/**
 * The statistics screen's per-day summary, computed lazily for closed days (today is always live). Exact by
 * construction: a trigger on `visits` (migration 0020) deletes the rows whose [day_from, day_until) holds the old or
 * new check-in or expected time of any inserted, updated or deleted visit, so every writer of visits invalidates it.
 */
export const visitDayStats = pgTable(
  'visit_day_stats',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scope: integer('scope').notNull(),
    day: text('day').notNull(),
    dayFrom: tstz('day_from').notNull(),
    dayUntil: tstz('day_until').notNull(),
    stats: jsonb('stats').$type<DayStats>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.scope, t.day] }), index('visit_day_stats_from_idx').on(t.companyId, t.dayFrom)],
);

/**
 * A company's booking app (`addVisitorApponintmnet`): its own site or app books visits, signing each request with
 * `authid = MD5(appCode + timestamp + secret)`. The secret is derived (HMAC of the code and `nonce` under the server's
 * key) and stored nowhere; a new nonce voids the old secret. One per company.
 */
export const bookingApps = pgTable('booking_apps', {
  id: id(),
  companyId: integer('company_id')
    .notNull()
    .unique('booking_apps_company_uq')
    .references(() => companies.id, { onDelete: 'cascade' }),
  appCode: text('app_code').notNull().unique('booking_apps_code_uq'),
  nonce: text('nonce').notNull(),
  lastUsedAt: tstz('last_used_at'),
  ...timestamps,
});

/**
 * The booking app's signatures already spent (`authid`, which names its appCode and timestamp): a signature books
 * once, so one seen on the wire cannot book again within its window. Kept until `expires_at`, past the signature's
 * window; each booking of the app clears its expired ones, and removing the app removes them.
 */
export const bookingAppSignatures = pgTable(
  'booking_app_signatures',
  {
    appCode: text('app_code')
      .notNull()
      .references(() => bookingApps.appCode, { onDelete: 'cascade' }),
    authid: text('authid').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appCode, t.authid] }), index('booking_app_signatures_expiry_idx').on(t.appCode, t.expiresAt)],
);
