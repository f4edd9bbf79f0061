// A door device played in software: speaks OpenVisit's device API over HTTP as a QR reader, a card reader, a face
// terminal or a vehicle barrier would, with the device's own credential (never a console session). Installers use it to check a
// site before the hardware is there; the end-to-end tests and the benchmarks use it as the device side.
//
//   node --import tsx tools/device-simulator.ts --server http://host:3000 --device <eid>.<secret> <command> [arguments]
//
// Commands (one JSON line per answer; exit 0 when the door or barrier opened or the call succeeded, 2 when the server
// refused, 1 when it could not be reached or the arguments are wrong):
//   self                           the device's configuration as the server has it (groups, kind, direction, clock)
//   scan <qr text> [--in|--out]    a QR reader's scan: the door's decision (uploadQrcode)
//   card <card no> [--in|--out]    a card reader's read: the door's decision (uploadCard)
//   plate <plate> [--in|--out]     a barrier's plate (uploadVehicleInfo)
//   face [--once] [--every S] [--state FILE] [--pass KIND:ID:in|out]...
//                                  a face terminal: pulls the people it must know (every page), fetches their photos,
//                                  confirms each, keeps its cursor (and people, with their card numbers) in FILE
//                                  between runs; --pass uploads a pass record (`unknown` for a stranger) after the
//                                  first round (face-terminal.ts)
//   run [--heartbeat S] [--control PORT]
//                                  stay on: report every S seconds (default 30) so the monitor sees the device online,
//                                  and take commands on http://127.0.0.1:PORT (0: any free port; printed first):
//                                  GET /self, GET /status, POST /scan {qrcode, direction?}, POST /card {cardNo,
//                                  direction?}, POST /plate {plateNum, direction?}, POST /face/sync, GET /face/people, POST /stop. Stopping the process
//                                  (Ctrl-C, SIGTERM) is the device going dark: the monitor shows it offline after the
//                                  company's threshold.
// --server and --device may also come from OPENVISIT_URL and OPENVISIT_DEVICE.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import process from 'node:process';
import { type Person, syncOnce, terminal, uploadPasses } from './face-terminal.js';

const USAGE =
  'usage: device-simulator --server URL --device EID.SECRET (self | scan TEXT | card CARDNO | plate PLATE | face | run) [--in|--out] [--heartbeat S] [--control PORT] [--once] [--every S] [--state FILE] [--pass KIND:ID:in|out]';

export interface Options {
  server: string;
  device: string;
  command: string;
  args: string[];
  direction?: 1 | 2;
  heartbeat: number;
  control: number;
  once: boolean;
  every: number;
  state?: string;
  passes: string[];
}

export function parseArgs(argv: string[]): Options {
  const o: Options = {
    server: process.env.OPENVISIT_URL ?? '',
    device: process.env.OPENVISIT_DEVICE ?? '',
    command: '',
    args: [],
    heartbeat: 30,
    control: 0,
    once: false,
    every: 30,
    passes: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--server') o.server = next();
    else if (a === '--device') o.device = next();
    else if (a === '--in') o.direction = 1;
    else if (a === '--out') o.direction = 2;
    else if (a === '--heartbeat') o.heartbeat = Number(next());
    else if (a === '--control') o.control = Number(next());
    else if (a === '--once') o.once = true;
    else if (a === '--every') o.every = Number(next());
    else if (a === '--state') o.state = next();
    else if (a === '--pass') o.passes.push(next());
    else if (!o.command) o.command = a;
    else o.args.push(a);
  }
  if (!o.server || !/^\d+\..+$/.test(o.device) || !o.command) throw new Error(USAGE);
  if (!(o.heartbeat > 0) || !(o.every > 0) || !Number.isInteger(o.control) || o.control < 0) throw new Error(USAGE);
  o.server = o.server.replace(/\/+$/, '');
  return o;
}

type Answer = { status: number; reason?: string; result: { open?: boolean } & Record<string, unknown> };

