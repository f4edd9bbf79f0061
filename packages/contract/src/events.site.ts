import { z } from 'zod';
import { SCREENING_CHANNELS, SCREENING_SUBJECTS } from './calls/blacklist.reviews.js';
import { LISTED_LEVELS, MATCH_STRENGTHS } from './screening/terms.js';

/**
 * The data of the catalogue's events that are not a visit's (events.ts): what happens at the doors, on the devices, at
 * the truck gate, at the card desk and on the watchlists. Each says only what a receiver needs to act and never a
 * pass code, an ID number, a photo or a face. Keys naming a person's record (`vid`, `residentId`, `bookingId`) are
 * also how an erasure finds the events it must forget.
 */
const iso = z.iso.datetime().describe('ISO 8601, UTC');
const text = { zh: z.string(), en: z.string() };

export const PERSON_TYPES = ['employee', 'visitor', 'resident', 'unknown'] as const;

/** A pass at a door (granted or refused), as its pass record keeps it. */
export const doorEventData = z.object({
  recordId: z.int32().describe('The pass record (getPassRecords)'),
  at: iso,
  way: z.enum(['qr', 'face', 'card']),
  direction: z.enum(['in', 'out']),
  device: z.object({ id: z.int32().nullable(), name: z.string(), code: z.string() }),
  group: z.object({ id: z.int32(), name: z.string() }).nullable(),
  gate: z.object({ id: z.int32(), name: z.string() }).nullable(),
  person: z.object({
    type: z.enum(PERSON_TYPES),
    /** The employee's or resident's id; null for visitors (see `vid`) and people not known. */
    id: z.int32().nullable(),
    name: z.string(),
    company: z.string(),
  }),
  vid: z.int32().nullable().describe("The visit, for a visitor's pass"),
  /** 0 when the door opened; else the catalogued status that refused it, with its text. */
  code: z.int32(),
  reason: z.object(text).nullable(),
  /** The schedule whose hours refused the pass; '' otherwise. */
  schedule: z.string(),
});
export type DoorEventData = z.infer<typeof doorEventData>;

/** A person's credential (face, card, QR pass, plate) a device would not take after every retry. */
export const credentialEventData = z.object({
  device: z.object({ id: z.int32(), name: z.string() }),
  person: z.object({ type: z.enum(['employee', 'visitor', 'resident']), id: z.int32(), name: z.string() }),
  vid: z.int32().nullable().describe("The visit, for a visitor's credential"),
  action: z.enum(['add', 'update', 'remove']).describe('What the device was asked to do'),
  attempts: z.int32(),
  reason: z.string().describe("The device's own words"),
});
export type CredentialEventData = z.infer<typeof credentialEventData>;

/** A person coming in met a watchlist entry that stops them or holds them for a reviewer. */
export const watchlistEventData = z.object({
  outcome: z.enum(['refused', 'held']),
  subject: z.enum(SCREENING_SUBJECTS).nullable().describe('What was held (null for a refusal at registration, before any record)'),
  vid: z.int32().nullable(),
  residentId: z.int32().nullable(),
  bookingId: z.int32().nullable(),
  channel: z.enum(SCREENING_CHANNELS).nullable(),
  person: z.object({ name: z.string(), phone: z.string() }),
  matches: z.array(
    z.object({
      bid: z.int32().describe('The watchlist entry'),
      list: z.enum(['black', 'white']),
      name: z.string(),
      level: z.enum(LISTED_LEVELS),
      strength: z.enum(MATCH_STRENGTHS),
    }),
  ),
});
export type WatchlistEventData = z.infer<typeof watchlistEventData>;

