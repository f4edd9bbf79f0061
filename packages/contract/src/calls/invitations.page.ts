import { z } from 'zod';
import { coercedInt, defineCall } from '../call.js';
import { Status } from '../errors.js';
import { zPersonName } from '../fieldSchemas.js';
import { LogModule } from '../lookups.js';
import { checkPhone } from '../validators.js';
import { INVITE_TOKEN, invitation } from './invitations.js';
import { VISITOR_FOLLOWERS_MAX } from './visits.js';

/**
 * What the visitor adds on the invitation page once accepted (reference `updateSupplementAppointment`,
 * `uploadAppointmentPhoto`): the people coming along and a face photo. By the link's token only, like the page.
 */

const secid = z.string().trim().regex(INVITE_TOKEN, 'format');

/** A companion: a name, and a phone when known (checked when given). */
export const companion = z.object({ name: zPersonName, phone: z.string().trim().max(32).default('') }).superRefine((v, ctx) => {
  const rule = v.phone ? checkPhone(v.phone) : null;
  if (rule) ctx.addIssue({ code: 'custom', path: ['phone'], message: rule });
});

export const INVITE_COMPANIONS_MAX = VISITOR_FOLLOWERS_MAX;

/** The face photo from the page: jpg, png or gif by content, at least 100×100 px, at most 1 MB (spec section 5). */
export const INVITE_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
/** The upload is read up to this size so that a larger photo gets the field error `file/size`, not a cut connection. */
export const INVITE_PHOTO_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

export const updateSupplementAppointment = defineCall({
  name: 'updateSupplementAppointment',
  area: 'invitations',
  module: 'invitations',
  summary:
    'The visitor lists who comes along (replacing the list; at most 20, each a name and an optional phone) once the invitation is accepted and before its check-in window closes; 58 when cancelled, declined, expired or used; answers the page',
  access: 'public',
  statuses: [Status.INVALID_VISITOR, Status.UPDATE_NOT_ALLOWED],
  rate: 'public',
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ secid, followers: z.array(companion).max(INVITE_COMPANIONS_MAX) }),
  output: invitation,
});

export const uploadAppointmentPhoto = defineCall({
  name: 'uploadAppointmentPhoto',
  area: 'invitations',
  module: 'invitations',
  summary:
    'The visitor’s face photo from the invitation page (multipart, field file; the token in the field secid): jpg, png or gif (its first frame) by content (file/type), at least 100×100 px (file/imageTooSmall), at most 1 MB as sent (file/size; the page scales a larger photo down before sending it), exactly one face on it (file/noFace, file/multipleFaces); stored like a kiosk photo and replacing an earlier one; the same states as companions; answers the page',
  access: 'public',
  statuses: [Status.INVALID_VISITOR, Status.UPDATE_NOT_ALLOWED],
  fieldStatuses: { [Status.FILE_TYPE_ERROR]: 'file' },
  rate: 'public',
  log: { module: LogModule.VISITOR, event: 'update' },
  upload: { maxBytes: INVITE_PHOTO_UPLOAD_MAX_BYTES, extensions: INVITE_PHOTO_EXTENSIONS },
  input: z.object({
    secid,
    faceConsent: coercedInt()
      .positive()
      .optional()
      .describe('the face-consent version the visitor accepted on the page (its id); without it the photo is for the badge only'),
  }),
  output: invitation,
});

export const invitationPageCalls = [updateSupplementAppointment, uploadAppointmentPhoto] as const;
