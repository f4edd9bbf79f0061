import type { Notifier } from './modules/notifications/notifier.js';
import type { SecretBox } from './platform/crypto.js';
import type { OnSiteEvents } from './platform/events.js';
import type { FileStore } from './platform/files.js';
import type { JobQueue } from './platform/jobs.js';
import type { Mailer } from './platform/mail.js';
import type { Outbox } from './platform/messages.js';

/** Shared machinery handed to every call; module logic stays in each module's service. */
export interface Services {
  /** Email (the default channel): `mailer.send` records a mail and queues it through the company's or installation's server. */
  mailer: Mailer;
  /** Every message on every channel: the delivery record and its delivery job. */
  outbox: Outbox;
  /** Tells employees (on the channels they chose) and visitors (by an address) something: see docs/ARCHITECTURE.md. */
  notifier: Notifier;
  jobs: JobQueue;
  files: FileStore;
  /** Seals provider secrets at rest with the server's key, and signs what the server hands out (QR passes). */
  secrets: SecretBox;
  /** Arrivals and departures as they commit (the live on-site board's stream). */
  events: OnSiteEvents;
}