/** A logistics booking's truck at the gate. */
export const truckEventData = z.object({
  bookingId: z.int32(),
  logNum: z.string(),
  plate: z.string(),
  type: z.string(),
  carrier: z.string(),
  supplier: z.string(),
  driver: z.object({ name: z.string(), phone: z.string() }),
  goods: z.string(),
  appointmentDate: z.string().describe('YYYY-MM-DD'),
  arrivedAt: iso.nullable(),
  releasedAt: iso.nullable(),
  leftAt: iso.nullable(),
});
export type TruckEventData = z.infer<typeof truckEventData>;

/** A temporary card handed out or given back at the desk. */
export const temporaryCardEventData = z.object({
  cardId: z.int32(),
  cardNo: z.string(),
  holder: z.object({
    employeeId: z.int32().nullable().describe("null for a visitor's card"),
    name: z.string(),
    empNo: z.string(),
    department: z.string(),
  }),
  lentAt: iso.nullable(),
  dueAt: iso.nullable(),
  returnedAt: iso.nullable(),
  actor: z.string(),
});
export type TemporaryCardEventData = z.infer<typeof temporaryCardEventData>;

export const MONITORED_KINDS = ['frontDesk', 'visitorMachine', 'faceTerminal'] as const;

/** A monitored device (Equipment monitoring) silent past the company's threshold, or reporting again. */
export const deviceEventData = z.object({
  monitorId: z.int32(),
  kind: z.enum(MONITORED_KINDS),
  name: z.string(),
  clientId: z.string(),
  ip: z.string(),
  gateId: z.int32().nullable(),
  deviceId: z.int32().nullable().describe('The access-control device, for a face terminal'),
  lastHeartbeatAt: iso,
});
export type DeviceEventData = z.infer<typeof deviceEventData>;

const at = '2026-12-05T01:42:10.000Z';

export const siteExamples = {
  door: {
    recordId: 88123,
    at,
    way: 'qr',
    direction: 'in',
    device: { id: 12, name: 'Lobby turnstile 1', code: 'T-LOBBY-1' },
    group: { id: 4, name: 'Lobby' },
    gate: { id: 3, name: 'North gate' },
    person: { type: 'visitor', id: null, name: '王小明', company: 'Acme Ltd' },
    vid: 1024,
    code: 0,
    reason: null,
    schedule: '',
  } satisfies DoorEventData,
  credential: {
    device: { id: 12, name: 'Lobby face terminal' },
    person: { type: 'visitor', id: 1024, name: '王小明' },
    vid: 1024,
    action: 'add',
    attempts: 5,
    reason: 'Face not detected in the photo',
  } satisfies CredentialEventData,
  watchlist: {
    outcome: 'held',
    subject: 'visit',
    vid: 1024,
    residentId: null,
    bookingId: null,
    channel: 'kiosk',
    person: { name: '王小明', phone: '+8613800138000' },
    matches: [{ bid: 57, list: 'black', name: '王晓明', level: 'review', strength: 'possible' }],
  } satisfies WatchlistEventData,
  truck: {
    bookingId: 311,
    logNum: 'WL20261205001',
    plate: '粤B12345',
    type: 'Delivery',
    carrier: 'Fast Freight',
    supplier: '张伟',
    driver: { name: '刘强', phone: '+8613900139000' },
    goods: 'Steel coils',
    appointmentDate: '2026-12-05',
    arrivedAt: at,
    releasedAt: null,
    leftAt: null,
  } satisfies TruckEventData,
  temporaryCard: {
    cardId: 45,
    cardNo: 'T-0012',
    holder: { employeeId: 17, name: '李华', empNo: 'E1042', department: 'Finance' },
    lentAt: at,
    dueAt: '2026-12-05T10:00:00.000Z',
    returnedAt: null,
    actor: 'Front desk',
  } satisfies TemporaryCardEventData,
  device: {
    monitorId: 9,
    kind: 'visitorMachine',
    name: 'Lobby kiosk',
    clientId: 'K-7F3A',
    ip: '10.0.4.21',
    gateId: 3,
    deviceId: null,
    lastHeartbeatAt: at,
  } satisfies DeviceEventData,
};
