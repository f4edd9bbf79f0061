/**
 * SCIM filters (RFC 7644 §3.4.2.2): `userName eq "bjensen"`, `emails[type eq "work"].value co "@example.com"`,
 * `members.value eq "12"`, `not (active eq false) and meta.lastModified gt "2026-01-01T00:00:00Z"`. Parsed into a tree
 * and evaluated against a resource's SCIM representation, so every attribute a resource answers can be filtered on.
 * Attribute names compare in any case; string values in any case unless the attribute is case-exact (`id`,
 * `externalId`, `meta.version`).
 */
export type Filter =
  | { op: 'and' | 'or'; left: Filter; right: Filter }
  | { op: 'not'; of: Filter }
  | { op: 'pr'; path: string[] }
  | { op: Compare; path: string[]; value: Value }
  | { op: 'has'; path: string[]; where: Filter };

type Compare = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
type Value = string | number | boolean | null;

export class FilterError extends Error {}

const COMPARES = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const CASE_EXACT = new Set(['id', 'externalid', 'meta.version']);
const CORE_SCHEMAS = new Set(['urn:ietf:params:scim:schemas:core:2.0:user', 'urn:ietf:params:scim:schemas:core:2.0:group']);
/** A filter longer than this is refused: providers send a clause or two. */
const MAX_LENGTH = 2000;
const MAX_DEPTH = 20;

type Token = { kind: 'word' | 'string' | 'number' | '(' | ')' | '[' | ']'; text: string };

function tokens(input: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if ('()[]'.includes(c)) {
      out.push({ kind: c as Token['kind'], text: c });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      while (j < input.length && input[j] !== '"') {
        if (input[j] === '\\' && j + 1 < input.length) j++;
        text += input[j];
        j++;
      }
      if (j >= input.length) throw new FilterError('A string in the filter is not closed');
      out.push({ kind: 'string', text });
      i = j + 1;
    } else {
      const m = /^[^\s()[\]"]+/.exec(input.slice(i));
      const text = m?.[0] ?? c;
      out.push({ kind: /^-?\d+(\.\d+)?$/.test(text) ? 'number' : 'word', text });
      i += text.length;
    }
  }
  return out;
}

/** The filter's tree; FilterError (answered 400 invalidFilter) for anything RFC 7644's grammar does not allow. */
export function parseFilter(input: string): Filter {
  if (input.length > MAX_LENGTH) throw new FilterError('The filter is too long');
  const list = tokens(input);
  let at = 0;
  const peek = () => list[at];
  const word = (t: Token | undefined, w: string) => t?.kind === 'word' && t.text.toLowerCase() === w;
  const expect = (kind: Token['kind']) => {
    if (peek()?.kind !== kind) throw new FilterError(`Expected "${kind}" in the filter`);
    at++;
  };
  // `urn:…:enterprise:2.0:User:employeeNumber` names an extension's attribute; the core schemas' URNs may prefix theirs.
  const pathOf = (text: string): string[] => {
    let urn: string[] = [];
    let rest = text;
    if (/^urn:/i.test(text)) {
      const cut = text.lastIndexOf(':');
      const schema = text.slice(0, cut).toLowerCase();
      urn = CORE_SCHEMAS.has(schema) ? [] : [schema];
      rest = text.slice(cut + 1);
    }
    if (!/^[A-Za-z$][\w$-]*(\.[A-Za-z$][\w$-]*)*$/.test(rest)) throw new FilterError(`"${text}" is not an attribute`);
    return [...urn, ...rest.toLowerCase().split('.')];
  };
  const value = (): Value => {
    const t = peek();
    at++;
    if (t?.kind === 'string') return t.text;
    if (t?.kind === 'number') return Number(t.text);
    if (word(t, 'true')) return true;
    if (word(t, 'false')) return false;
    if (word(t, 'null')) return null;
    throw new FilterError('Expected a value (a "string", a number, true, false or null) in the filter');
  };
  const or = (depth: number): Filter => {
    if (depth > MAX_DEPTH) throw new FilterError('The filter nests too deep');
    let left = and(depth);
    while (word(peek(), 'or')) {
      at++;
      left = { op: 'or', left, right: and(depth) };
    }
    return left;
  };
  const and = (depth: number): Filter => {
    let left = unary(depth);
    while (word(peek(), 'and')) {
      at++;
      left = { op: 'and', left, right: unary(depth) };
    }
    return left;
  };
  const unary = (depth: number): Filter => {
    const t = peek();
    if (word(t, 'not')) {
      at++;
      expect('(');
      const of = or(depth + 1);
      expect(')');
      return { op: 'not', of };
    }
    if (t?.kind === '(') {
      at++;
      const inner = or(depth + 1);
      expect(')');
      return inner;
    }
    if (t?.kind !== 'word') throw new FilterError('Expected an attribute in the filter');
    at++;
    const path = pathOf(t.text);
    if (peek()?.kind === '[') {
      at++;
      const where = or(depth + 1);
      expect(']');
      const sub = peek();
      if (sub?.kind === 'word' && sub.text.startsWith('.')) {
        // `emails[type eq "work"].value eq "…"`: the bracket chooses the values, the rest compares one of their attributes.
        at++;
        const rest = compareOf(sub.text.slice(1).toLowerCase().split('.'));
        return { op: 'has', path, where: { op: 'and', left: where, right: rest } };
      }
      return { op: 'has', path, where };
    }
    return compareOf(path);
  };
  const compareOf = (path: string[]): Filter => {
    const t = peek();
    const op = t?.kind === 'word' ? t.text.toLowerCase() : '';
    at++;
    if (op === 'pr') return { op: 'pr', path };
    if (!COMPARES.has(op)) throw new FilterError(`"${t?.text ?? ''}" is not a filter operator`);
    return { op: op as Compare, path, value: value() };
  };
  const tree = or(0);
  if (at !== list.length) throw new FilterError(`Unexpected "${peek()?.text}" in the filter`);
  return tree;
}

