import { describe, expect, it } from 'vitest';
import { isLogDescKey, logDesc, logDescriptions, logObjectText, renderLogDesc, templatePlaceholders } from './logDescriptions.js';

const entries = Object.entries(logDescriptions) as [string, { en: string; zh: string }][];

describe('log descriptions', () => {
  it('every key has an English and a Chinese template', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const [key, t] of entries) {
      expect(t.en.trim(), key).not.toBe('');
      expect(t.zh.trim(), key).not.toBe('');
      expect(t.zh, `${key}: zh is Chinese`).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('the zh and en templates of a key use the same placeholders, and only well-formed ones', () => {
    for (const [key, t] of entries) {
      expect(new Set(templatePlaceholders(t.zh)), key).toEqual(new Set(templatePlaceholders(t.en)));
      for (const template of [t.en, t.zh]) {
        const bare = template.replace(/\{\{\w+\}\}/g, '');
        expect(bare, `${key}: stray braces`).not.toMatch(/[{}]/);
      }
    }
  });

  it('renders a key in either language with its parameters', () => {
    const d = logDesc('cardsSynced', { issued: 3, cleared: 0, refused: 1 });
    expect(d).toEqual({ key: 'cardsSynced', params: { issued: 3, cleared: 0, refused: 1 } });
    expect(renderLogDesc(d.key, d.params, 'en')).toBe('cards: 3 issued, 0 cleared, 1 refused');
    expect(renderLogDesc(d.key, d.params, 'zh')).toBe('卡号：发放 3 张，清除 0 张，拒绝 1 条');
    expect(renderLogDesc('blacklistSearched', { search: 'Li {{x}}' }, 'zh')).toBe('黑名单，搜索“Li {{x}}”');
    expect(logDesc('screeningOn')).toEqual({ key: 'screeningOn', params: {} });
    expect(renderLogDesc('screeningOn', null, 'zh')).toBe('黑名单筛查已开启');
  });

  it('an unknown key renders as null (the reader falls back to the stored text); a missing parameter as nothing', () => {
    expect(isLogDescKey('cardSet')).toBe(true);
    expect(isLogDescKey('toString')).toBe(false);
    expect(renderLogDesc('somethingNewer', {}, 'en')).toBeNull();
    expect(renderLogDesc('toString', {}, 'en')).toBeNull();
    expect(renderLogDesc('cardSet', {}, 'en')).toBe('card ');
  });
});

describe('logObjectText', () => {
  it('names settings and visitor types in the reader’s language, anything else as stored', () => {
    expect(logObjectText('themecolor', 'en')).toBe('Theme colour');
    expect(logObjectText('permissionSwitch', 'zh')).toBe('员工邀请访客');
    expect(logObjectText('secureProtocol,escapeClause', 'en')).toBe('Safety agreement (Chinese), Disclaimer');
    expect(logObjectText('参观#Tour', 'en')).toBe('Tour');
    expect(logObjectText('参观#Tour', 'zh')).toBe('参观');
    expect(logObjectText('Zhang San', 'zh')).toBe('Zhang San');
    expect(logObjectText('a#b#c', 'en')).toBe('a#b#c');
    expect(logObjectText('', 'en')).toBe('');
  });
});
