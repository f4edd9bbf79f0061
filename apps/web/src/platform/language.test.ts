import { describe, expect, it } from 'vitest';
import { detectLanguage, langOfTag } from './language';

describe('detectLanguage', () => {
  it('treats zh-CN, zh-HK and zh as Chinese, Taiwan’s Traditional Chinese not', () => {
    for (const tag of ['zh-CN', 'zh-HK', 'zh', 'zh_cn', 'zh-Hans-CN', 'zh-Hant-HK', 'zh-SG']) expect(detectLanguage(null, [tag])).toBe('zh');
    for (const tag of ['zh-TW', 'ZH-hant-TW', 'zh-Hant']) expect(detectLanguage(null, [tag])).toBe('en');
    expect(detectLanguage(null, ['zh-TW', 'zh-CN'])).toBe('zh');
  });
  it('falls back to English for other or missing browser languages', () => {
    expect(detectLanguage(null, ['en-US'])).toBe('en');
    expect(detectLanguage(null, ['fr-FR', 'de'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
  it('takes the first supported browser language in order of preference', () => {
    expect(detectLanguage(null, ['fr-FR', 'zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage(null, ['en-GB', 'zh-CN'])).toBe('en');
  });
  it('lets the saved preference win, ignoring an invalid saved value', () => {
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
    expect(detectLanguage('zh', ['en-US'])).toBe('zh');
    expect(detectLanguage('fr', ['zh-HK'])).toBe('zh');
  });
  it('langOfTag ignores languages we do not ship', () => {
    expect(langOfTag('ja-JP')).toBeNull();
  });
});