/** The values at a path of a resource (lower-case names), multi-valued attributes flattened. */
function valuesAt(node: unknown, path: string[]): unknown[] {
  if (!path.length) return Array.isArray(node) ? node : [node];
  if (Array.isArray(node)) return node.flatMap((n) => valuesAt(n, path));
  if (!node || typeof node !== 'object') return [];
  const [head, ...rest] = path;
  const key = Object.keys(node).find((k) => k.toLowerCase() === head);
  if (key === undefined) return [];
  return valuesAt((node as Record<string, unknown>)[key], rest);
}

function compare(op: Compare, actual: unknown, expected: Value, caseExact: boolean): boolean {
  if (actual && typeof actual === 'object' && 'value' in actual) return compare(op, (actual as { value: unknown }).value, expected, caseExact);
  if (expected === null) return op === 'eq' ? actual === null || actual === undefined : op === 'ne' && actual !== null && actual !== undefined;
  if (typeof expected === 'boolean') {
    const a = typeof actual === 'string' ? actual.toLowerCase() === 'true' : actual;
    if (op === 'eq') return a === expected;
    if (op === 'ne') return a !== expected;
    throw new FilterError(`"${op}" does not compare true or false`);
  }
  if (typeof expected === 'number') {
    const a = Number(actual);
    if (Number.isNaN(a)) return op === 'ne';
    return {
      eq: a === expected,
      ne: a !== expected,
      gt: a > expected,
      ge: a >= expected,
      lt: a < expected,
      le: a <= expected,
      co: false,
      sw: false,
      ew: false,
    }[op];
  }
  if (typeof actual !== 'string') return op === 'ne';
  const [a, e] = caseExact ? [actual, expected] : [actual.toLowerCase(), expected.toLowerCase()];
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return a.includes(e);
    case 'sw':
      return a.startsWith(e);
    case 'ew':
      return a.endsWith(e);
    // Timestamps (`meta.lastModified gt "…"`) are ISO 8601 in UTC, which order as text.
    case 'gt':
      return a > e;
    case 'ge':
      return a >= e;
    case 'lt':
      return a < e;
    case 'le':
      return a <= e;
  }
}

/** Whether a resource (its SCIM representation) passes the filter. */
export function matches(filter: Filter, resource: unknown): boolean {
  switch (filter.op) {
    case 'and':
      return matches(filter.left, resource) && matches(filter.right, resource);
    case 'or':
      return matches(filter.left, resource) || matches(filter.right, resource);
    case 'not':
      return !matches(filter.of, resource);
    case 'pr':
      return valuesAt(resource, filter.path).some((v) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length));
    case 'has':
      return valuesAt(resource, filter.path).some((v) => matches(filter.where, v));
    default: {
      const caseExact = CASE_EXACT.has(filter.path.join('.'));
      const found = valuesAt(resource, filter.path);
      if (filter.op === 'ne') return !found.some((v) => compare('eq', v, filter.value, caseExact));
      return found.some((v) => compare(filter.op as Compare, v, filter.value, caseExact));
    }
  }
}
