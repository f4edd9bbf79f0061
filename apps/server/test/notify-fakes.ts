import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Local stand-ins for the notification providers, on 127.0.0.1 and a free port: a provider speaking our JSON shape
 * (SMS, WeChat, voice: signature checked), DingTalk's work-notice API, an RTX server's sendnotify.cgi (GBK), and a
 * real SMTP peer. Each records what it received and can be told to refuse, fail or hang.
 */

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

function closer(server: http.Server, hanging: Set<http.ServerResponse>) {
  return async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
}

export type FakeMode = 'ok' | 'refuse' | 'down' | 'hang';

export interface ProviderRequest {
  body: Record<string, unknown>;
  /** The signature header matched HMAC-SHA256(secret, timestamp.body). */
  signed: boolean;
}

export interface FakeProvider {
  url: string;
  secret: string;
  mode: FakeMode;
  received: ProviderRequest[];
  close(): Promise<void>;
}

/** A provider of our JSON shape: {"code":0} when ok, {"code":17,"message":"blocked number"} refusing, HTTP 503 down. */
export async function startFakeProvider(secret: string): Promise<FakeProvider> {
  const hanging = new Set<http.ServerResponse>();
  const fake = { secret, mode: 'ok' as FakeMode, received: [] as ProviderRequest[] };
  const server = http.createServer(async (req, res) => {
    const raw = (await readBody(req)).toString('utf8');
    const ts = String(req.headers['x-openvisit-timestamp'] ?? '');
    const expected = createHmac('sha256', fake.secret).update(`${ts}.${raw}`).digest('hex');
    fake.received.push({ body: JSON.parse(raw || '{}') as Record<string, unknown>, signed: req.headers['x-openvisit-signature'] === expected });
    if (fake.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (fake.mode === 'down') {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('Service Unavailable');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(fake.mode === 'refuse' ? { code: 17, message: 'blocked number' } : { code: 0, id: `p${fake.received.length}` }));
  });
  const port = await listen(server);
  return Object.assign(fake, { url: `http://127.0.0.1:${port}/send`, close: closer(server, hanging) });
}

export interface FakeDingTalkNotice {
  url: string;
  appKey: string;
  secret: string;
  agentId: string;
  /** mobile → userid */
  people: Map<string, string>;
  mode: FakeMode;
  sent: { agent_id: number; userid_list: string; content: string }[];
  close(): Promise<void>;
}

/** DingTalk: gettoken, topapi/v2/user/getbymobile, topapi/message/corpconversation/asyncsend_v2. */
export async function startFakeDingTalkNotice(): Promise<FakeDingTalkNotice> {
  const hanging = new Set<http.ServerResponse>();
  const fake = {
    appKey: 'dingnotice1',
    secret: 'DdSecret-42',
    agentId: '2934571',
    people: new Map<string, string>(),
    mode: 'ok' as FakeMode,
    sent: [] as FakeDingTalkNotice['sent'],
  };
  const token = 'tok-123';
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = (await readBody(req)).toString('utf8');
    const send = (v: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(v));
    };
    if (fake.mode === 'hang') return void hanging.add(res);
    if (fake.mode === 'down') {
      res.writeHead(502);
      res.end('bad gateway');
      return;
    }
    if (url.pathname === '/gettoken') {
      const ok = url.searchParams.get('appkey') === fake.appKey && url.searchParams.get('appsecret') === fake.secret;
      return send(ok ? { errcode: 0, access_token: token, expires_in: 7200 } : { errcode: 40089, errmsg: '不合法的corpid或corpsecret' });
    }
    if (url.searchParams.get('access_token') !== token) return send({ errcode: 40014, errmsg: '不合法的access_token' });
    const json = JSON.parse(body || '{}') as Record<string, unknown>;
    if (url.pathname === '/topapi/v2/user/getbymobile') {
      const userid = fake.people.get(String(json.mobile));
      return send(userid ? { errcode: 0, result: { userid } } : { errcode: 60121, errmsg: '找不到该用户' });
    }
    if (url.pathname === '/topapi/message/corpconversation/asyncsend_v2') {
      if (fake.mode === 'refuse') return send({ errcode: 33012, errmsg: '无效的userid' });
      const msg = json.msg as { text: { content: string } };
      fake.sent.push({ agent_id: Number(json.agent_id), userid_list: String(json.userid_list), content: msg.text.content });
      return send({ errcode: 0, task_id: 1 });
    }
    res.writeHead(404);
    res.end();
  });
  const port = await listen(server);
  return Object.assign(fake, { url: `http://127.0.0.1:${port}`, close: closer(server, hanging) });
}

