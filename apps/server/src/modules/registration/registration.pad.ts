import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CAROUSEL_PICTURES,
  type CompanySettings,
  type In,
  logDesc,
  PAD_PICTURE_RULES,
  type PadConfig,
  type PadPictureKind,
  type PadSettings,
  padSettings,
  Role,
  Status,
  settingObject,
} from '@openvisit/contract';
import { currentFaceConsent, currentProtocol, currentText } from '../../core/agreements/agreements.public.js';
import { directory, patchSettings, settingsOf } from '../../core/company/company.public.js';
import { gatesNamed, snapshot, toVisitorType } from '../../core/sites/sites.public.js';
import { ImageRejected, normalisePicture } from '../../platform/files/images.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { privacyPageUrl } from '../../platform/privacyLink.js';
import { getUserInfo } from '../accounts/accounts.public.js';

async function current(ctx: AuthedContext): Promise<PadSettings> {
  return padSettings.parse(await settingsOf(ctx));
}

async function patch(ctx: AuthedContext, changes: Partial<CompanySettings>): Promise<PadSettings> {
  await patchSettings(ctx, changes);
  return current(ctx);
}

// ---------------------------------------------------------------------------------------------
// Pictures: checked and scaled, stored in the file store by a key the settings keep
// ---------------------------------------------------------------------------------------------

function pictureKey(companyId: number, kind: PadPictureKind, bytes: Buffer): string {
  const ext = PAD_PICTURE_RULES[kind].format === 'png' ? 'png' : 'jpg';
  return `pad/${companyId}/${kind}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${ext}`;
}

function pictureError(err: unknown): never {
  if (err instanceof ImageRejected) {
    const rule = { notImage: 'type', tooSmall: 'imageTooSmall', tooLarge: 'size' }[err.problem];
    throw badParams([{ field: 'file', rule }]);
  }
  throw err;
}

async function storePicture(ctx: AuthedContext, kind: PadPictureKind): Promise<{ key: string; width: number; height: number }> {
  const file = ctx.file;
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  const picture = await normalisePicture(file.bytes, PAD_PICTURE_RULES[kind]).catch(pictureError);
  const key = pictureKey(ctx.session.companyId, kind, picture.bytes);
  await ctx.services.files.put(key, picture.bytes);
  return { key, width: picture.width, height: picture.height };
}

/** Removes stored pictures no setting names any more. */
async function forget(ctx: AuthedContext, keys: string[], kept: PadSettings): Promise<void> {
  const inUse = new Set([kept.logo, kept.backgroundPic, kept.defaultPhoto, ...kept.carouselPic]);
  for (const key of new Set(keys)) if (key && !inUse.has(key)) await ctx.services.files.remove(key);
}

type SinglePicture = 'logo' | 'backgroundPic' | 'defaultPhoto';

export async function uploadPicture(ctx: AuthedContext, kind: SinglePicture): Promise<PadSettings> {
  const before = await current(ctx);
  const { key, width, height } = await storePicture(ctx, kind);
  const after = await patch(ctx, { [kind]: key });
  await forget(ctx, [before[kind]], after);
  ctx.audit.objName = settingObject(kind);
  ctx.audit.desc = logDesc('pictureSaved', { width, height });
  return after;
}

export async function removePicture(ctx: AuthedContext, input: In<'delPadPicture'>): Promise<PadSettings> {
  const before = await current(ctx);
  const after = await patch(ctx, { [input.kind]: '' });
  await forget(ctx, [before[input.kind]], after);
  ctx.audit.objName = settingObject(input.kind);
  ctx.audit.desc = logDesc('pictureRemoved');
  return after;
}

export async function addCarouselPicture(ctx: AuthedContext): Promise<PadSettings> {
  const before = await current(ctx);
  if (before.carouselPic.length >= CAROUSEL_PICTURES.max) throw badParams([{ field: 'file', rule: 'carouselFull' }]);
  const { key, width, height } = await storePicture(ctx, 'carouselPic');
  const after = await patch(ctx, { carouselPic: [...before.carouselPic.filter((k) => k !== key), key] });
  ctx.audit.objName = settingObject('carouselPic');
  ctx.audit.desc = logDesc('pictureSaved', { width, height });
  return after;
}

export async function setCarousel(ctx: AuthedContext, input: In<'updateCarouselPic'>): Promise<PadSettings> {
  const before = await current(ctx);
  const errors = input.carouselPic.flatMap((key, i) =>
    !before.carouselPic.includes(key)
      ? [{ field: `carouselPic.${i}`, rule: 'notFound' }]
      : input.carouselPic.indexOf(key) !== i
        ? [{ field: `carouselPic.${i}`, rule: 'duplicate' }]
        : [],
  );
  if (errors.length) throw badParams(errors);
  const after = await patch(ctx, { carouselPic: input.carouselPic });
  await forget(ctx, before.carouselPic, after);
  ctx.audit.objName = settingObject('carouselPic');
  ctx.audit.desc = logDesc('carouselSet', { count: after.carouselPic.length });
  return after;
}