/** The device API: one POST per call, the credential in the Authorization header. */
export function deviceClient(server: string, credential: string) {
  async function call(name: string, body: object = {}): Promise<Answer> {
    const res = await fetch(`${server}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Device ${credential}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Answer;
  }
  return {
    call,
    self: () => call('getDeviceSelf'),
    scan: (qrcode: string, direction?: number) => call('uploadQrcode', { qrcode, ...(direction ? { direction } : {}) }),
    card: (cardNo: string, direction?: number) => call('uploadCard', { cardNo, ...(direction ? { direction } : {}) }),
    plate: (plateNum: string, direction?: number) => call('uploadVehicleInfo', { plateNum, ...(direction ? { direction } : {}) }),
  };
}

/** 0 opened / succeeded, 2 refused. */
const exitOf = (answer: Answer) => (answer.status === 0 && answer.result?.open !== false ? 0 : 2);
const print = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

function passOf(arg: string) {
  const [personKind = 'unknown', id, dir] = arg.split(':');
  return { personKind, ...(id && { personId: Number(id) }), direction: dir === 'out' ? 2 : 1 };
}

/** The face terminal: rounds of sync, its cursor and people kept in `--state` between runs. */
async function face(o: Options): Promise<void> {
  const t = terminal(o.server, o.device);
  if (o.state && fs.existsSync(o.state)) {
    const saved = JSON.parse(fs.readFileSync(o.state, 'utf8')) as { cursor: number; people: Person[] };
    t.cursor = saved.cursor;
    // A state file written before card numbers were synced has none.
    for (const p of saved.people) t.people.set(`${p.personKind}:${p.personId}`, { ...p, cardNo: p.cardNo ?? '' });
  }
  for (let round = 0; ; round++) {
    const r = await syncOnce(t);
    const cards = [...t.people.values()].filter((p) => p.cardNo).length;
    print({ event: 'sync', cursor: t.cursor, ...r, knows: t.people.size, cards });
    if (o.state) fs.writeFileSync(o.state, JSON.stringify({ cursor: t.cursor, people: [...t.people.values()] }));
    if (round === 0 && o.passes.length) print({ event: 'passes', ...(await uploadPasses(t, o.passes.map(passOf))) });
    if (o.once) return;
    await new Promise((resolve) => setTimeout(resolve, o.every * 1000));
  }
}

async function once(o: Options, client: ReturnType<typeof deviceClient>): Promise<Answer> {
  if (o.command === 'self') return client.self();
  const [text] = o.args;
  if (!text) throw new Error(USAGE);
  if (o.command === 'scan') return client.scan(text, o.direction);
  if (o.command === 'card') return client.card(text, o.direction);
  if (o.command === 'plate') return client.plate(text, o.direction);
  throw new Error(USAGE);
}

/** A request's JSON body (small: commands only). */
function bodyOf(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      s += c;
      if (s.length > 64 * 1024) req.destroy(new Error('too large'));
    });
    req.on('end', () => {
      try {
        resolve(s ? (JSON.parse(s) as Record<string, unknown>) : {});
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

async function run(o: Options, client: ReturnType<typeof deviceClient>): Promise<void> {
  const state = { heartbeats: 0, lastHeartbeat: null as number | null, failures: 0 };
  const faceTerminal = terminal(o.server, o.device);
  const beat = async () => {
    try {
      const r = await client.self();
      state.heartbeats += 1;
      state.lastHeartbeat = Date.now();
      if (r.status !== 0) {
        state.failures += 1;
        print({ event: 'heartbeat', status: r.status, reason: r.reason });
      }
    } catch (err) {
      state.failures += 1;
      print({ event: 'heartbeat', error: String(err) });
    }
  };
  await beat();
  const timer = setInterval(beat, o.heartbeat * 1000);
  const direction = (b: Record<string, unknown>) => (b.direction === 2 ? 2 : b.direction === 1 ? 1 : undefined);
  const routes: Record<string, (b: Record<string, unknown>) => Promise<unknown>> = {
    'GET /self': () => client.self(),
    'GET /status': async () => ({ status: 0, result: state }),
    'POST /scan': (b) => client.scan(String(b.qrcode ?? ''), direction(b)),
    'POST /card': (b) => client.card(String(b.cardNo ?? ''), direction(b)),
    'POST /plate': (b) => client.plate(String(b.plateNum ?? ''), direction(b)),
    'POST /face/sync': async () => ({ status: 0, result: { ...(await syncOnce(faceTerminal)), cursor: faceTerminal.cursor } }),
    'GET /face/people': async () => ({ status: 0, result: [...faceTerminal.people.values()] }),
  };
  const stop = () => {
    clearInterval(timer);
    server.close();
    print({ event: 'stopped' });
    process.exit(0);
  };
  const server = http.createServer(async (req, res) => {
    const key = `${req.method} ${req.url}`;
    try {
      if (key === 'POST /stop') {
        res.end('{"status":0}');
        return stop();
      }
      const route = routes[key];
      if (!route) {
        res.statusCode = 404;
        return res.end('{"status":404}');
      }
      const answer = await route(req.method === 'POST' ? await bodyOf(req) : {});
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    } catch (err) {
      res.statusCode = 502;
      res.end(JSON.stringify({ status: -1, reason: String(err) }));
    }
  });
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  server.listen(o.control, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    print({ event: 'ready', control: `http://127.0.0.1:${port}`, heartbeats: state.heartbeats });
  });
}

async function main(): Promise<void> {
  let o: Options;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  const client = deviceClient(o.server, o.device);
  try {
    if (o.command === 'run') return await run(o, client);
    if (o.command === 'face') return await face(o);
    const answer = await once(o, client);
    print(answer);
    process.exit(exitOf(answer));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
