import type { CallDef, DownloadDef } from '@openvisit/contract';
import { Status, statusInfo } from '@openvisit/contract';
import type { LightMyRequestResponse } from 'fastify';

// Inputs and mutations of the generated fuzz test (fuzz.test.ts), read from each call's zod schema.

/** FUZZ_SEED replays a run: every choice of mutation is drawn from it. */
export const SEED = Number(process.env.FUZZ_SEED) || 20261125;

/** mulberry32: small, seeded, good enough to choose mutations. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const seedOf = (name: string) => [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, SEED);

// ---------------------------------------------------------------------------------------------------------------------
// A plausible valid input, read from the zod schema and repaired until it parses (or as close as the repair gets), so
// the mutations reach the handlers and the database instead of stopping at another field's validation.
// ---------------------------------------------------------------------------------------------------------------------

type Def = { type: string; [k: string]: unknown };
type Schema = { _zod: { def: Def } };
export const defOf = (s: unknown): Def => (s as Schema)._zod.def;

function sample(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 6) return undefined;
  switch (def.type) {
    case 'string':
      return 'fuzz';
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = sample(v, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array':
      return [sample(def.element, depth + 1)].filter((v) => v !== undefined);
    case 'tuple':
      return (def.items as unknown[]).map((i) => sample(i, depth + 1));
    case 'record':
      return {};
    case 'union':
      return sample((def.options as unknown[])[0], depth + 1);
    case 'intersection':
      return { ...(sample(def.left, depth + 1) as object), ...(sample(def.right, depth + 1) as object) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, depth + 1);
    case 'pipe':
      return sample(def.in, depth + 1);
    case 'lazy':
      return sample((def.getter as () => unknown)(), depth + 1);
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** Values tried, in order, for a field its sample does not satisfy (`undefined` removes the field). */
const CANDIDATES: unknown[] = [
  'fuzz@example.com',
  '13800138000',
  'Secret#2026x',
  'Fuzz Person',
  '11010519491231002X',
  '2026-01-01',
  '08:00',
  '18:00',
  '123456',
  // An opaque link token (invitations' secid).
  'Fz0123456789abcdefghijKLMNOPQRS_-x',
  '1',
  1,
  2,
  0,
  true,
  'abcdef',
  'a',
  '#336699',
  'https://example.com',
  'LFT_fuzz',
  // A mainland plate (logistics bookings) and a bilingual name ('中文#English': logistics types).
  '粤B12345',
  '货运#Freight',
  // A stored photo's key (logistics photos).
  '00000000-0000-4000-8000-000000000000',
  Date.now() + 86_400_000,
  // Later than the one before, for an end that must follow a start.
  Date.now() + 2 * 86_400_000,
  [],
  {},
  null,
  undefined,
];

function setAt(root: Record<string, unknown>, path: PropertyKey[], value: unknown): void {
  let node: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key as string];
    if (typeof next !== 'object' || next === null) return;
    node = next as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

export function validInput(schema: CallDef['input']): Record<string, unknown> {
  const input = (sample(schema) ?? {}) as Record<string, unknown>;
  // The company comes from the session; a body userid is only compared with it (and fuzzed like any other field).
  delete input.userid;
  const tried = new Map<string, number>();
  for (let round = 0; round < 60; round++) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return input;
    const issue = parsed.error.issues.find((i) => i.path.length > 0 && (tried.get(i.path.join('.')) ?? 0) < CANDIDATES.length);
    if (!issue) return input;
    const key = issue.path.join('.');
    const n = tried.get(key) ?? 0;
    tried.set(key, n + 1);
    setAt(input, issue.path, CANDIDATES[n]);
  }
  return input;
}

// ---------------------------------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------------------------------

export const INT4_PAST = 2147483648;
const HOSTILE_STRINGS = ['x\u0000', '\u0000', 'a\uD800', '\uDC00b', 'x\uD83D'];
const HOSTILE_NUMBERS = [INT4_PAST, -2147483649, 2 ** 53, 1e300, -1, 0, 32768, 1.5];
const CONFUSED = ['abc', 'x\u0000', INT4_PAST, -1, 1.5, true, null, {}, [], [INT4_PAST], { a: 'x\u0000' }, ['x\u0000'], '2147483648'];

type Leaf = { path: string[]; value: unknown };

function leaves(value: unknown, path: string[] = []): Leaf[] {
  if (Array.isArray(value)) return [{ path, value }, ...value.slice(0, 2).flatMap((v, i) => leaves(v, [...path, String(i)]))];
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value }];
}

function withValue(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  if (path.length === 0) return copy;
  setAt(copy, path, value);
  return copy;
}

