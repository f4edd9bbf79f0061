import * as c from '@openvisit/contract';
import { gates, registration } from '../../core/sites/sites.public.js';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import * as pad from './registration.pad.js';
import { htmlUnescape } from './registration.texts.js';

export const registrationRoutes = [
  bind(c.getVisitorType, (input, ctx) => registration.listTypes(ctx, input)),
  bind(c.addVisitorType, (input, ctx) => registration.addType(ctx, input)),
  bind(c.updateVisitorType, (input, ctx) => registration.updateType(ctx, input)),
  bind(c.delVisitorType, (input, ctx) => registration.removeType(ctx, input)),
  bind(c.sortVisitorType, (input, ctx) => registration.sortTypes(ctx, input)),
  bind(c.getExtendVisitor, (input, ctx) => registration.listFields(ctx, input)),
  bind(c.addExtendVisitor, (input, ctx) => registration.addField(ctx, input)),
  bind(c.updateExtendVisitor, (input, ctx) => registration.updateField(ctx, input)),
  bind(c.delExtendVisitor, (input, ctx) => registration.removeField(ctx, input)),
  bind(c.sortExtendVisitor, (input, ctx) => registration.sortFields(ctx, input)),
  bind(c.getGate, (_input, ctx) => gates.listGates(ctx)),
  bind(c.addGate, (input, ctx) => gates.addGate(ctx, input)),
  bind(c.updateGate, (input, ctx) => gates.renameGate(ctx, input)),
  bind(c.delGate, (input, ctx) => gates.removeGate(ctx, input)),
  bind(c.updateLogo, (_input, ctx) => pad.uploadPicture(ctx, 'logo')),
  bind(c.uploadBackgroundPic, (_input, ctx) => pad.uploadPicture(ctx, 'backgroundPic')),
  bind(c.updateDefaultPhoto, (_input, ctx) => pad.uploadPicture(ctx, 'defaultPhoto')),
  bind(c.uploadCarouselPic, (_input, ctx) => pad.addCarouselPicture(ctx)),
  bind(c.updateCarouselPic, (input, ctx) => pad.setCarousel(ctx, input)),
  bind(c.delPadPicture, (input, ctx) => pad.removePicture(ctx, input)),
  bind(c.updateThemeColor, (input, ctx) => pad.setThemeColor(ctx, input)),
  bind(c.updateCardStyle, (input, ctx) => pad.setCardStyle(ctx, input)),
  bind(c.updateQRcode, (input, ctx) => pad.setSwitch(ctx, 'qrcodeSwitch', input.qrcodeSwitch)),
  bind(c.updateComeAgain, (input, ctx) => pad.setSwitch(ctx, 'comeAgain', input.comeAgain)),
  bind(c.updateSignOutSwitch, (input, ctx) => pad.setSwitch(ctx, 'signOutSwitch', input.signOutSwitch)),
  bind(c.updateFaceScaner, (input, ctx) => pad.setSwitch(ctx, 'faceScaner', input.faceScaner)),
  bind(c.updateSecureProtocol, (input, ctx) => pad.setTexts(ctx, input)),
  bind(c.updateEscapeClause, (input, ctx) => pad.setTexts(ctx, input)),
  bind(c.getPadConfig, (input, ctx) => pad.padConfig(ctx, input)),
  bind(c.htmlUnescape, async (input) => htmlUnescape(input)),
];

export const registrationDownloads = [
  bindDownload(c.padLogo, (input, ctx) => pad.readPicture(ctx, input, 'logo')),
  bindDownload(c.padPicture, (input, ctx) => pad.readPicture(ctx, input, 'others')),
];
