import { z } from 'zod';
import { defineCall } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';

/**
 * ID numbers kept only as needed (issue 41, docs/modules/privacy.md "ID numbers"): every answer shows a certificate
 * number masked (maskIdNumber); the roles that check a person's document against the record read the whole number,
 * one record at a time, and each reading is an entry of the operation log.
 */

/** Who may read a whole ID number: the administrators, and the reception that checks the document at the desk. */
export const ID_NUMBER_ROLES = [Role.ADMIN, Role.SUBADMIN, Role.GATE] as const;

/** The records that hold a person's ID number: a visit, a resident entry, a truck's driver or sender. */
export const ID_NUMBER_HOLDERS = ['visit', 'resident', 'driver', 'sender'] as const;
export type IdNumberHolder = (typeof ID_NUMBER_HOLDERS)[number];

export const revealIdNumber = defineCall({
  name: 'revealIdNumber',
  area: 'privacy',
  module: 'privacy',
  summary:
    "The whole ID number of one record (`of`: a visit, a resident entry, a booking's driver or sender, by its id), which every answer otherwise masks; logged as a view with whose number it was. 602 when the record is not one the caller sees, or holds no number",
  access: ID_NUMBER_ROLES,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.VISITOR, event: 'view' },
  input: z.object({ userid: z.int32().optional(), of: z.enum(ID_NUMBER_HOLDERS), id: z.int32().positive() }),
  output: z.object({ certificateType: z.string(), idNumber: z.string() }),
});

/**
 * Whether an answer (an export, a desk's read) carries ID numbers masked (the default) or whole: `whole` for
 * ID_NUMBER_ROLES only (610 otherwise), `wholeIfAllowed` whole for them and masked for the others (what the original
 * front-desk app is answered, whatever account runs it); whole numbers are logged.
 */
export const zIdNumbersShown = z
  .enum(['masked', 'whole', 'wholeIfAllowed'])
  .default('masked')
  .describe('whole: the ID numbers in full, for ID_NUMBER_ROLES only (610 otherwise), logged; wholeIfAllowed: masked for other roles');
export type IdNumbersShown = z.infer<typeof zIdNumbersShown>;

export const idNumberCalls = [revealIdNumber] as const;
