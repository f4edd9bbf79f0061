import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/harness.js';
import { captchas } from '../../db/schema/index.js';
import { arithmeticQuestion } from './captcha.js';
import {
  AMBIGUOUS_CHARACTERS,
  CAPTCHA_ALPHABET,
  CAPTCHA_LENGTH,
  captchaText,
  drawCaptcha,
  PICTURE_HEIGHT,
  PICTURE_WIDTH,
  rasterCaptcha,
} from './captchaPicture.js';
import { sha256 } from './crypto.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const bytesOf = (dataUrl: string): Buffer => Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');

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
      const [, left, op, right] = /^(\d+)([+-])(\d+)=\?$/.exec(q.text) ?? [];
      expect(q.answer).toBe(op === '+' ? Number(left) + Number(right) : Number(left) - Number(right));
      expect(q.answer).toBeGreaterThanOrEqual(0);
      expect(q.answer).toBeLessThan(20);
    }
  });

  // The solver that read 60 of 60: each character was its own <path> whose commands and extent named it. The picture
  // is now pixels, and bent anew each time, so one character's pixels are never a fixed template either.
  it('publishes pixels only, never the same twice for the same text', async () => {
    const pixels = async (png: Buffer) => {
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([PICTURE_WIDTH, PICTURE_HEIGHT]);
      return data;
    };
    const [a, b] = [await rasterCaptcha('ACDE'), await rasterCaptcha('ACDE')];
    for (const png of [a, b]) {
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(png.toString('latin1')).not.toMatch(/<svg|<path|ACDE/);
    }
    const [pa, pb] = [await pixels(a), await pixels(b)];
    let differ = 0;
    for (let i = 0; i < pa.length; i += 3) if (Math.abs((pa[i] ?? 0) - (pb[i] ?? 0)) > 24) differ++;
    expect(differ / (pa.length / 3)).toBeGreaterThan(0.05);
  });
});

describe('getValidationCode and validationCode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ captcha: true });
  });
  afterAll(() => t.close());

  /** The expected answer of a sum, found as a test can (an attacker cannot read the row): it is below 20. */
  async function answerOf(digest: string): Promise<string> {
    const [row] = await t.db.select().from(captchas).where(eq(captchas.digest, digest));
    const n = Array.from({ length: 20 }, (_, i) => String(i)).find((a) => sha256(`${digest}:${a}`) === row?.codeHash);
    if (n === undefined) throw new Error('no small answer');
    return n;
  }

  it('answers a PNG picture and nothing a script could read instead, for both kinds', async () => {
    for (const kind of [undefined, 'question'] as const) {
      const r = await t.api.getValidationCode(kind ? { kind } : {});
      expect(r.status).toBe(0);
      expect(r.result.kind).toBe(kind ?? 'image');
      // No operands, no text: only the picture, the digest and its lifetime.
      expect(Object.keys(r.result).sort()).toEqual(['base64Str', 'digest', 'expiresIn', 'kind']);
      expect(r.result.base64Str.startsWith('data:image/png;base64,')).toBe(true);
      expect(bytesOf(r.result.base64Str).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
  });

  it('verifies the answer to a question by the same check, full-width digits too, and the digest is spent once', async () => {
    for (const fullWidth of [false, true]) {
      const r = await t.api.getValidationCode({ kind: 'question' });
      expect(r.status).toBe(0);
      const answer = await answerOf(r.result.digest);
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
    const wrong = String(Number(await answerOf(r.result.digest)) + 1);
    const answer = await t.api.validationCode({ digest: r.result.digest, vcode: wrong });
    expect(answer.status).toBe(Status.CAPTCHA_INVALID);
    expect(answer.reason).toMatch(/wrong/);
    expect((await t.api.Login({ email: 'nobody@example.com', password: 'x', digest: r.result.digest })).status).toBe(Status.CAPTCHA_INVALID);
  });

  it('refuses an expired captcha, even with the right answer', async () => {
    const r = await t.api.getValidationCode({ kind: 'question' });
    const answer = await answerOf(r.result.digest);
    await t.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.digest, r.result.digest));
    const check = await t.api.validationCode({ digest: r.result.digest, vcode: answer });
    expect(check.status).toBe(Status.CAPTCHA_INVALID);
    expect(check.reason).toMatch(/expired/);
  });

  it('refuses an unknown kind as bad input', async () => {
    expect((await t.call('getValidationCode', { kind: 'audio' })).status).toBe(400);
  });
});
