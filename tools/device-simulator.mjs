#!/usr/bin/env node
// A door device played in software: speaks OpenVisit's device API over HTTP as a QR reader, a face terminal or a
// vehicle barrier would, with the device's own credential (never a console session). Installers use it to check a
// site before the hardware is there; the end-to-end tests and the benchmarks use it as the device side.
//
//   node tools/device-simulator.mjs --server http://host:3000 --device <eid>.<secret> <command> [arguments]
//
// Commands (each prints one JSON line per answer; exit 0 when the door or barrier opened or the call succeeded, 2 when
// the server refused, 1 when it could not be reached or the arguments are wrong):
//   self                           the device's configuration as the server has it (groups, kind, direction, clock)
//   scan <qr text> [--in|--out]    a QR reader's scan: the door's decision (uploadQrcode)
//   plate <plate> [--in|--out]     a barrier's plate (uploadVehicleInfo)
//   run [--heartbeat S] [--control PORT]
//                                  stay on: report every S seconds (default 30) so the monitor sees the device online,
//                                  and take commands on http://127.0.0.1:PORT (0: any free port; printed first):
//                                  GET /self, GET /status, POST /scan {qrcode, direction?}, POST /plate {plateNum,
//                                  direction?}, POST /stop. Stopping the process (Ctrl-C, SIGTERM) is the device
//                                  going dark: the monitor shows it offline after the company's threshold.
// --server and --device may also come from OPENVISIT_URL and OPENVISIT_DEVICE.
import http from 'node:http';
import process from 'node:process';

const USAGE =
  'usage: device-simulator --server URL --device EID.SECRET (self | scan TEXT | plate PLATE | run) [--in|--out] [--heartbeat S] [--control PORT]';

/** @param {string[]} argv */
export function parseArgs(argv) {
  /** @type {{ server: string, device: string, command: string, args: string[], direction?: 1|2, heartbeat: number, control: number }} */
  const o = { server: process.env.OPENVISIT_URL ?? '', device: process.env.OPENVISIT_DEVICE ?? '', command: '', args: [], heartbeat: 30, control: 0 };
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
    else if (!o.command) o.command = a;
    else o.args.push(a);
  }
  if (!o.server || !/^\d+\..+$/.test(o.device) || !o.command) throw new Error(USAGE);
  if (!(o.heartbeat > 0) || !Number.isInteger(o.control) || o.control < 0) throw new Error(USAGE);
  o.server = o.server.replace(/\/+$/, '');
  return o;
}

/** The device API: one POST per call, the credential in the Authorization header. */
export function deviceClient(server, credential) {
  /** @returns {Promise<{ status: number, reason?: string, result: any }>} */
  async function call(name, body = {}) {
    const res = await fetch(`${server}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Device ${credential}` },
      body: JSON.stringify(body),
    });
    return /** @type {any} */ (await res.json());
  }
  return {
    call,
    self: () => call('getDeviceSelf'),
    scan: (qrcode, direction) => call('uploadQrcode', { qrcode, ...(direction ? { direction } : {}) }),
    plate: (plateNum, direction) => call('uploadVehicleInfo', { plateNum, ...(direction ? { direction } : {}) }),
  };
}

/** 0 opened / succeeded, 2 refused. */
const exitOf = (answer) => (answer.status === 0 && answer.result?.open !== false ? 0 : 2);
const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function once(o, client) {
  if (o.command === 'self') return client.self();
  const [text] = o.args;
  if (!text) throw new Error(USAGE);
  if (o.command === 'scan') return client.scan(text, o.direction);
  if (o.command === 'plate') return client.plate(text, o.direction);
  throw new Error(USAGE);
}

/** Reads a request's JSON body (small: commands only). */
function bodyOf(req) {
  return new Promise((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      s += c;
      if (s.length > 64 * 1024) req.destroy(new Error('too large'));
    });
    req.on('end', () => {
      try {
        resolve(s ? JSON.parse(s) : {});
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

async function run(o, client) {
  const state = { heartbeats: 0, lastHeartbeat: null, lastAnswer: null, failures: 0 };
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
  const routes = {
    'GET /self': () => client.self(),
    'GET /status': async () => ({ status: 0, result: state }),
    'POST /scan': async (b) => client.scan(String(b.qrcode ?? ''), b.direction),
    'POST /plate': async (b) => client.plate(String(b.plateNum ?? ''), b.direction),
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
      state.lastAnswer = answer;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    } catch (err) {
      res.statusCode = 502;
      res.end(JSON.stringify({ status: -1, reason: String(err) }));
    }
  });
  const stop = () => {
    clearInterval(timer);
    server.close();
    print({ event: 'stopped' });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  server.listen(o.control, '127.0.0.1', () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    print({ event: 'ready', control: `http://127.0.0.1:${port}`, heartbeats: state.heartbeats });
  });
}

async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  const client = deviceClient(o.server, o.device);
  if (o.command === 'run') return run(o, client);
  try {
    const answer = await once(o, client);
    print(answer);
    process.exit(exitOf(answer));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
