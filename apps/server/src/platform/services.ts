import type { FileStore } from './files/files.js';
import type { SecretBox } from './identity/crypto.js';
import type { DeviceAuthenticator } from './identity/deviceAuth.js';
import type { Induction } from './induction.js';
import type { OnSiteEvents } from './jobs/events.js';
import type { JobQueue } from './jobs/jobs.js';
import type { Mailer } from './messages/mail.js';
import type { Outbox } from './messages/messages.js';
import type { Notifier } from './messages/notify.js';

/** Shared machinery handed to every call; module logic stays in each module's service. */
export interface Services {
  /** Email (the default channel): `mailer.send` records a mail and queues it through the company's or installation's server. */
  mailer: Mailer;
  /** Every message on every channel: the delivery record and its delivery job. */
  outbox: Outbox;
  /** Tells employees (on the channels they chose) and visitors (by an address) something: see platform/messages/notify.ts. */
  notifier: Notifier;
  jobs: JobQueue;
  files: FileStore;
  /** Seals provider secrets at rest with the server's key, and signs what the server hands out (QR passes). */
  secrets: SecretBox;
  /** Arrivals and departures as they commit (the live on-site board's stream). */
  events: OnSiteEvents;
  /** Checks door devices' credentials (the devices module implements it): the platform authenticates device calls with it. */
  devices: DeviceAuthenticator;
  /** The safety induction visits must have passed (the questionnaires module implements it). */
  induction: Induction;
}
