import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { exportList } from './blacklist.export.js';
import { screeningCopy } from './blacklist.offline.js';
import { photoFile, removePhoto, uploadPhoto } from './blacklist.photos.js';
import { decideReview, reviewPage, visitScreening } from './blacklist.reviews.js';
import * as lists from './blacklist.service.js';

export const blacklistRoutes = [
  bind(c.getBlacklist, (input, ctx) => lists.page(ctx, 'black', input)),
  bind(c.addBlacklist, (input, ctx) => lists.add(ctx, 'black', input)),
  bind(c.updateBlacklist, (input, ctx) => lists.update(ctx, 'black', input)),
  bind(c.delBlacklist, (input, ctx) => lists.remove(ctx, 'black', input)),
  bind(c.checkBlacklist, (input, ctx) => lists.check(ctx, 'black', input)),
  bind(c.getWhitelist, (input, ctx) => lists.page(ctx, 'white', input)),
  bind(c.addWhitelist, (input, ctx) => lists.add(ctx, 'white', input)),
  bind(c.updateWhitelist, (input, ctx) => lists.update(ctx, 'white', input)),
  bind(c.delWhitelist, (input, ctx) => lists.remove(ctx, 'white', input)),
  bind(c.checkWhitelist, (input, ctx) => lists.check(ctx, 'white', input)),
  bind(c.uploadBlacklistPhoto, (input, ctx) => uploadPhoto(ctx, 'black', input)),
  bind(c.delBlacklistPhoto, (input, ctx) => removePhoto(ctx, 'black', input)),
  bind(c.uploadWhitelistPhoto, (input, ctx) => uploadPhoto(ctx, 'white', input)),
  bind(c.delWhitelistPhoto, (input, ctx) => removePhoto(ctx, 'white', input)),
  bind(c.updateBlackListSwitch, (input, ctx) => lists.setSwitch(ctx, input)),
  bind(c.updateScreeningMode, (input, ctx) => lists.setMode(ctx, input)),
  bind(c.getScreeningCopy, (input, ctx) => screeningCopy(ctx, input)),
  bind(c.getScreeningReviews, (input, ctx) => reviewPage(ctx, input)),
  bind(c.decideScreeningReview, (input, ctx) => decideReview(ctx, input)),
  bind(c.getVisitScreening, (input, ctx) => visitScreening(ctx, input)),
];

export const blacklistDownloads = [
  bindDownload(c.exportBlacklist, (input, ctx) => exportList(ctx, 'black', input)),
  bindDownload(c.exportWhitelist, (input, ctx) => exportList(ctx, 'white', input)),
  bindDownload(c.blacklistPhoto, (input, ctx) => photoFile(ctx, 'black', input)),
  bindDownload(c.whitelistPhoto, (input, ctx) => photoFile(ctx, 'white', input)),
];
