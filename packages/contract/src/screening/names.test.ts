import { describe, expect, it } from 'vitest';
import { matchEntry, screeningDecision } from './match.js';
import { compareNames, listedKeys, nameParts, probeKeys, readsAsPinyin, withinOneEdit } from './names.js';
import { reasonText } from './reasons.js';

describe('a name brought to its written form', () => {
  it('folds widths, case, tones, scripts and separators', () => {
    expect(nameParts('ＺＨＡＮＧ　Ｗｅｉ')).toEqual(['zhang', 'wei']);
    expect(nameParts('Zhāng Wěi')).toEqual(['zhang', 'wei']);
    expect(nameParts('張偉')).toEqual(['张伟']);
    expect(nameParts('買買提·艾力')).toEqual(['买买提', '艾力']);
    expect(nameParts('Jean-Luc  Picard.')).toEqual(['jean', 'luc', 'picard']);
  });

  it('survives lone surrogates, emoji and long text without matching everything', () => {
    expect(nameParts('\ud800')).toEqual([]);
    expect(nameParts('😀😀')).toEqual([]);
    expect(compareNames('😀', '张伟', 'standard')).toBeNull();
    expect(compareNames('\udfff', '\ud800', 'standard')).toBeNull();
    expect(compareNames('', '张伟', 'standard')).toBeNull();
    expect(compareNames('张伟'.repeat(100), '张伟', 'standard')).toBeNull();
    expect(compareNames('a'.repeat(200), 'a'.repeat(199), 'standard')).toBeNull();
    expect(compareNames('张', '张伟', 'standard')).toBeNull();
    expect(probeKeys('😀', 'standard')).toEqual([]);
    expect(listedKeys('')).toEqual([]);
  });
});

describe('comparing names', () => {
  it('narrow: the same written form only, naming the steps it needed', () => {
    expect(compareNames('張偉', '张伟', 'narrow')).toEqual({ strength: 'strong', rules: ['script'] });
    expect(compareNames('Wei Zhang', 'Zhang Wei', 'narrow')).toEqual({ strength: 'strong', rules: ['order'] });
    expect(compareNames('zhāng wěi', 'Zhang Wei', 'narrow')).toEqual({ strength: 'strong', rules: ['case', 'tones'] });
    expect(compareNames('张伟', '张伟', 'narrow')).toEqual({ strength: 'strong', rules: ['same'] });
    expect(compareNames('Zhang Wei', '张伟', 'narrow')).toBeNull();
  });

  it('standard: pinyin, homophones and Latin misspellings as possible, never a different syllable or character', () => {
    expect(compareNames('Zhang Wei', '張偉', 'standard')).toEqual({ strength: 'possible', rules: ['pinyin'] });
    expect(compareNames('Wei Zhang', '张伟', 'standard')).toEqual({ strength: 'possible', rules: ['pinyin', 'order'] });
    expect(compareNames('章伟', '张伟', 'standard')).toEqual({ strength: 'possible', rules: ['homophone'] });
    expect(compareNames('Zhnag Wei', '张伟', 'standard')).toEqual({ strength: 'possible', rules: ['spelling', 'pinyin'] });
    expect(compareNames('Jonathon Smith', 'Smith Jonathan', 'standard')?.strength).toBe('possible');
    expect(compareNames('Zhang Wen', '张伟', 'standard')).toBeNull();
    expect(compareNames('常伟', '张伟', 'standard')).toBeNull();
    expect(compareNames('Lyu Wei', '吕伟', 'standard')?.rules).toEqual(['pinyin']);
  });

  it('spelling helpers', () => {
    expect(withinOneEdit('zhangwei', 'zhnagwei')).toBe(true);
    expect(withinOneEdit('zhangwei', 'zhangwe')).toBe(true);
    expect(withinOneEdit('zhangwei', 'zhengwai')).toBe(false);
    expect(readsAsPinyin('ouyangnana')).toBe(true);
    expect(readsAsPinyin('jonathan')).toBe(false);
  });
});

describe('a person against an entry', () => {
  const entry = { names: ['张伟', '張大偉', 'David Zhang'], phones: ['13800138000'], idHashes: ['H1'], birthDate: '1980-05-12' };

  it('identifiers are exact; a date of birth decides between namesakes', () => {
    expect(matchEntry({ name: '李四', phone: '13800138000' }, entry, 'narrow')).toMatchObject({ strength: 'exact', nameOnly: false });
    expect(matchEntry({ idHash: 'H1' }, entry, 'narrow')?.reason.rules).toEqual(['idNumber']);
    expect(matchEntry({ name: '张伟', birthDate: '1990-01-01' }, entry, 'standard')).toBeNull();
    expect(matchEntry({ name: 'Zhang Dawei', birthDate: '1980-05-12' }, entry, 'standard')).toMatchObject({
      strength: 'strong',
      reason: { alias: 1, rules: ['pinyin', 'birthDate'] },
    });
    // The entry knows the person by a phone and a number: the same name without them may be a namesake.
    expect(matchEntry({ name: 'zhang david', phone: '13900000000' }, entry, 'narrow')).toMatchObject({ strength: 'possible', reason: { alias: 2 } });
    expect(matchEntry({ name: 'zhang david' }, { ...entry, phones: [], idHashes: [] }, 'narrow')).toMatchObject({ strength: 'strong' });
  });

  it('the reason reads in both languages', () => {
    expect(reasonText({ alias: 2, rules: ['script'] }, 'en')).toBe('traditional or simplified form of alias 2');
    expect(reasonText({ alias: 0, rules: ['pinyin', 'tones'] }, 'en')).toBe('pinyin of the name, tones ignored');
    expect(reasonText({ alias: 0, rules: ['pinyin', 'tones'] }, 'zh')).toBe('姓名的拼音，忽略声调');
    expect(reasonText({ rules: ['phone'] }, 'zh')).toBe('手机号相同');
  });

  it('the decision: refuse, review, note; a whitelisted identifier outweighs a name alone', () => {
    const m = (list: 'black' | 'white', level: 'refuse' | 'review' | 'note', strength: 'exact' | 'strong' | 'possible', nameOnly = true) => ({
      list,
      level,
      strength,
      nameOnly,
    });
    expect(screeningDecision([])).toBe('clear');
    expect(screeningDecision([m('black', 'refuse', 'strong')])).toBe('refuse');
    expect(screeningDecision([m('black', 'refuse', 'possible')])).toBe('review');
    expect(screeningDecision([m('black', 'review', 'exact', false)])).toBe('review');
    expect(screeningDecision([m('black', 'note', 'exact', false)])).toBe('note');
    expect(screeningDecision([m('black', 'refuse', 'strong'), m('white', 'refuse', 'exact', false)])).toBe('note');
    expect(screeningDecision([m('black', 'refuse', 'exact', false), m('white', 'refuse', 'exact', false)])).toBe('refuse');
    expect(screeningDecision([m('black', 'refuse', 'strong'), m('white', 'refuse', 'strong')])).toBe('refuse');
  });
});
