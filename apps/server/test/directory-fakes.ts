import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the directory providers, on 127.0.0.1 and a free port, answering the shapes the real
 * services answer: DingTalk's open API (gettoken, topapi/v2/department/listsub, topapi/v2/user/list with cursor
 * paging, errcode/errmsg refusals) and an RTX server's SDK CGIs (XML lists, GBK when asked, «IP受限制»).
 */

export interface FakeDingTalkUser {
  userid: string;
  name: string;
  mobile?: string;
  job_number?: string;
  title?: string;
  email?: string;
  dept_id_list: number[];
}

export interface FakeDingTalk {
  url: string;
  appKey: string;
  secret: string;
  /** dept_id → children (1 is the company). */
  departments: Map<number, { dept_id: number; name: string }[]>;
  users: FakeDingTalkUser[];
  /** 'ok', or how the fake misbehaves: HTTP 502, never answering, an oversized answer. */
  mode: 'ok' | 'down' | 'hang' | 'huge';
  /** Request paths seen (without query), to count pages. */
  seen: string[];
  close(): Promise<void>;
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => {
      s += c.toString('utf8');
    });
    req.on('end', () => resolve(s));
  });
}

export async function startFakeDingTalk(): Promise<FakeDingTalk> {
  const tokens = new Set<string>();
  let issued = 0;
  const hanging = new Set<http.ServerResponse>();
  const fake = {
    appKey: 'dingkey7x2p',
    secret: 'S3cret-Value-9f8e',
    departments: new Map<number, { dept_id: number; name: string }[]>(),
    users: [] as FakeDingTalkUser[],
    mode: 'ok' as FakeDingTalk['mode'],
    seen: [] as string[],
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.seen.push(url.pathname);
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (fake.mode === 'down') {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
      return;
    }
    if (fake.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (fake.mode === 'huge') {
      send({ errcode: 0, errmsg: 'ok', access_token: 'x', padding: 'x'.repeat(200_000) });
      return;
    }
    if (url.pathname === '/gettoken') {
      if (url.searchParams.get('appkey') !== fake.appKey || url.searchParams.get('appsecret') !== fake.secret) {
        send({ errcode: 40089, errmsg: '不合法的corpid或corpsecret' });
        return;
      }
      const token = `tok-${++issued}`;
      tokens.add(token);
      send({ errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(404);
      res.end();
      return;
    }
    const body = JSON.parse((await readBody(req)) || '{}') as { dept_id?: number; cursor?: number; size?: number };
    if (!tokens.has(url.searchParams.get('access_token') ?? '')) {
      send({ errcode: 40014, errmsg: '不合法的access_token' });
      return;
    }
    if (url.pathname === '/topapi/v2/department/listsub') {
      const list = fake.departments.get(body.dept_id ?? 1) ?? [];
      send({ errcode: 0, errmsg: 'ok', request_id: 'r1', result: list.map((d) => ({ ...d, parent_id: body.dept_id ?? 1, auto_add_user: true })) });
      return;
    }
    if (url.pathname === '/topapi/v2/user/list') {
      const size = Math.min(body.size ?? 100, 100);
      const cursor = body.cursor ?? 0;
      const members = fake.users.filter((u) => u.dept_id_list.includes(body.dept_id ?? 1));
      const page = members.slice(cursor, cursor + size);
      const more = cursor + size < members.length;
      send({
        errcode: 0,
        errmsg: 'ok',
        request_id: 'r2',
        result: {
          has_more: more,
          ...(more ? { next_cursor: cursor + size } : {}),
          list: page.map((u) => ({
            userid: u.userid,
            unionid: `union-${u.userid}`,
            name: u.name,
            ...(u.mobile ? { mobile: u.mobile, state_code: '86' } : {}),
            job_number: u.job_number ?? '',
            title: u.title ?? '',
            email: u.email ?? '',
            dept_id_list: u.dept_id_list,
            active: true,
            admin: false,
            boss: false,
            leader: false,
            hide_mobile: false,
          })),
        },
      });
      return;
    }
    send({ errcode: 404, errmsg: 'not found' });
  });
  const url = await listen(server);
  return Object.assign(fake, {
    url,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

export interface FakeRtxUser {
  account: string;
  name: string;
  mobile?: string;
  email?: string;
  phone?: string;
}

export interface FakeRtx {
  host: string;
  port: number;
  /** deptid → children (0 is the root). */
  departments: Map<string, { id: string; name: string }[]>;
  /** deptid → users. */
  users: Map<string, FakeRtxUser[]>;
  /** Answer «IP受限制» (GBK) as a server not allowing our address does. */
  restricted: boolean;
  /** Requests received, of any kind. */
  requests: number;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** 张三 in GBK: the fake answers one department in GB2312, as a Chinese Windows RTX server would. */
const GBK_ZHANG_SAN = Buffer.from('d5c5c8fd', 'hex');

export async function startFakeRtx(): Promise<FakeRtx> {
  const fake = {
    departments: new Map<string, { id: string; name: string }[]>(),
    users: new Map<string, FakeRtxUser[]>(),
    restricted: false,
    requests: 0,
  };
  const server = http.createServer((req, res) => {
    fake.requests++;
    const url = new URL(req.url ?? '/', 'http://fake');
    if (fake.restricted) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(Buffer.from('4950cadccfded6c6', 'hex')); // «IP受限制» in GBK
      return;
    }
    if (url.pathname !== '/DeptManager.cgi') {
      res.writeHead(404);
      res.end();
      return;
    }
    const deptid = url.searchParams.get('deptid') ?? '0';
    const mode = url.searchParams.get('mode');
    if (mode === 'GetChildDepts') {
      const items = (fake.departments.get(deptid) ?? []).map((d) => `<Department ID="${d.id}" Name="${esc(d.name)}"/>`).join('');
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(`<?xml version="1.0" encoding="utf-8"?>\r\n<Departments>${items}</Departments>`);
      return;
    }
    if (mode === 'GetDeptUsers') {
      const users = fake.users.get(deptid) ?? [];
      // Users named 张三 are answered in GB2312 (no charset in the header, only in the XML declaration).
      if (users.some((u) => u.name === '张三')) {
        const parts: Buffer[] = [Buffer.from('<?xml version="1.0" encoding="gb2312"?><Users>', 'latin1')];
        for (const u of users) {
          parts.push(Buffer.from(`<User UserName="${esc(u.account)}" Name="`, 'latin1'));
          parts.push(u.name === '张三' ? GBK_ZHANG_SAN : Buffer.from(esc(u.name), 'latin1'));
          parts.push(Buffer.from(`" Mobile="${u.mobile ?? ''}" Email="${esc(u.email ?? '')}" Phone="${u.phone ?? ''}" Gender="0"/>`, 'latin1'));
        }
        parts.push(Buffer.from('</Users>', 'latin1'));
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(Buffer.concat(parts));
        return;
      }
      const items = users
        .map(
          (u) =>
            `<User UserName="${esc(u.account)}" Name="${esc(u.name)}" Mobile="${u.mobile ?? ''}" Email="${esc(u.email ?? '')}" Phone="${u.phone ?? ''}" Gender="1"/>`,
        )
        .join('');
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(`<?xml version="1.0" encoding="utf-8"?><Users>${items}</Users>`);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('params is null');
  });
  const url = await listen(server);
  const port = Number(new URL(url).port);
  return Object.assign(fake, {
    host: '127.0.0.1',
    port,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  const url = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return Number(new URL(url).port);
}