/** The JSON bodies sent to a call: per field, the hostile values its type invites and a few chosen at random. */
export function bodies(call: CallDef, base: Record<string, unknown>): unknown[] {
  const rnd = prng(seedOf(call.name));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const out: unknown[] = [base, {}];
  const shape = Object.keys((defOf(call.input).shape as Record<string, unknown>) ?? {});
  const fields = leaves(base).filter((l) => l.path.length > 0);
  // Fields the sample left out (optional ones it could not satisfy) still get hostile values.
  for (const key of shape) if (!(key in base)) fields.push({ path: [key], value: undefined });
  for (const { path, value } of fields.slice(0, 20)) {
    if (typeof value === 'string')
      out.push(withValue(base, path, `${value}\u0000`), withValue(base, path, `${value}${pick(HOSTILE_STRINGS.slice(2))}`));
    else if (typeof value === 'number')
      out.push(withValue(base, path, INT4_PAST), withValue(base, path, 32768), withValue(base, path, pick(HOSTILE_NUMBERS)));
    else if (Array.isArray(value)) {
      const item = value[0] ?? 1;
      // Huge, yet under the body limit (a 413 is the transport's answer, not what is tested here).
      const length = Math.min(20_000, Math.floor(500_000 / (JSON.stringify(item).length + 1)));
      out.push(
        withValue(
          base,
          path,
          Array.from({ length }, () => item),
        ),
        withValue(base, path, [pick(HOSTILE_STRINGS), INT4_PAST]),
      );
    } else out.push(withValue(base, path, pick(HOSTILE_STRINGS)));
    out.push(withValue(base, path, pick(CONFUSED)));
  }
  // Unknown keys carrying hostile values (a handler reading raw input, a record or passthrough field).
  out.push({ ...base, ['fuzz\u0000']: 'x\u0000', extra: { nested: ['\uD800'] } });
  return out;
}

/** Raw requests: bodies JSON cannot express as objects, prototype keys, wrong content types. */
export function rawRequests(base: Record<string, unknown>): { payload?: string; contentType?: string }[] {
  const json = JSON.stringify(base);
  const inner = json.length > 2 ? `,${json.slice(1, -1)}` : '';
  return [
    { payload: `{"__proto__":{"isAdmin":true,"userid":1}${inner}}`, contentType: 'application/json' },
    { payload: `{"constructor":{"prototype":{"isAdmin":true}}${inner}}`, contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
    {},
    { payload: 'null', contentType: 'application/json' },
    { payload: '[1,2]', contentType: 'application/json' },
    { payload: '"x\\u0000"', contentType: 'application/json' },
    { payload: '{"a":', contentType: 'application/json' },
    { payload: '{"vid":1e999}', contentType: 'application/json' },
    { payload: json, contentType: 'text/plain' },
    { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
    { payload: json, contentType: 'multipart/form-data' },
  ];
}

const BOUNDARY = 'fuzzboundary';
export function multipartRequests(base: Record<string, unknown>): { payload: Buffer | string; contentType: string }[] {
  const fields = Object.entries(base)
    .filter(([, v]) => typeof v !== 'object')
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\u0000\r\n`)
    .join('');
  const filePart = (name: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004junk`;
  const whole = (name: string) => `${fields}${filePart(name)}\r\n--${BOUNDARY}--\r\n`;
  const ct = `multipart/form-data; boundary=${BOUNDARY}`;
  return [
    { payload: whole('a.xlsx'), contentType: 'multipart/form-data' },
    { payload: whole('a.xlsx'), contentType: 'multipart/form-data; boundary=' },
    { payload: whole('a.xlsx').slice(0, -20), contentType: ct },
    { payload: `${fields}${filePart('a.zip')}`, contentType: ct },
    { payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`, contentType: ct },
    { payload: whole('a.xlsx'), contentType: ct },
    { payload: whole('a.zip'), contentType: ct },
    { payload: whole('a.png'), contentType: ct },
    { payload: whole('..\u0000.exe'), contentType: ct },
    { payload: `--${BOUNDARY}--\r\n`, contentType: ct },
    { payload: '', contentType: ct },
    { payload: JSON.stringify(base), contentType: 'application/json' },
  ];
}

// ---------------------------------------------------------------------------------------------------------------------
// Judging an answer
// ---------------------------------------------------------------------------------------------------------------------

/** Null when the answer is acceptable, otherwise what is wrong with it. */
export function judge(res: LightMyRequestResponse, download = false): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode} ${res.body.slice(0, 160)}`;
  if (download && res.statusCode === 200 && !String(res.headers['content-type']).startsWith('application/json')) return null;
  let body: { status?: unknown; reason?: unknown; result?: unknown };
  try {
    body = res.json();
  } catch {
    return `HTTP ${res.statusCode}, not JSON: ${res.body.slice(0, 120)}`;
  }
  if (typeof body.status !== 'number' || typeof body.reason !== 'string' || !('result' in body))
    return `HTTP ${res.statusCode}, not the envelope: ${res.body.slice(0, 120)}`;
  if (body.status === Status.SERVER_ERROR || !statusInfo(body.status))
    return `HTTP ${res.statusCode}, status ${body.status} is not in the catalogue: ${res.body.slice(0, 120)}`;
  return null;
}

export const show = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return (s ?? String(v)).length > 300 ? `${(s ?? '').slice(0, 300)}…` : s;
};

type Row = Record<string, unknown>;

/** A top-level input field that takes a row id: an integer or a list of integers, named like an id. */
export function idFields(call: CallDef | DownloadDef): { key: string; list: boolean }[] {
  const unwrap = (s: unknown): Row => {
    let d = defOf(s);
    while (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'pipe'].includes(d.type))
      d = defOf(d.type === 'pipe' ? d.in : d.innerType);
    return d;
  };
  const shape = (unwrap(call.input).shape as Record<string, unknown> | undefined) ?? {};
  return Object.entries(shape).flatMap(([key, s]): { key: string; list: boolean }[] => {
    if (key === 'userid' || !/(id|ids|Id|Ids)$/.test(key)) return [];
    const d = unwrap(s);
    const isInt = (x: Row) => x.type === 'number' || (x.type === 'union' && (x.options as unknown[]).some((o) => unwrap(o).type === 'number'));
    if (isInt(d)) return [{ key, list: false }];
    if (d.type === 'array' && isInt(unwrap(d.element))) return [{ key, list: true }];
    return [];
  });
}