/** Streams a picture the company's settings name now; any other key is 602, whoever asks. */
export async function readPicture(ctx: AuthedContext, input: { key: string }, kinds: 'logo' | 'others'): Promise<Readable> {
  const s = await current(ctx);
  const allowed = kinds === 'logo' ? [s.logo] : [s.backgroundPic, s.defaultPhoto, ...s.carouselPic];
  if (!input.key || !allowed.includes(input.key)) throw notFound('picture');
  const stream = await ctx.services.files.stream(input.key);
  if (!stream) throw notFound('picture');
  return stream;
}

// ---------------------------------------------------------------------------------------------
// Switches, colour, texts, badge
// ---------------------------------------------------------------------------------------------

export type PadSwitch = 'qrcodeSwitch' | 'comeAgain' | 'signOutSwitch' | 'faceScaner';

export async function setSwitch(ctx: AuthedContext, key: PadSwitch, value: 0 | 1): Promise<PadSettings> {
  ctx.audit.objName = settingObject(key);
  ctx.audit.desc = logDesc(value ? 'switchedOn' : 'switchedOff');
  return patch(ctx, { [key]: value });
}

export async function setThemeColor(ctx: AuthedContext, input: In<'UpdateThemeColor'>): Promise<PadSettings> {
  ctx.audit.objName = settingObject('themecolor');
  ctx.audit.desc = input.themecolor ? logDesc('themeColour', { colour: input.themecolor }) : logDesc('themeColourDefault');
  return patch(ctx, { themecolor: input.themecolor });
}

type TextKey = 'secureProtocol' | 'secureProtocolEn' | 'escapeClause';

export async function setTexts(ctx: AuthedContext, texts: Partial<Record<TextKey, string>>): Promise<PadSettings> {
  const given = Object.entries(texts).filter(([, v]) => v !== undefined) as [TextKey, string][];
  const length = given.reduce((n, [, v]) => n + [...v].length, 0);
  ctx.audit.objName = given.map(([k]) => settingObject(k)).join(',');
  ctx.audit.desc = length ? logDesc('textSet', { length }) : logDesc('textCleared');
  const after = await patch(ctx, Object.fromEntries(given));
  // Changed terms are a new version, by whom: a visit keeps the words its visitor accepted.
  await currentProtocol(ctx.tenant, after, ctx.session.name);
  return after;
}

type CardStyle = Pick<
  PadSettings,
  'cardType' | 'cardSize' | 'printType' | 'brandType' | 'brandPosition' | 'showAvatar' | 'avatarType' | 'customText' | 'cardText'
>;

export async function setCardStyle(ctx: AuthedContext, input: Partial<CardStyle>): Promise<PadSettings> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<CardStyle>;
  const after = await patch(ctx, changes);
  ctx.audit.objName = settingObject('cardStyle');
  ctx.audit.desc = logDesc(after.cardType ? 'cardStyleCustomized' : 'cardStyleOrdinary', { size: after.cardSize });
  return after;
}

// ---------------------------------------------------------------------------------------------
// The kiosk's configuration
// ---------------------------------------------------------------------------------------------

/**
 * What a kiosk or front desk needs after signing in: the pad settings, its gates, and the visitor types offered at
 * them (a type without gates is offered everywhere), each with the fields of its form in order. An administrator
 * sees every type, or those of the gate asked for.
 */
export async function padConfig(ctx: AuthedContext, input: In<'getPadConfig'>): Promise<PadConfig> {
  const info = await getUserInfo(ctx);
  const desk = ctx.session.role === Role.GATE || ctx.session.role === Role.MACHINE;
  let gates: { gid: number; gname: string }[] = [];
  if (desk) gates = await gatesNamed(ctx, ctx.session.gids);
  else if (input.gid) {
    gates = await gatesNamed(ctx, [input.gid]);
    if (!gates.length) throw new AppError(Status.GATE_NOT_FOUND);
  }
  const at = new Set(gates.map((g) => g.gid));
  const { fields, types, links } = await snapshot(ctx);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const offered = types.filter((t) => at.size === 0 || t.gids.length === 0 || t.gids.some((g) => at.has(g)));
  const companies = await directory(ctx);
  const settings = padSettings.parse(info);
  return {
    companies,
    userid: info.userid,
    company: info.company,
    shortName: info.shortName,
    settings,
    gates,
    privacyPage: privacyPageUrl(ctx.config, ctx.services.secrets, ctx.tenant.companyId),
    protocol: await currentProtocol(ctx.tenant, settings),
    faceConsent: await currentFaceConsent(ctx.tenant),
    privacyNotice: await currentText(ctx.tenant, 'privacy'),
    types: offered.map((t) => {
      const type = toVisitorType(t, links, fields);
      return {
        ...type,
        fields: type.fields.flatMap(({ eid, required }) => {
          const f = byId.get(eid);
          if (!f) return [];
          return [
            {
              eid,
              fieldName: f.fieldName,
              displayName: `${f.nameZh}#${f.nameEn}`,
              inputType: f.inputType as 'text' | 'date' | 'button' | 'standard',
              inputValue: f.options,
              placeholder: f.placeholder,
              standard: f.inputType === 'standard',
              required,
            },
          ];
        }),
      };
    }),
  };
}
