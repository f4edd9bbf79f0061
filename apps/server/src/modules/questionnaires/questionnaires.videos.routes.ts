import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as videos from './questionnaires.videos.js';

export const questionnaireVideosRoutes = [
  bind(c.getTrainingVideo, (input, ctx) => videos.listVideos(ctx, input)),
  bind(c.addTrainingVideo, (input, ctx) => videos.addVideo(ctx, input)),
  bind(c.delTrainingVideo, (input, ctx) => videos.removeVideo(ctx, input)),
];
