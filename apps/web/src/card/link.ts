/**
 * The badge page's address as the original front-desk app (v2.4.9) builds it:
 * `/card/index.html?vid=v<vid>&userid=<companyId>&token=<token>` (or `/card/custom/<name>/index.html?…`).
 */
export interface CardLink {
  /** The visit: `v123` or `123`; null when missing or not a visit number. */
  vid: number | null;
  /** The token as the app keeps it (bare, `<account>-<token>` or `<userid>-<token>`); null when there is none. */
  token: string | null;
  /** The company the app thinks it is in: sent on for the server to compare with the session (610 when it differs). */
  userid: string | null;
}

const INT32_MAX = 2_147_483_647;

/**
 * The query's parameters, each decoded on its own with `+` kept as it is: the app writes the address by joining
 * strings, so an account such as `desk+1` arrives with its `+`, which URLSearchParams would turn into a space.
 */
function params(search: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    const at = part.indexOf('=');
    const key = at < 0 ? part : part.slice(0, at);
    const value = at < 0 ? '' : part.slice(at + 1);
    try {
      if (!out.has(key)) out.set(key, decodeURIComponent(value));
    } catch {
      out.set(key, value);
    }
  }
  return out;
}

export function readCardLink(search: string): CardLink {
  const q = params(search);
  const m = /^v?(\d{1,10})$/i.exec(q.get('vid')?.trim() ?? '');
  const n = m ? Number(m[1]) : 0;
  const token = q.get('token')?.trim() ?? '';
  return {
    vid: n > 0 && n <= INT32_MAX ? n : null,
    // The app sends the literal `undefined` or `null` before it has signed in.
    token: token && token !== 'undefined' && token !== 'null' ? token : null,
    userid: q.get('userid')?.trim() || null,
  };
}

/** Our session tokens: 32 random bytes, base64url (apps/server/src/platform/identity/sessions.ts). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const PREFIXED = /^(.{1,254})-([A-Za-z0-9_-]{43})$/;

/**
 * The session token inside the app's form of it: the whole when it is a bare token, else the 43 characters after the
 * prefix's last `-` (the server's rule under /qcvisit/, apps/server/src/platform/http/dialect.ts `dialectToken`). The page
 * asks `/qcvisit/getCardInfo` with the whole form, where the server also checks that the prefix names the session's
 * account or company; the pictures (our downloads, under /api/ only) with the bare token.
 */
export function bareToken(token: string): string {
  if (TOKEN.test(token)) return token;
  return PREFIXED.exec(token)?.[2] ?? token;
}
