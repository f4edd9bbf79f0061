import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { platformEn } from '../platform/locales/en';
import { platformZh } from '../platform/locales/zh';
import { kioskEn } from './locales/en';
import { kioskZh } from './locales/zh';
import { errorMessage } from './walkInMessages';

describe('walk-in form rules (the server’s, as the visitor types)', () => {
  it('messages in the kiosk’s language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: platformEn, kiosk: kioskEn }, zh: { translation: platformZh, kiosk: kioskZh } },
      initAsync: false,
    });
    const msg = (field: string, rule: string) => errorMessage(i18n.t as TFunction, i18n.getFixedT(null, 'kiosk') as TFunction<'kiosk'>, field, rule);
    expect(msg('cardId', 'checksum')).toBe('Check digit error');
    expect(msg('cardId', 'birthDate')).toBe('Birth date out of range');
    expect(msg('vphone', 'format')).toBe('The format of the phone number is not correct');
    expect(msg('vphone', 'phoneOrId')).toBe('Fill in the phone number or the certificate number');
    expect(msg('temperature', 'range')).toBe('Between 34 and 43 °C');
    // The photo step shows the face detector's refusal of the photo taken.
    expect(msg('photo', 'noFace')).toBe('No face detected in the photo: use one facing the camera, face uncovered and well lit');
    expect(msg('photo', 'multipleFaces')).toBe('More than one face in the photo: use one of a single person');
    await i18n.changeLanguage('zh');
    expect(msg('cardId', 'checksum')).toBe(platformZh.validation.checksum);
    expect(msg('cardId', 'region')).toBe(platformZh.validation.region);
    expect(msg('vphone', 'phoneOrId')).toBe('请填写手机号或证件号码');
    expect(msg('photo', 'noFace')).toBe('照片中未检测到人脸：请使用正对镜头、露出面部、光线充足的照片');
  });
});
