import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps } from './columns.js';
import { residentVisitors } from './residents.js';

/**
 * A worker's file (labour contract, photo of labour, certificate…): the bytes in the file store under `file_key`,
 * checked by content before they were stored. A certificate may carry its expiry day, which drives the warnings.
 */
export const residentFiles = pgTable(
  'resident_files',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residentVisitors.id, { onDelete: 'cascade' }),
    /** 'labour' (UploadLaborFile) | 'certificate' | 'other' (UploadResidentFile). */
    kind: text('kind').notNull(),
    /** The name the file was uploaded with. */
    name: text('name').notNull(),
    /** 'pdf' | 'jpg' | 'png': what the content was found to be. */
    type: text('type').notNull(),
    size: integer('size').notNull(),
    fileKey: text('file_key').notNull(),
    /** A certificate's last valid day (yyyy-mm-dd); null when it does not expire. */
    expiresOn: date('expires_on', { mode: 'string' }),
    uploadedBy: text('uploaded_by').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('resident_files_resident_idx').on(t.companyId, t.residentId)],
);
