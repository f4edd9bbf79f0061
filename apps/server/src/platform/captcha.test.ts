import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.js';
import { captchas } from '../db/schema/index.js';
import { arithmeticQuestion } from './captcha.js';
import { AMBIGUOUS_CHARACTERS, CAPTCHA_ALPHABET, CAPTCHA_LENGTH, captchaText, drawCaptcha, PICTURE_HEIGHT, PICTURE_WIDTH } from './captchaPicture.js';

const svgOf = (dataUrl: string): string => Buffer.from(dataUrl.split(',')[1] ?? '', 'base64').toString();

describe('captcha characters and picture', () => {
  it('never shows a character that reads as another, whatever the case', () => {
    const ambiguous = new Set(AMBIGUOUS_CHARACTERS.toLowerCase());
    // The pairs, in either case: 0/O/o, 1/l/I, 2/Z, 5/S, 8/B, u/v.
    for (const ch of '0Oo1lIi2Zz5Ss8BUuVv') expect(ambiguous.has(ch.toLowerCase()), ch).toBe(true);
    for (const ch of CAPTCHA_ALPHABET) expect(ambiguous.has(ch.toLowerCase()), ch).toBe(false);
    // Upper case and digits only: a lower-case letter would only add doubt.
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Z3-9]+$/);
    // Compared case-insensitively, no two characters of the alphabet are the same one.
    expect(new Set(CAPTCHA_ALPHABET.toLowerCase()).size).toBe(CAPTCHA_ALPHABET.length);
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const text = captchaText();
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
      for (const ch of text) seen.add(ch);
    }
    // Every character of the alphabet turns up (the generator is not stuck on a few).
    expect([...seen].sort().join('')).toBe([...CAPTCHA_ALPHABET].sort().join(''));
    for (const ch of seen) expect(ambiguous.has(ch.toLowerCase()), ch).toBe(false);
  });

  it('draws the characters as outlines in a larger picture, never as SVG text', () => {
    const svg = drawCaptcha('ACDE');
    expect(svg).toContain(`viewBox="0 0 ${PICTURE_WIDTH} ${PICTURE_HEIGHT}"`);
    expect(PICTURE_WIDTH).toBeGreaterThanOrEqual(160);
    expect(svg).not.toMatch(/<text|ACDE/);
    expect(svg.match(/<g transform=/g)).toHaveLength(4);
  });

  it('asks sums with small non-negative answers', () => {
    for (let i = 0; i < 500; i++) {
      const q = arithmeticQuestion();
      expect(q.answer).toBe(q.operator === 'plus' ? q.left + q.right : q.left - q.right);
      expect(q.answer).toBeGreaterThanOrEqual(0);
      expect(q.answer).toBeLessThan(20);
    }
  });
});

describe('getValidationCode and validationCode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ captcha: true });
  });
  afterAll(() => t.close());

  it('issues a picture by default, as before (no question)', async () => {
    const r = await t.api.getValidationCode({});
    expect(r.status).toBe(0);
    expect(r.result.kind).toBe('image');
    expect(r.result.question).toBeUndefined();
    expect(svgOf(r.result.base64Str)).toContain(`width="${PICTURE_WIDTH}"`);
  });

  it('verifies the answer to a question by the same check, full-width digits too, and the digest is spent once', async () => {
    for (const fullWidth of [false, true]) {
      const r = await t.api.getValidationCode({ kind: 'question' });
      expect(r.status).toBe(0);
      expect(r.result.kind).toBe('question');
      const q = r.result.question;
      if (!q) throw new Error('no question');
      const answer = String(q.operator === 'plus' ? q.left + q.right : q.left - q.right);
      const typed = fullWidth ? ` ${answer.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))} ` : answer;
      expect((await t.api.validationCode({ digest: r.result.digest, vcode: typed })).status).toBe(0);
      const signIn = { email: 'nobody@example.com', password: 'x', digest: r.result.digest };
      expect((await t.api.Login(signIn)).status).toBe(Status.WRONG_CREDENTIALS);
      // Used: neither another sign-in nor another check accepts it.
      expect((await t.api.Login(signIn)).status).toBe(Status.CAPTCHA_INVALID);
      expect((await t.api.validationCode({ digest: r.result.digest, vcode: answer })).status).toBe(Status.CAPTCHA_INVALID);
    }
  });

  it('refuses a wrong answer with 119, and the sign-in it was for', async () => {
    const r = await t.api.getValidationCode({ kind: 'question' });
    const q = r.result.question;
    if (!q) throw new Error('no question');
    const wrong = String((q.operator === 'plus' ? q.left + q.right : q.left - q.right) + 1);
    const answer = await t.api.validationCode({ digest: r.result.digest, vcode: wrong });
    expect(answer.status).toBe(Status.CAPTCHA_INVALID);
    expect(answer.reason).toMatch(/wrong/);
    expect((await t.api.Login({ email: 'nobody@example.com', password: 'x', digest: r.result.digest })).status).toBe(Status.CAPTCHA_INVALID);
  });

  it('refuses an expired captcha, even with the right answer', async () => {
    const r = await t.api.getValidationCode({ kind: 'question' });
    const q = r.result.question;
    if (!q) throw new Error('no question');
    await t.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.digest, r.result.digest));
    const answer = String(q.operator === 'plus' ? q.left + q.right : q.left - q.right);
    const check = await t.api.validationCode({ digest: r.result.digest, vcode: answer });
    expect(check.status).toBe(Status.CAPTCHA_INVALID);
    expect(check.reason).toMatch(/expired/);
  });

  it('refuses an unknown kind as bad input', async () => {
    expect((await t.call('getValidationCode', { kind: 'audio' })).status).toBe(400);
  });
});
