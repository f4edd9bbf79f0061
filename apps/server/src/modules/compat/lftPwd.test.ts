import { describe, expect, it } from 'vitest';
import { lftPwdRule } from '../../../test/compat/original.js';
import { undoLftPwdRule } from './lftPwd.js';

describe('the original clients’ password scrambling (lftPwdRule) undone', () => {
  const passwords = ['Secret#2026', 'ab', 'abc', 'abcd', 'a', 'pass word with spaces', '密码Ünïcødé-2026', 'x'.repeat(128), '=+/==', '0123456789'];

  it('gives back every password, whatever random characters were inserted', () => {
    for (const pwd of passwords) for (let i = 0; i < 25; i++) expect(undoLftPwdRule(lftPwdRule(pwd))).toBe(pwd);
  });

  it('a known vector: "Secret#2026" with inserts "XXXXX" and "YYYYY"', () => {
    // "Sec"+"XXXXX"+"ret#2026" reversed, Base64, "YYYYY" at 5.
    const reversed = 'SecXXXXXret#2026'.split('').reverse().join('');
    const b64 = Buffer.from(reversed).toString('base64');
    expect(undoLftPwdRule(`${b64.slice(0, 5)}YYYYY${b64.slice(5)}`)).toBe('Secret#2026');
  });

  it('takes what is not a scramble as typed (null)', () => {
    for (const plain of ['Secret#2026', 'short', 'abcdefghijklmnop!', 'AAAAAAAAAAAAAA', '']) expect(undoLftPwdRule(plain)).toBeNull();
    // Base64 of bytes that are not UTF-8, and of control characters.
    const bad = Buffer.from([0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0xfa, 0xf9, 0xf8, 0xf7]).toString('base64');
    expect(undoLftPwdRule(`${bad.slice(0, 5)}ZZZZZ${bad.slice(5)}`)).toBeNull();
    const control = Buffer.from('\u0001\u0002\u0003abcdefgh').toString('base64');
    expect(undoLftPwdRule(`${control.slice(0, 5)}ZZZZZ${control.slice(5)}`)).toBeNull();
  });
});
