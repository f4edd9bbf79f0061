import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgSequence, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices, passRecords } from './access.js';
import { companies } from './accounts.js';
import { tstz } from './columns.js';

/**
 * Face terminals' credential pipeline (docs/modules/credentials.md). One row per face terminal and person it must know
 * (or must forget): what the terminal should hold, and whether it confirmed it. Every change takes the next value of
 * one sequence, so a terminal's delta is "its rows with a seq above its cursor". The sequence is a bigint capped at
 * 2^53 - 1, so a seq is exact as a JSON number.
 */
export const faceCredentialSeq = pgSequence('face_credentials_seq', { startWith: 1, increment: 1, maxValue: '9007199254740991' });

export const faceCredentials = pgTable(
  'face_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** 'employee' | 'visitor' (personId is the visit) | 'resident'. */
    personKind: text('person_kind').notNull(),
    personId: integer('person_id').notNull(),
    /** 'add' | 'update' | 'remove': what the terminal must do with the person at this seq. */
    action: text('action').notNull(),
    /** 'pending' (not confirmed yet, or waiting for a retry) | 'synced' | 'failed' (retries exhausted). */
    status: text('status').notNull().default('pending'),
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('face_credentials_seq')`),
    name: text('name').notNull().default(''),
    /** File-store key of the face photo ('' for a removal). */
    photo: text('photo').notNull().default(''),
    /** The person's access card number ('' for none): a visit's badge card, an employee's card. */
    cardNo: text('card_no').notNull().default(''),
    /** An employee's temporary card while lent and not overdue ('' none), a card besides their own where a device keeps several. */
    tempCard: text('temp_card').notNull().default(''),
    validFrom: tstz('valid_from'),
    validTo: tstz('valid_to'),
    /** A visit's still QR pass, written as a card number where the device reads QR codes as cards ('' for none). */
    qr: text('qr').notNull().default(''),
    /** Passes left to the person where the device counts them (a visitor's uses); null: not limited by the device. */
    passLimit: integer('pass_limit'),
    /** The person's vehicle plate where the device is an ANPR camera (upper case, no spaces; '' for none). */
    plate: text('plate').notNull().default(''),
    /** The person's groups this terminal belongs to. */
    groups: integer('groups').array().notNull().default(sql`'{}'::integer[]`),
    /** Hash of what the terminal holds (name, photo, card, window, groups): a change means an update. */
    digest: text('digest').notNull().default(''),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    /** A failed attempt is sent again (a new seq) from this time. */
    nextAttemptAt: tstz('next_attempt_at'),
    /**
     * Set when the terminal first pulls a pending change at this seq: not confirmed by then, it counts as a failed
     * attempt (sent again with a new seq, or failed at the cap). Cleared by every new seq and every confirmation.
     */
    ackDueAt: tstz('ack_due_at'),
    syncedAt: tstz('synced_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('face_credentials_person_uq').on(t.deviceId, t.personKind, t.personId),
    index('face_credentials_device_seq_idx').on(t.deviceId, t.seq),
    index('face_credentials_company_person_idx').on(t.companyId, t.personKind, t.personId),
    index('face_credentials_retry_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} IS NOT NULL`),
    index('face_credentials_ack_due_idx').on(t.companyId, t.ackDueAt).where(sql`${t.ackDueAt} IS NOT NULL`),
  ],
);

/** Per company: the change feed's watermark (the last visit event seen) and a fingerprint of everything else. */
export const faceSyncState = pgTable('face_sync_state', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  visitEventId: integer('visit_event_id').notNull().default(0),
  fingerprint: text('fingerprint').notNull().default(''),
  fullAt: tstz('full_at'),
});

/** Pass records a terminal uploaded, by the terminal's own record id: a batch sent again is not recorded twice. */
export const facePassReceipts = pgTable(
  'face_pass_receipts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    recordId: text('record_id').notNull(),
    passRecordId: integer('pass_record_id').references(() => passRecords.id, { onDelete: 'set null' }),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.recordId] })],
);
