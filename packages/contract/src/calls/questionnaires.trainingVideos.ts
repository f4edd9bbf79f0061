import { z } from 'zod';
import { coercedInt, defineCall, epochMs, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { LogModule } from '../lookups.js';
import { VIDEO_MAX_BYTES, VIDEO_TYPES } from '../validators.js';
import { QUESTIONNAIRE_LIMITS, QUESTIONNAIRE_MANAGERS } from './questionnaires.js';

/**
 * Training videos (spec sections 2 `question/detail`, 5, 7): mp4 only, checked by content (an MP4 `ftyp` box), at
 * most 209,715,200 bytes (200 MB: the original's message said 100 MB, its check 200 MB; we take the check and say it),
 * streamed to the file store, played with range requests. A questionnaire shows one before its questions.
 */

const userid = coercedInt().optional();

export const trainingVideo = z.object({
  id: z.int32(),
  title: z.string(),
  fileName: z.string(),
  bytes: z.int32(),
  durationMs: z.int32(),
  /** A signed link for the console's player (range requests). */
  url: z.string(),
  /** The questionnaires that show it. */
  usedBy: z.array(z.object({ qid: z.int32(), title: z.string() })),
  createTime: epochMs,
});
export type TrainingVideo = z.infer<typeof trainingVideo>;

export const getTrainingVideo = defineCall({
  name: 'getTrainingVideo',
  area: 'questionnaires',
  module: 'questionnaires',
  summary: "The company's training videos, newest first, each with the questionnaires that show it",
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  input: z.object({ userid, ...pageInput, title: z.string().trim().max(QUESTIONNAIRE_LIMITS.title).optional() }),
  output: pageOf(trainingVideo),
});

export const addTrainingVideo = defineCall({
  name: 'addTrainingVideo',
  area: 'questionnaires',
  module: 'questionnaires',
  summary:
    'Upload a training video (multipart, field file, the title in the field title): an MP4 by content (690 otherwise, also for a .mp4 that is not one or has no readable duration), at most 209,715,200 bytes (691); streamed to the file store, nothing left behind when refused',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'add' },
  fieldStatuses: { [Status.VIDEO_NOT_MP4]: 'file', [Status.VIDEO_TOO_LARGE]: 'file' },
  upload: { maxBytes: VIDEO_MAX_BYTES, extensions: VIDEO_TYPES, wrongType: 'mp4', toFile: true },
  input: z.object({ userid, title: z.string().trim().min(1, 'required').max(QUESTIONNAIRE_LIMITS.title) }),
  output: trainingVideo,
});

export const delTrainingVideo = defineCall({
  name: 'delTrainingVideo',
  area: 'questionnaires',
  module: 'questionnaires',
  summary: 'Delete a training video and its file (602 not this company’s; 692 while a questionnaire shows it)',
  access: QUESTIONNAIRE_MANAGERS,
  feature: 'questionnaire',
  log: { module: LogModule.QUESTIONNAIRE, event: 'delete' },
  statuses: [Status.NO_SUCH_RECORD, Status.VIDEO_IN_USE],
  input: z.object({ userid, id: z.int32().positive() }),
  output: z.object({ deleted: z.int32() }),
});

export const trainingVideoCalls = [getTrainingVideo, addTrainingVideo, delTrainingVideo] as const;
