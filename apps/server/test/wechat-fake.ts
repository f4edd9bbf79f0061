import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * WeChat's official-account API as its documents describe it, on 127.0.0.1:
 *
 *   GET  /cgi-bin/token?grant_type=client_credential&appid=…&secret=…
 *        → {access_token, expires_in: 7200}, or {errcode: 40013, errmsg: 'invalid appid'} / 40125 invalid appsecret
 *   POST /cgi-bin/message/template/send?access_token=…  {touser, template_id, url?, data: {key: {value}}}
 *        → {errcode: 0, errmsg: 'ok', msgid}; 40001 for a token it did not issue (or `expire()`d), 40003 a malformed
 *          openid, 43004 an openid that does not follow the account, 40037 a template it does not know, 47001 a
 *          body that is not the documented shape.
 *
 * Followers and templates are the fake's sets; `down` answers HTTP 503.
 */
export interface WechatFake {
  url: string;
  appId: string;
  /** Token requests (each a new token). */
  tokenRequests: number;
  /** Messages taken, as the API received them. */
  sent: { touser: string; template_id: string; url?: string; data: Record<string, { value: string }> }[];
  followers: Set<string>;
  templates: Set<string>;
  down: boolean;
  /** Invalidates every token issued so far (as a token taken elsewhere, or its expiry, does). */
  expire(): void;
  close(): Promise<void>;
}

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const isValues = (data: unknown): data is Record<string, { value: string }> =>
  typeof data === 'object' &&
  data !== null &&
  Object.values(data).every((v) => typeof v === 'object' && v !== null && typeof (v as { value?: unknown }).value === 'string');

export async function startWechat(appId: string, secret: string): Promise<WechatFake> {
  const valid = new Set<string>();
  let issued = 0;
  const fake = {
    appId,
    tokenRequests: 0,
    sent: [],
    followers: new Set<string>(),
    templates: new Set<string>(),
    down: false,
  } as unknown as WechatFake;
  fake.expire = () => valid.clear();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (fake.down) return reply(res, 503, { errcode: -1, errmsg: 'system error' });
      if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
        fake.tokenRequests++;
        const q = url.searchParams;
        if (q.get('grant_type') !== 'client_credential') return reply(res, 200, { errcode: 40002, errmsg: 'invalid grant_type' });
        if (q.get('appid') !== appId) return reply(res, 200, { errcode: 40013, errmsg: 'invalid appid' });
        if (q.get('secret') !== secret) return reply(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
        const token = `token-${++issued}`;
        valid.add(token);
        return reply(res, 200, { access_token: token, expires_in: 7200 });
      }
      if (req.method === 'POST' && url.pathname === '/cgi-bin/message/template/send') {
        if (!valid.has(url.searchParams.get('access_token') ?? ''))
          return reply(res, 200, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
        let body: { touser?: unknown; template_id?: unknown; url?: unknown; data?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return reply(res, 200, { errcode: 47001, errmsg: 'data format error' });
        }
        if (
          typeof body.touser !== 'string' ||
          typeof body.template_id !== 'string' ||
          !isValues(body.data) ||
          (body.url !== undefined && typeof body.url !== 'string')
        )
          return reply(res, 200, { errcode: 47001, errmsg: 'data format error' });
        if (!/^[A-Za-z0-9_-]{6,64}$/.test(body.touser)) return reply(res, 200, { errcode: 40003, errmsg: 'invalid openid' });
        if (!fake.templates.has(body.template_id)) return reply(res, 200, { errcode: 40037, errmsg: 'invalid template_id' });
        if (!fake.followers.has(body.touser)) return reply(res, 200, { errcode: 43004, errmsg: 'require subscribe' });
        fake.sent.push(body as WechatFake['sent'][number]);
        return reply(res, 200, { errcode: 0, errmsg: 'ok', msgid: 200_000 + fake.sent.length });
      }
      reply(res, 404, { errcode: 404, errmsg: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}
