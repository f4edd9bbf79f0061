// The simulator's test controls over HTTP, for a test or an e2e run that starts it as a separate process (the CLI):
// JSON in, JSON out, under /__sim/ on the simulator's own address. Not part of WeCom. docs/protocols/wecom.md lists them.
import type { Answer, ApiReq, Json } from './wecom-sim.api.js';
import type { WeComSim } from './wecom-sim.js';

const out = (body: unknown, status = 200): Answer => ({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

type Op = (sim: WeComSim, b: Json, q: URLSearchParams) => unknown;
const OPS: Record<string, Op> = {
  'GET sent': (sim) => sim.sent.map(({ body: _body, ...m }) => m),
  'GET card': (sim, _b, q) => sim.card(q.get('id') ?? '') ?? null,
  'GET deliveries': (sim) =>
    sim.deliveries.map(({ fields, attempts, delivered, answer, answerError, ms }) => ({ fields, attempts, delivered, answer, answerError, ms })),
  'POST press': async (sim, b) => {
    const { delivery: _d, ...r } = await sim.press({
      taskId: str(b.taskId) || undefined,
      msgid: str(b.msgid) || undefined,
      userId: str(b.userId),
      key: str(b.key),
    });
    return r;
  },
  'POST code': (sim, b) => ({ code: b.openId ? sim.codeForOpenId(str(b.openId)) : sim.codeFor(str(b.userId)) }),
  'POST users': (sim, b) => sim.addUser(b as Parameters<WeComSim['addUser']>[0]),
  'PATCH users': (sim, b) => sim.updateUser(str(b.userid), b),
  'DELETE users': (sim, _b, q) => sim.removeUser(q.get('userid') ?? ''),
  'POST departments': (sim, b) => sim.addDepartment(b as Parameters<WeComSim['addDepartment']>[0]),
  'POST callback': (sim, b) =>
    sim.setCallback(
      Number(b.agentId ?? sim.agentId),
      b.url ? { url: str(b.url), token: str(b.token) || undefined, encodingAESKey: str(b.encodingAESKey) || undefined } : null,
      { verify: b.verify !== false },
    ),
  'POST contact-sync': (sim, b) =>
    sim.setContactSync(b.url ? { url: str(b.url), token: str(b.token) || undefined, encodingAESKey: str(b.encodingAESKey) || undefined } : null, {
      verify: b.verify !== false,
      fullFields: b.fullFields === true,
    }),
  'POST fail': (sim, b) =>
    sim.fail(str(b.kind) || '*', {
      status: Number(b.status) || undefined,
      errcode: typeof b.errcode === 'number' ? b.errcode : undefined,
      times: Number(b.times) || 1,
    }),
  'POST expire-tokens': (sim) => sim.expireTokens(),
  'POST settled': (sim) => sim.settled(),
};

/** Runs one control; a thrown error (an unknown user, a card without that button…) answers 400 with its message. */
export function controlRoute(sim: WeComSim): (r: ApiReq) => Promise<Answer> {
  return async (r) => {
    const op = OPS[`${r.method} ${r.path.slice('/__sim/'.length)}`];
    if (!op) return out({ error: `no control ${r.method} ${r.path}` }, 404);
    try {
      return out((await op(sim, r.json ?? {}, r.query)) ?? { ok: true });
    } catch (e) {
      return out({ error: (e as Error).message }, 400);
    }
  };
}
