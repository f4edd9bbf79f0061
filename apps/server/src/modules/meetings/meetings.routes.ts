import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as meetings from './meetings.service.js';

export const meetingsRoutes = [
  bind(c.addMeeting, (input, ctx) => meetings.addMeeting(ctx, input)),
  bind(c.updateMeeting, (input, ctx) => meetings.updateMeeting(ctx, input)),
  bind(c.cancelMeeting, (input, ctx) => meetings.cancelMeeting(ctx, input)),
  bind(c.listMeetings, (_input, ctx) => meetings.listMeetings(ctx)),
  bind(c.getMeeting, (input, ctx) => meetings.meetingById(ctx, input)),
  bind(c.searchMeetings, (input, ctx) => meetings.searchMeetings(ctx, input)),
  bind(c.changeMeetingStatus, (input, ctx) => meetings.changeMeetingStatus(ctx, input)),
  bind(c.joinMeeting, (input, ctx) => meetings.joinMeeting(ctx, input)),
];
