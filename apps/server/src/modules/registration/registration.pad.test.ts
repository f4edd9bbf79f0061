import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type PadSettings, Status } from '@openvisit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedStaff, signInAsCreated, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { scaled } from '../../../test/timeouts.js';

type Errors = { errors: { field: string; rule: string }[] };

/** Random blocks, so no encoder can squeeze the picture to nothing; `alpha` makes a PNG with transparent corners. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png', alpha = false, block = 4): Promise<Buffer> {
  const [w, h] = [Math.ceil(width / block), Math.ceil(height / block)];
  const channels = alpha ? 4 : 3;
  const raw = randomBytes(w * h * channels);
  if (alpha) for (let i = 3; i < raw.length; i += 4) raw[i] = i % 16 === 3 ? 0 : 255;
  return sharp(raw, { raw: { width: w, height: h, channels } })
    .resize(width, height, { kernel: 'nearest' })
    .toFormat(format, { quality: 100 })
    .toBuffer();
}

describe('pad settings', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const filesDir = () => path.join(t.config.dataDir, 'files');
  const stored = () =>
    fs.existsSync(filesDir())
      ? fs
          .readdirSync(filesDir(), { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => path.relative(filesDir(), path.join(d.parentPath, d.name)))
          .sort()
      : [];
  const get = (name: string, key: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/${name}?key=${encodeURIComponent(key)}`, headers: token ? { 'x-coolvisit-token': token } : {} });

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28; a front desk may read but not change (610)', async () => {
    const img = await picture(400, 300);
    for (const name of ['UpdateLogo', 'UploadBackgroundPic', 'UpdateDefaultPhoto', 'UploadCarouselPic'])
      expect((await t.upload(name, { name: 'a.png', bytes: img })).status, name).toBe(Status.TOKEN_MISSING);
    for (const name of [
      'updateCarouselPic',
      'delPadPicture',
      'UpdateThemeColor',
      'updateCardStyle',
      'updateQRcode',
      'updateComeAgain',
      'updateSignOutSwitch',
      'updateFaceScaner',
      'updateSecureProtocol',
      'updateEscapeClause',
      'getPadConfig',
    ])
      expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.upload('UpdateLogo', { name: 'a.png', bytes: img }, {}, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.updateSignOutSwitch({ signOutSwitch: 1 }, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getPadConfig({}, desk.token)).status).toBe(0);
    expect((await t.api.getPadConfig({}, (await seedStaff(t, a.id, 3)).token)).status).toBe(Status.NO_PERMISSION);
  });

  it('a logo keeps its transparency, a large one is scaled down under 1 MB; bad pictures are field errors and change nothing', {
    timeout: scaled(90_000),
  }, async () => {
    const big = await picture(3000, 1500, 'png', true, 10);
    const up = await t.upload<PadSettings>('UpdateLogo', { name: 'logo.png', bytes: big }, {}, a.token);
    expect(up.status).toBe(0);
    expect(up.result.logo).toMatch(/^pad\/\d+\/logo-[0-9a-f]{16}\.png$/);
    const res = await get('PadLogo', up.result.logo, a.token);
    expect(res.headers['content-type']).toContain('image/png');
    expect(res.rawPayload.length).toBeLessThan(1024 * 1024);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1200);

    const bad = async (name: string, bytes: Buffer) => (await t.upload<Errors>('UpdateLogo', { name, bytes }, {}, a.token)).result.errors;
    expect(await bad('tiny.png', await picture(80, 20))).toEqual([{ field: 'file', rule: 'imageTooSmall' }]);
    expect(await bad('fake.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual([{ field: 'file', rule: 'type' }]);
    expect((await t.upload('UpdateLogo', { name: 'logo.svg', bytes: Buffer.from('<svg/>') }, {}, a.token)).status).toBe(Status.FILE_TYPE_ERROR);
    const info = await t.api.GetUserInfo({}, a.token);
    expect(info.result.logo).toBe(up.result.logo);

    // A new logo replaces the file of the old one.
    const second = await t.upload<PadSettings>('UpdateLogo', { name: 'logo.jpg', bytes: await picture(600, 400, 'jpeg') }, {}, a.token);
    expect(second.result.logo).not.toBe(up.result.logo);
    expect(stored()).toEqual([second.result.logo]);
    expect((await get('PadLogo', up.result.logo, a.token)).json().status).toBe(Status.NO_SUCH_RECORD);
  });

  it('background, default photo and carousel (at most 5, reordered and removed); pictures read by desks, never by another company', async () => {
    const bg = await t.upload<PadSettings>('UploadBackgroundPic', { name: 'bg.webp', bytes: await picture(1600, 2100, 'webp') }, {}, a.token);
    expect(bg.result.backgroundPic).toMatch(/^pad\/\d+\/backgroundPic-[0-9a-f]{16}\.jpg$/);
    const photo = await t.upload<PadSettings>('UpdateDefaultPhoto', { name: 'p.png', bytes: await picture(300, 300) }, {}, a.token);
    expect(photo.result.defaultPhoto).toMatch(/defaultPhoto-/);
    expect((await t.upload<Errors>('UploadBackgroundPic', { name: 'bg.png', bytes: await picture(300, 300) }, {}, a.token)).result.errors).toEqual([
      { field: 'file', rule: 'imageTooSmall' },
    ]);

    let last: PadSettings = photo.result;
    for (let i = 0; i < 5; i++) {
      const r = await t.upload<PadSettings>('UploadCarouselPic', { name: `c${i}.jpg`, bytes: await picture(600, 800, 'jpeg') }, {}, a.token);
      expect(r.status).toBe(0);
      last = r.result;
    }
    expect(last.carouselPic).toHaveLength(5);
    expect(
      (await t.upload<Errors>('UploadCarouselPic', { name: 'c6.jpg', bytes: await picture(600, 800, 'jpeg') }, {}, a.token)).result.errors,
    ).toEqual([{ field: 'file', rule: 'carouselFull' }]);
    const [c0, c1, c2] = last.carouselPic as [string, string, string];
    expect((await t.call<Errors>('updateCarouselPic', { carouselPic: [c0, 'pad/1/other.jpg'] }, a.token)).result.errors).toEqual([
      { field: 'carouselPic.1', rule: 'notFound' },
    ]);
    expect((await t.call<Errors>('updateCarouselPic', { carouselPic: [c0, c0] }, a.token)).result.errors).toEqual([
      { field: 'carouselPic.1', rule: 'duplicate' },
    ]);
    const kept = await t.api.updateCarouselPic({ carouselPic: [c2, c0, c1] }, a.token);
    expect(kept.result.carouselPic).toEqual([c2, c0, c1]);
    expect(stored().filter((k) => k.includes('carouselPic'))).toHaveLength(3);

    const desk = await seedStaff(t, a.id, 4);
    const fromDesk = await get('PadPicture', c2, desk.token);
    expect(fromDesk.statusCode).toBe(200);
    expect(fromDesk.headers['content-type']).toContain('image/jpeg');
    expect((await get('PadPicture', c2, b.token)).json().status).toBe(Status.NO_SUCH_RECORD);
    expect((await get('PadPicture', bg.result.backgroundPic)).json().status).toBe(Status.TOKEN_MISSING);
    // The logo is not a "picture", and a made-up key is nothing.
    expect((await get('PadPicture', kept.result.logo, a.token)).json().status).toBe(Status.NO_SUCH_RECORD);
    expect((await get('PadPicture', '../../etc/passwd', a.token)).json().status).toBe(Status.NO_SUCH_RECORD);

    const removed = await t.api.delPadPicture({ kind: 'backgroundPic' }, a.token);
    expect(removed.result.backgroundPic).toBe('');
    expect(stored().some((k) => k.includes('backgroundPic'))).toBe(false);
    expect((await t.call<Errors>('delPadPicture', { kind: 'carouselPic' }, a.token)).result.errors).toEqual([
      { field: 'kind', rule: 'invalid_value' },
    ]);
  });

  it('switches, colour, badge style and texts: validated, stored, answered by GetUserInfo too', async () => {
    for (const [name, key] of [
      ['updateQRcode', 'qrcodeSwitch'],
      ['updateComeAgain', 'comeAgain'],
      ['updateSignOutSwitch', 'signOutSwitch'],
      ['updateFaceScaner', 'faceScaner'],
    ] as const) {
      expect((await t.call<Errors>(name, { [key]: 2 }, a.token)).result.errors?.[0]?.field, name).toBe(key);
      expect((await t.call<PadSettings>(name, { [key]: 1 }, a.token)).result[key], name).toBe(1);
    }
    expect((await t.call<Errors>('UpdateThemeColor', { themecolor: 'red' }, a.token)).result.errors).toEqual([
      { field: 'themecolor', rule: 'format' },
    ]);
    expect((await t.api.UpdateThemeColor({ themecolor: '#0A8' }, a.token)).result.themecolor).toBe('#00aa88');

    expect((await t.call<Errors>('updateCardStyle', { cardSize: 3 }, a.token)).result.errors?.[0]?.field).toBe('cardSize');
    expect((await t.call<Errors>('updateCardStyle', { customText: 'x'.repeat(31) }, a.token)).result.errors).toEqual([
      { field: 'customText', rule: 'tooLong' },
    ]);
    const style = await t.api.updateCardStyle(
      { cardType: 1, cardSize: 2, printType: 1, brandType: 0, brandPosition: 2, avatarType: 2, customText: '<b>Alpha</b> Ltd', cardText: 'Visitor' },
      a.token,
    );
    expect(style.result).toMatchObject({ cardType: 1, cardSize: 2, printType: 1, brandType: 0, brandPosition: 2, showAvatar: 1, avatarType: 2 });
    expect(style.result.customText).toBe('Alpha Ltd');
    // Only what is given changes.
    expect((await t.api.updateCardStyle({ showAvatar: 0 }, a.token)).result).toMatchObject({ cardSize: 2, showAvatar: 0 });

    const protocol = await t.api.updateSecureProtocol(
      {
        secureProtocol: '<p>请遵守<b>安全</b>规定</p><script>alert(1)</script><img src=x onerror="alert(2)">&lt;不要&gt;奔跑',
        secureProtocolEn: 'Keep to the paths.\r\n\r\n\r\nWear a helmet &amp; boots.',
      },
      a.token,
    );
    expect(protocol.result.secureProtocol).toBe('请遵守安全规定\n<不要>奔跑');
    expect(protocol.result.secureProtocolEn).toBe('Keep to the paths.\n\nWear a helmet & boots.');
    expect((await t.call<Errors>('updateSecureProtocol', { secureProtocol: 'x'.repeat(20001) }, a.token)).result.errors).toEqual([
      { field: 'secureProtocol', rule: 'tooLong' },
    ]);
    expect((await t.api.updateEscapeClause({ escapeClause: ' I accept. ' }, a.token)).result.escapeClause).toBe('I accept.');
    const info = (await t.api.GetUserInfo({}, a.token)).result;
    expect(info).toMatchObject({ themecolor: '#00aa88', cardSize: 2, signOutSwitch: 1, escapeClause: 'I accept.', carouselPic: expect.any(Array) });
    // The other company is untouched.
    expect((await t.api.GetUserInfo({}, b.token)).result).toMatchObject({ themecolor: '', cardSize: 0, signOutSwitch: 0, logo: '' });
  });

  it('getPadConfig: a kiosk gets its gate, the types offered there with their forms, and the settings', async () => {
    const north = (await t.api.addGate({ gname: 'North' }, a.token)).result.gid;
    const south = (await t.api.addGate({ gname: 'South' }, a.token)).result.gid;
    const everywhere = (await t.api.addVisitorType({ vType: '访客#Guest', reasons: ['开会#Meeting'] }, a.token)).result;
    const northOnly = (await t.api.addVisitorType({ vType: '送货#Delivery', gids: [north] }, a.token)).result;
    const southOnly = (await t.api.addVisitorType({ vType: '施工#Works', gids: [south] }, a.token)).result;
    const field = (
      await t.api.addExtendVisitor(
        { displayName: '车型#Vehicle', inputType: 'button', inputValue: ['货车#Truck', '轿车#Car'], types: [{ tid: northOnly.tid, required: true }] },
        a.token,
      )
    ).result;
    await t.api.AddManager({ account: 'kiosk_north', password: PASSWORD, sName: 'Kiosk', sType: 4, gids: [north] }, a.token);
    const kiosk = await signInAsCreated(t, 'kiosk_north');

    const config = await t.api.getPadConfig({}, kiosk);
    expect(config.status).toBe(0);
    expect(config.result).toMatchObject({ company: 'Alpha', gates: [{ gid: north, gname: 'North' }] });
    expect(config.result.settings).toMatchObject({ themecolor: '#00aa88', cardSize: 2, secureProtocolEn: expect.stringContaining('helmet') });
    expect(config.result.settings).not.toHaveProperty('ddcorpid');
    const tids = config.result.types.map((x) => x.tid);
    expect(tids).toContain(everywhere.tid);
    expect(tids).toContain(northOnly.tid);
    expect(tids).not.toContain(southOnly.tid);
    const delivery = config.result.types.find((x) => x.tid === northOnly.tid);
    expect(delivery?.fields[0]).toMatchObject({ fieldName: 'vname', required: true, standard: true });
    expect(delivery?.fields.find((f) => f.eid === field.eid)).toEqual({
      eid: field.eid,
      fieldName: field.fieldName,
      displayName: '车型#Vehicle',
      inputType: 'button',
      inputValue: ['货车#Truck', '轿车#Car'],
      placeholder: '',
      standard: false,
      required: true,
    });
    expect(config.result.types.find((x) => x.tid === everywhere.tid)?.reasons).toEqual(['开会#Meeting']);

    // An administrator previews any gate, or all types; a gate of another company is 125.
    const all = await t.api.getPadConfig({}, a.token);
    expect(all.result.gates).toEqual([]);
    expect(all.result.types.map((x) => x.tid)).toContain(southOnly.tid);
    expect((await t.api.getPadConfig({ gid: south }, a.token)).result.types.map((x) => x.tid)).not.toContain(northOnly.tid);
    const bGate = (await t.api.addGate({ gname: 'Theirs' }, b.token)).result.gid;
    expect((await t.api.getPadConfig({ gid: bGate }, a.token)).status).toBe(Status.GATE_NOT_FOUND);
    expect((await t.api.getPadConfig({}, b.token)).result).toMatchObject({ company: 'Beta', types: [] });
  });

  it('logs the changes', async () => {
    const log = await t.api.getLogList({ requestedCount: 200 }, a.token);
    const rows = log.result.list;
    expect(rows.find((r) => r.objName === 'signOutSwitch')).toMatchObject({ descKey: 'switchedOn', optDesc: 'switched on' });
    expect(rows.find((r) => r.objName === 'themecolor')).toMatchObject({ optDesc: 'colour #00aa88' });
    expect(rows.find((r) => r.objName === 'logo')?.optDesc).toMatch(/^picture \d+×\d+$/);
    expect(rows.find((r) => r.objName === 'carouselPic' && r.descKey === 'carouselSet')?.optDesc).toBe('3 pictures');
  });
});
