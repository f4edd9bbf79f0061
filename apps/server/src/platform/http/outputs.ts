import type { z } from 'zod';

/**
 * A call's answer cut to its contract: only the fields the output schema declares leave the server (a handler that
 * hands back a whole row cannot leak a column), defaults filled in. Parsing the answer with zod did the same but also
 * checked every value again on every call, a few per cent of a small call's CPU; this copies the declared fields
 * along a plan compiled once per schema. Outputs it cannot copy faithfully (transforms, pipes, unions of objects,
 * loose objects, strings that rewrite themselves) keep zod's parse. Tests run both and compare (`checkedOutput`), so
 * a handler answering something its contract does not allow still fails there.
 */
type Copy = (value: unknown) => unknown;

/** The plan cannot copy this schema: the call parses its output with zod instead. */
class NotCopyable extends Error {}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  defaultValue?: unknown;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string } } }[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values zod hands back as they came once they pass (the checks only refuse). */
const AS_IS = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'date',
  'null',
  'undefined',
  'literal',
  'enum',
  'any',
  'unknown',
  'nan',
  'template_literal',
  'custom',
]);

const identity: Copy = (v) => v;

function plan(schema: z.ZodType): Copy {
  const def = defOf(schema);
  // .trim(), .toLowerCase() and the like are checks that rewrite the value.
  if (def.coerce || def.checks?.some((c) => c._zod.def.check === 'overwrite')) throw new NotCopyable();
  if (AS_IS.has(def.type)) return identity;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional': {
      const inner = plan(def.innerType as z.ZodType);
      return inner === identity ? identity : (v) => (v === null || v === undefined ? v : inner(v));
    }
    case 'default': {
      const inner = plan(def.innerType as z.ZodType);
      // zod's own getter: a fresh copy of an object default each time.
      return (v) => (v === undefined ? def.defaultValue : inner(v));
    }
    case 'array': {
      const element = plan(def.element as z.ZodType);
      return element === identity ? identity : (v) => (Array.isArray(v) ? v.map(element) : v);
    }
    case 'record': {
      if (plan(def.keyType as z.ZodType) !== identity) throw new NotCopyable();
      const value = plan(def.valueType as z.ZodType);
      return (v) => {
        if (typeof v !== 'object' || v === null) return v;
        const out: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) out[k] = value(x);
        return out;
      };
    }
    case 'union':
      // A union of plain values passes as it came; which object branch zod would choose is its own business.
      for (const option of def.options ?? []) if (plan(option) !== identity) throw new NotCopyable();
      return identity;
    case 'object': {
      // A loose object keeps unknown keys; a strict one refuses them: neither is a copy of the declared fields.
      if (def.catchall && defOf(def.catchall).type !== 'never') throw new NotCopyable();
      const fields = Object.entries(def.shape ?? {}).map(([key, s]) => [key, plan(s)] as const);
      return (v) => {
        if (typeof v !== 'object' || v === null) return v;
        const from = v as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, copy] of fields) {
          const x = copy(from[key]);
          if (x !== undefined || key in from) out[key] = x;
        }
        return out;
      };
    }
    default:
      throw new NotCopyable();
  }
}

const plans = new WeakMap<z.ZodType, Copy | null>();

function planOf(schema: z.ZodType): Copy | null {
  let copy = plans.get(schema);
  if (copy === undefined) {
    try {
      copy = plan(schema);
    } catch (err) {
      if (!(err instanceof NotCopyable)) throw err;
      copy = null;
    }
    plans.set(schema, copy);
  }
  return copy;
}

/** Whether answers to this schema are copied along a plan rather than parsed. */
export function hasCopyPlan(schema: z.ZodType): boolean {
  return planOf(schema) !== null;
}

/** The answer as the contract lets it out: the plan's copy, or zod's parse where there is no plan. */
export function contractOutput(schema: z.ZodType, value: unknown): unknown {
  const copy = planOf(schema);
  return copy ? copy(value) : schema.parse(value);
}

/**
 * In tests: zod's parse (a wrong answer fails the test) and the plan's copy, which must serialise alike, so the copy
 * production sends is held to the same contract.
 */
export function checkedOutput(schema: z.ZodType, value: unknown, call: string): unknown {
  const parsed = schema.parse(value);
  const copied = contractOutput(schema, value);
  if (JSON.stringify(copied) !== JSON.stringify(parsed))
    throw new Error(`${call}: the output copied by its plan differs from the contract's parse (platform/http/outputs.ts)`);
  return parsed;
}
