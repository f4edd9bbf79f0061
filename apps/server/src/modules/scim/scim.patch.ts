import { type Filter, FilterError, matches, parseFilter } from './scim.filter.js';

/**
 * SCIM PATCH (RFC 7644 §3.5.2) applied to a resource's SCIM representation, which the caller then saves as a whole
 * (as a PUT): `add`, `replace` and `remove`, with or without a path; a path is `attr`, `attr.sub`, `attr[filter]` or
 * `attr[filter].sub`, optionally behind a schema's URN. Operation names in any case and `"True"`/`"False"` strings are
 * read as providers send them (Microsoft Entra ID does both).
 */
export class PatchError extends Error {
  constructor(
    readonly scimType: 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidSyntax',
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
interface Path {
  /** The attribute (its URN first for an extension's), lower case. */
  attr: string[];
  where?: Filter;
  sub?: string;
}

const CORE = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;

function parsePath(text: string): Path {
  let rest = text.replace(CORE, '');
  let urn: string[] = [];
  if (/^urn:/i.test(rest)) {
    const bracket = rest.indexOf('[');
    const cut = (bracket >= 0 ? rest.slice(0, bracket) : rest).lastIndexOf(':');
    urn = [rest.slice(0, cut).toLowerCase()];
    rest = rest.slice(cut + 1);
  }
  const m = /^([A-Za-z$][\w$-]*)(?:\.([A-Za-z$][\w$-]*))?(?:\[(.*)\](?:\.([A-Za-z$][\w$-]*))?)?$/.exec(rest);
  if (!m?.[1]) throw new PatchError('invalidPath', `"${text}" is not an attribute path`);
  const [, name, dotted, filter, afterFilter] = m;
  if (dotted && filter !== undefined) throw new PatchError('invalidPath', `"${text}" is not an attribute path`);
  let where: Filter | undefined;
  if (filter !== undefined) {
    try {
      where = parseFilter(filter);
    } catch (err) {
      throw new PatchError('invalidPath', err instanceof FilterError ? err.message : `"${text}" is not an attribute path`);
    }
  }
  return { attr: [...urn, name.toLowerCase(), ...(dotted ? [dotted.toLowerCase()] : [])], where, sub: afterFilter?.toLowerCase() };
}

/** The key of `name` in `node` whatever its case, or `name` itself when absent. */
function keyOf(node: Json, name: string): string {
  return Object.keys(node).find((k) => k.toLowerCase() === name) ?? name;
}

/** The object holding the path's last attribute, made where `create`; undefined when a level is missing. */
function parentOf(resource: Json, attr: string[], create: boolean): [Json, string] | undefined {
  let node = resource;
  for (const part of attr.slice(0, -1)) {
    const k = keyOf(node, part);
    if (node[k] === undefined || node[k] === null) {
      if (!create) return undefined;
      node[k] = {};
    }
    if (typeof node[k] !== 'object' || Array.isArray(node[k])) throw new PatchError('invalidPath', `"${part}" has no sub-attributes`);
    node = node[k] as Json;
  }
  const last = attr[attr.length - 1] as string;
  return [node, keyOf(node, last)];
}

const sameItem = (a: unknown, b: unknown) =>
  a && b && typeof a === 'object' && typeof b === 'object' && 'value' in a && 'value' in b
    ? String((a as Json).value) === String((b as Json).value)
    : JSON.stringify(a) === JSON.stringify(b);

function add(resource: Json, path: Path, value: unknown): void {
  const at = parentOf(resource, path.attr, true);
  if (!at) return;
  const [node, key] = at;
  if (path.where) {
    replace(resource, path, value);
    return;
  }
  const current = node[key];
  if (Array.isArray(current) || (current === undefined && Array.isArray(value))) {
    const list = Array.isArray(current) ? [...current] : [];
    for (const item of Array.isArray(value) ? value : [value]) if (!list.some((x) => sameItem(x, item))) list.push(item);
    node[key] = list;
  } else if (current && typeof current === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    node[key] = { ...(current as Json), ...(value as Json) };
  } else {
    node[key] = value;
  }
}

function replace(resource: Json, path: Path, value: unknown): void {
  const at = parentOf(resource, path.attr, !path.where);
  if (!at) throw new PatchError('noTarget', `Nothing at "${path.attr.join('.')}" to replace`);
  const [node, key] = at;
  if (!path.where) {
    node[key] = value;
    return;
  }
  const list = node[key];
  const hits = Array.isArray(list) ? list.filter((item) => matches(path.where as Filter, item)) : [];
  if (!hits.length) throw new PatchError('noTarget', `No value of "${path.attr.join('.')}" matches the filter`);
  for (const item of hits as Json[]) {
    if (path.sub) item[keyOf(item, path.sub)] = value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(item, value);
  }
}

function remove(resource: Json, path: Path, value: unknown): void {
  const at = parentOf(resource, path.attr, false);
  if (!at) return;
  const [node, key] = at;
  const list = node[key];
  if (path.where) {
    if (!Array.isArray(list)) return;
    if (path.sub) {
      for (const item of list as Json[]) if (matches(path.where, item)) delete item[keyOf(item, path.sub)];
    } else node[key] = list.filter((item) => !matches(path.where as Filter, item));
  } else if (Array.isArray(list) && Array.isArray(value)) {
    // Entra ID removes members as `{op: "remove", path: "members", value: [{value: "…"}]}`.
    node[key] = list.filter((item) => !value.some((v) => sameItem(item, v)));
  } else {
    delete node[key];
  }
}

/** The resource after the request's operations, in order; PatchError for what the request cannot mean. */
export function applyPatch(resource: Json, body: unknown): Json {
  const ops = (body as { Operations?: unknown })?.Operations;
  if (!Array.isArray(ops) || !ops.length) throw new PatchError('invalidSyntax', 'A PATCH request needs "Operations", a list of one or more');
  if (ops.length > 1000) throw new PatchError('invalidSyntax', 'At most 1,000 operations in one request');
  const out = structuredClone(resource);
  for (const raw of ops) {
    const op = String((raw as Json)?.op ?? '').toLowerCase();
    const pathText = (raw as Json)?.path;
    const value = (raw as Json)?.value;
    if (!['add', 'replace', 'remove'].includes(op)) throw new PatchError('invalidSyntax', `"${String((raw as Json)?.op)}" is not a PATCH operation`);
    if (pathText !== undefined && typeof pathText !== 'string') throw new PatchError('invalidPath', 'An operation\'s "path" is a string');
    if (pathText === undefined || pathText === '') {
      if (op === 'remove') throw new PatchError('noTarget', 'A remove operation needs a path');
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw new PatchError('invalidValue', 'Without a path, "value" is an object of attributes');
      for (const [k, v] of Object.entries(value as Json)) (op === 'add' ? add : replace)(out, parsePath(k), v);
      continue;
    }
    const path = parsePath(pathText);
    if (op === 'add') add(out, path, value);
    else if (op === 'replace') replace(out, path, value);
    else remove(out, path, value);
  }
  return out;
}
