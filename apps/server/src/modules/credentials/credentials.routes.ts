import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as terminals from './credentials.console.js';
import * as device from './credentials.device.js';
import * as report from './credentials.report.js';

export const faceSyncRoutes = [
  bind(c.faceSyncPull, (input, ctx) => device.pull(ctx, input)),
  bind(c.faceSyncAck, (input, ctx) => device.ack(ctx, input)),
  bind(c.faceSyncPhoto, (input, ctx) => device.photo(ctx, input)),
  bind(c.faceSyncUploadRecords, (input, ctx) => device.uploadRecords(ctx, input)),
  bind(c.getFaceCredentials, (input, ctx) => terminals.credentials(ctx, input)),
  bind(c.retryFaceCredentials, (input, ctx) => terminals.retry(ctx, input)),
  bind(c.getFaceSyncOfPerson, (input, ctx) => terminals.ofPerson(ctx, input)),
  bind(c.getDeviceCredentialReport, (input, ctx) => report.report(ctx, input)),
  bind(c.readbackDevice, (input, ctx) => report.readNow(ctx, input)),
  bind(c.getCredentialTrouble, (_input, ctx) => report.trouble(ctx)),
  bind(c.delEquipment, (input, ctx) => report.remove(ctx, input)),
];
