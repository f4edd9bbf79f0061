import { type ImPlatform, Status } from '@openvisit/contract';
import { AppError } from '../../platform/http/errors.js';
import { fetchBounded, type HttpLimits, sleep } from '../contacts/contacts.public.js';
import { fetchToken, type PlatformTarget } from './im.tokens.js';

export type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH';

const LABEL: Record<ImPlatform, string> = { dingtalk: 'DingTalk', feishu: 'Feishu', wecom: 'WeCom' };

/**
 * Result codes that mean "this token is no longer good": a new token and one more try (docs/protocols/*.md, Tokens).
 * Feishu's SDK does not retry them; we must (feishu.md).
 */
const STALE_TOKEN: Record<'feishu' | 'wecom', Set<number>> = { feishu: new Set([99991661, 99991663]), wecom: new Set([40014, 42001]) };
/** Busy or rate-limited: wait and try again, three times in all. */
const BUSY: Record<'feishu' | 'wecom', Set<number>> = { feishu: new Set([99991400]), wecom: new Set([-1, 45009]) };

/** A platform's words for a refusal (never echoing credentials), short and on one line. */
const words = (v: unknown) =>
  String(v ?? '')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 120);

export interface PlatformApi {
  readonly platform: 'feishu' | 'wecom';
  /** GET `path` (`?access_token` or the bearer added); answers the JSON of a result code 0, throws 675 / 674 otherwise. */
  get(path: string, query?: Record<string, string>): Promise<Json>;
  post(path: string, body: unknown, query?: Record<string, string>): Promise<Json>;
  /** PATCH (Feishu's message update). */
  patch(path: string, body: unknown, query?: Record<string, string>): Promise<Json>;
  /** Gets a token now: the credentials' check (675 when refused, 674 when unreachable). */
  verify(): Promise<void>;
}

/**
 * Feishu's and WeCom's server API as one app: the token kept and renewed when the platform says it is stale, busy
 * answers waited out, refusals 675 with the platform's words and code, anything unreadable 674.
 */
export function platformApi(t: PlatformTarget & { platform: 'feishu' | 'wecom' }, limits: HttpLimits): PlatformApi {
  const label = LABEL[t.platform];
  let token: string | undefined;

  async function getToken(): Promise<string> {
    const r = await fetchToken(t, limits);
    if (!r.ok) throw new AppError(r.code ? Status.DIRECTORY_REFUSED : Status.DIRECTORY_UNREACHABLE, r.reason);
    token = r.token;
    return token;
  }

  async function once(
    method: Method,
    path: string,
    query: Record<string, string>,
    body: unknown,
    access: string,
  ): Promise<{ json: Json; http: number }> {
    const q = new URLSearchParams(query);
    const headers: Record<string, string> = {};
    if (t.platform === 'wecom') q.set('access_token', access);
    else headers.authorization = `Bearer ${access}`;
    if (body !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
    const qs = q.toString();
    const init: RequestInit = { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
    const answer = await fetchBounded(label, `${t.base}${path}${qs ? `?${qs}` : ''}`, init, limits, t.company);
    // Feishu answers its refusals with HTTP 400 and a JSON code: the code is read whatever the status.
    try {
      const parsed: unknown = JSON.parse(answer.body.toString('utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { json: parsed as Json, http: answer.status };
    } catch {
      // below
    }
    throw new AppError(Status.DIRECTORY_UNREACHABLE, `${label} answered ${path} with HTTP ${answer.status} and no JSON`);
  }

  async function call(method: Method, path: string, query: Record<string, string>, body?: unknown): Promise<Json> {
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const { json, http } = await once(method, path, query, body, token ?? (await getToken()));
      const code = t.platform === 'feishu' ? json.code : json.errcode;
      if (code === 0) return json;
      if (typeof code !== 'number') throw new AppError(Status.DIRECTORY_UNREACHABLE, `${label} answered ${path} without a result code`);
      if (STALE_TOKEN[t.platform].has(code) && !renewed) {
        renewed = true;
        token = undefined;
        continue;
      }
      // A server error is the platform failing, not refusing: waited out, then unreachable (another try may do).
      const busy = BUSY[t.platform].has(code) || http >= 500;
      if (busy && attempt < 3) {
        await sleep(400 * attempt);
        continue;
      }
      const said = `${words(t.platform === 'feishu' ? json.msg : json.errmsg) || 'error'} (${code})`;
      if (busy) throw new AppError(Status.DIRECTORY_UNREACHABLE, `${label} could not answer ${path}: ${said}`);
      throw new AppError(
        Status.DIRECTORY_REFUSED,
        `${label} refused ${path}: ${words(t.platform === 'feishu' ? json.msg : json.errmsg) || 'error'} (${code})`,
      );
    }
  }

  return {
    platform: t.platform,
    get: (path, query = {}) => call('GET', path, query),
    post: (path, body, query = {}) => call('POST', path, query, body),
    patch: (path, body, query = {}) => call('PATCH', path, query, body),
    async verify() {
      await getToken();
    },
  };
}
