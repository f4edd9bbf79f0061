import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { addAgreementVersion, deleteAgreementVersion, listAcceptances, listVersions } from './privacy.agreements.js';
import { faceHoldings, setFaceThreshold } from './privacy.consent.js';
import { revealIdNumber } from './privacy.idNumbers.js';
import { erasePerson, findPerson } from './privacy.person.js';
import { exportPersonData } from './privacy.personExport.js';
import { getRules, toSweep, updateRules } from './privacy.rules.js';
import { sweepCompany } from './privacy.sweep.js';
import * as visitor from './privacy.visitor.js';

export const privacyRoutes = [
  bind(c.getRetentionRules, (_input, ctx) => getRules(ctx)),
  bind(c.updateRetentionRules, (input, ctx) => updateRules(ctx, input)),
  bind(c.runRetentionSweep, async (_input, ctx) => {
    ctx.audit.objName = c.settingObject('retention');
    return toSweep(await sweepCompany(ctx, 'manual', new Date()));
  }),
  bind(c.findPerson, (input, ctx) => findPerson(ctx, input)),
  bind(c.erasePerson, (input, ctx) => erasePerson(ctx, input)),
  bind(c.privacyPage, (input, ctx) => visitor.privacyPage(ctx, input)),
  bind(c.sendPrivacyCode, (input, ctx) => visitor.sendPrivacyCode(ctx, input)),
  bind(c.openPrivacyData, (input, ctx) => visitor.openPrivacyData(ctx, input)),
  bind(c.myPrivacyData, (input, ctx) => visitor.myPrivacyData(ctx, input)),
  bind(c.requestErasure, (input, ctx) => visitor.requestErasure(ctx, input)),
  bind(c.withdrawFaceConsent, (input, ctx) => visitor.withdrawFaceConsent(ctx, input)),
  bind(c.listErasureRequests, (_input, ctx) => visitor.listErasureRequests(ctx)),
  bind(c.decideErasureRequest, (input, ctx) => visitor.decideErasureRequest(ctx, input)),
  bind(c.setErasureAutoDays, (input, ctx) => visitor.setErasureAutoDays(ctx, input)),
  bind(c.listAgreementAcceptances, (input, ctx) => listAcceptances(ctx, input)),
  bind(c.getFaceHoldings, (_input, ctx) => faceHoldings(ctx)),
  bind(c.setFaceThreshold, (input, ctx) => setFaceThreshold(ctx, input)),
  bind(c.listAgreementVersions, (input, ctx) => listVersions(ctx, input)),
  bind(c.addAgreementVersion, (input, ctx) => addAgreementVersion(ctx, input)),
  bind(c.deleteAgreementVersion, (input, ctx) => deleteAgreementVersion(ctx, input)),
  bind(c.revealIdNumber, (input, ctx) => revealIdNumber(ctx, input)),
];

export const privacyDownloads = [
  bindDownload(c.exportPersonData, (input, ctx) => exportPersonData(ctx, input)),
  bindDownload(c.exportMyData, (input, ctx) => visitor.exportMyData(ctx, input)),
];
