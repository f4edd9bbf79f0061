import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import * as extras from './subCompanies.extras.js';
import * as subs from './subCompanies.service.js';

export const subCompaniesRoutes = [
  bind(c.addSubAccount, (input, ctx) => subs.add(ctx, input)),
  bind(c.updateSubAccount, (input, ctx) => subs.update(ctx, input)),
  bind(c.getSubAccountById, (input, ctx) => subs.getById(ctx, input)),
  bind(c.getSubAccountByUserid, (input, ctx) => subs.listAll(ctx, input)),
  bind(c.getSubAccountPageByUserid, (input, ctx) => subs.page(ctx, input)),
  bind(c.delSubAccount, (input, ctx) => subs.remove(ctx, [input.id], input.archive)),
  bind(c.batchDelSubAccount, (input, ctx) => subs.remove(ctx, input.ids, input.archive)),
  bind(c.updateSubAccountPwd, (input, ctx) => extras.changeOwnPassword(ctx, input)),
  bind(c.resetSubAccountPwd, (input, ctx) => extras.mailResetLink(ctx, input)),
  bind(c.addSubAccountTemp, (input, ctx) => extras.saveTemplate(ctx, input)),
  bind(c.getSubAccountTemp, (_input, ctx) => extras.templates(ctx)),
  bind(c.delSubAccountTemp, (input, ctx) => extras.removeTemplate(ctx, input)),
  bind(c.getSubAccountManager, (input, ctx) => extras.managers(ctx, input)),
  bind(c.updateSubAccountManager, (input, ctx) => extras.setManagers(ctx, input)),
  bind(c.updateSubAccountLogo, (input, ctx) => extras.uploadLogo(ctx, input)),
  bind(c.importSubAccountLogo, (_input, ctx) => extras.importLogos(ctx)),
  bind(c.updateSASwitch, (input, ctx) => extras.setMultiCompanyMode(ctx, input)),
];

export const subCompaniesDownloads = [bindDownload(c.subAccountLogo, (input, ctx) => extras.readLogo(ctx, input))];
