import { randomInt } from 'node:crypto';
import type { TestApp } from '../harness.js';

/**
 * The original product's clients as they call: POST `/qcvisit/<name>` with a JSON body, the token header in whatever
 * form the client keeps it (`undefined` before sign-in), a browser's user agent. Answers the envelope and the
 * response's content type.
 */
export function originalClient(t: TestApp) {
  return async <T = unknown>(name: string, body: unknown, header = 'undefined') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/qcvisit/${encodeURI(name)}`,
      headers: {
        'content-type': 'application/json;charset=UTF-8',
        'x-coolvisit-token': header,
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/80.0 Safari/537.36',
        'x-requested-with': 'XMLHttpRequest',
      },
      payload: JSON.stringify(body),
    });
    const json = res.json() as { status: number; reason: string; result: T };
    return { ...json, http: res.statusCode, contentType: String(res.headers['content-type'] ?? '') };
  };
}

const RANDOM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomChars = (n: number) => Array.from({ length: n }, () => RANDOM[randomInt(RANDOM.length)]).join('');
const insertAt = (s: string, at: number, what: string) => s.slice(0, at) + what + s.slice(at);

/**
 * The original clients' `lftPwdRule(pwd, 3, 5)` as the reference describes it: five random characters inserted at
 * index 3, the string reversed, Base64 (UTF-8), five more random characters at index 5.
 */
export function lftPwdRule(pwd: string): string {
  const reversed = insertAt(pwd, 3, randomChars(5)).split('').reverse().join('');
  return insertAt(Buffer.from(reversed, 'utf8').toString('base64'), 5, randomChars(5));
}
