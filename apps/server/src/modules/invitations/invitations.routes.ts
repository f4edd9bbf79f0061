import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import * as invitations from './invitations.service.js';

export const invitationsRoutes = [bind(c.addAppointment, (input, ctx) => invitations.invite(ctx, input))];