export interface FakeRtxNotice {
  host: string;
  port: number;
  mode: FakeMode | 'restricted';
  sent: { receiver: string; title: string; msg: string }[];
  close(): Promise<void>;
}

/** Percent-decoded GBK query values, as an RTX server reads them. */
function gbkParams(query: string): Map<string, string> {
  const out = new Map<string, string>();
  const decoder = new TextDecoder('gbk');
  for (const part of query.split('&')) {
    const [k, v = ''] = part.split('=');
    const bytes: number[] = [];
    for (let i = 0; i < v.length; i++) {
      if (v[i] === '%') {
        bytes.push(Number.parseInt(v.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(v.charCodeAt(i));
    }
    out.set(k ?? '', decoder.decode(Uint8Array.from(bytes)));
  }
  return out;
}

const gbk = (hex: string) => Buffer.from(hex, 'hex');

/** An RTX server's sendnotify.cgi: «操作成功» (GBK) when sent, «发送失败» refusing, «IP受限制» restricted. */
export async function startFakeRtxNotice(): Promise<FakeRtxNotice> {
  const hanging = new Set<http.ServerResponse>();
  const fake = { mode: 'ok' as FakeRtxNotice['mode'], sent: [] as FakeRtxNotice['sent'] };
  const server = http.createServer((req, res) => {
    const [path, query = ''] = (req.url ?? '/').split('?');
    if (fake.mode === 'hang') return void hanging.add(res);
    if (fake.mode === 'down') {
      res.writeHead(500);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    if (fake.mode === 'restricted') return void res.end(gbk('4950cadccfded6c6'));
    if (path !== '/sendnotify.cgi') return void res.end('params is null');
    if (fake.mode === 'refuse') return void res.end(gbk('b7a2cbcdcaa7b0dc')); // 发送失败
    const p = gbkParams(query);
    fake.sent.push({ receiver: p.get('receiver') ?? '', title: p.get('title') ?? '', msg: p.get('msg') ?? '' });
    res.end(gbk('b2d9d7f7b3c9b9a6')); // 操作成功
  });
  const port = await listen(server);
  return Object.assign(fake, { host: '127.0.0.1', port, close: closer(server, hanging) });
}

export interface FakeSmtp {
  port: number;
  received: { from: string; to: string[]; raw: string; user: string }[];
  /** Every login tried, right or wrong: what a listener posing as a mail server would learn. */
  logins: { username: string; password: string }[];
  reject: boolean;
  close(): Promise<void>;
}

/** A real SMTP peer on loopback; with `user` it requires that login (password `pass`); `reject` refuses every message. */
export async function startSmtp(opts: { user?: string; pass?: string } = {}): Promise<FakeSmtp> {
  const fake = { received: [] as FakeSmtp['received'], logins: [] as FakeSmtp['logins'], reject: false };
  const server = new SMTPServer({
    authOptional: !opts.user,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      fake.logins.push({ username: String(auth.username ?? ''), password: String(auth.password ?? '') });
      if (auth.username === opts.user && auth.password === opts.pass) return callback(null, { user: auth.username });
      return callback(new Error('535 Authentication failed'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      stream.on('end', () => {
        if (fake.reject) return callback(new Error('550 mailbox unavailable'));
        fake.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          user: String(session.user ?? ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(fake, { port, close: () => new Promise<void>((r) => server.close(() => r())) });
}
