import type { FileStore } from './platform/files.js';
import type { JobQueue } from './platform/jobs.js';
import type { Mailer } from './platform/mail.js';

/** Shared machinery handed to every call; module logic stays in each module's service. */
export interface Services {
  mailer: Mailer;
  jobs: JobQueue;
  files: FileStore;
}
