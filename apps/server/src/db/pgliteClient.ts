// The client Drizzle is given on the embedded engine: PGlite's instance, with each statement sent the way a client on
// a socket sends it (one exchange, held parsed), and Drizzle's type parsers set once on the instance.
import { messages, type PGlite, parse, protocol, types } from '@electric-sql/pglite';

type BackendMessage = messages.BackendMessage;
type ParameterDescriptionMessage = messages.ParameterDescriptionMessage;

/** The types Drizzle reads as PostgreSQL writes them (it converts them itself): its own list, in its PGlite session. */
const DRIZZLE_RAW_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: unknown;
}
interface Queryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
}
const withoutParsers = new WeakMap<QueryOptions, QueryOptions>();
/** Drizzle's query options without the parsers, which the instance now has (one copy per options object). */
function bare(options?: QueryOptions): QueryOptions | undefined {
  if (!options?.parsers) return options;
  let stripped = withoutParsers.get(options);
  if (!stripped) {
    stripped = { rowMode: options.rowMode };
    withoutParsers.set(options, stripped);
  }
  return stripped;
}

/** A statement the engine holds parsed (and, after a few runs, planned) under a name, with its parameters' types. */
interface Prepared {
  name: string;
  oids: number[];
}
/**
 * Statements each instance holds, least recently used first. Kept to a bound: a statement with a list of values
 * (`in ($2, $3, …)`) has one text per length, and each held statement keeps its plan in the engine's memory.
 */
const MAX_PREPARED = 500;
interface Held {
  statements: Map<string, Prepared>;
  /** Statements let go, closed at the start of the next exchange. */
  closing: string[];
}
const held = new WeakMap<PGlite, Held>();
let named = 0;
const { serialize } = protocol;
/** SQLSTATE 0A000: a held statement's result columns changed under it (a table altered); it is parsed again. */
const PLAN_CHANGED = '0A000';

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite's `query` sends each message of the extended protocol as its own exchange with the engine (parse, describe,
 * sync, then bind, describe, execute, sync), and parses and plans the statement again each time: in WebAssembly, most
 * of an embedded query's cost. Here each statement text is parsed once per instance under a name, with its parameter
 * types (PGlite's describe step), and each run is one exchange (bind, describe, execute, sync), as a client on a socket
 * sends them: a short read took about 90 µs against 310. Values are serialized by PGlite's own serializers for those
 * types and rows parsed by its own parsers, so every statement reads and writes exactly as through `query`. Same locks
 * as `query`: a statement outside a transaction waits for any open one; inside, only for the statement before it.
 */
function pipelined(client: PGlite, inTransaction: boolean) {
  const engine = client as PGlite & {
    serializers: Record<number, (value: unknown) => string>;
    parsers: Record<number, (value: string) => unknown>;
  };
  let state = held.get(client);
  if (!state) {
    state = { statements: new Map(), closing: [] };
    held.set(client, state);
  }
  const { statements, closing } = state;
  const send = (parts: Uint8Array[], options?: QueryOptions) => {
    const closes = closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
    return client.execProtocolStream(joined([...closes, ...parts, serialize.sync()]), { ...options, syncToFs: false });
  };
  const forget = (sql: string) => {
    const old = statements.get(sql);
    if (!old) return;
    statements.delete(sql);
    closing.push(old.name);
  };
  const prepare = async (sql: string, options?: QueryOptions): Promise<Prepared> => {
    const known = statements.get(sql);
    if (known) {
      // Most recently used last: the first entry is the one let go when the bound is reached.
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const name = `ov${++named}`;
    const messages = await send([serialize.parse({ text: sql, name }), serialize.describe({ type: 'S', name })], options);
    const described = messages.find((m): m is ParameterDescriptionMessage => m.name === 'parameterDescription');
    const prepared = { name, oids: described?.dataTypeIDs ?? [] };
    statements.set(sql, prepared);
    if (statements.size > MAX_PREPARED) forget(statements.keys().next().value as string);
    return prepared;
  };
  const execute = async (sql: string, params: unknown[], options?: QueryOptions) => {
    const { name, oids } = await prepare(sql, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = engine.serializers[oids[i] as number];
      return serializer ? serializer(value) : String(value);
    });
    return send([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({})], options);
  };
  const run = async (sql: string, params: unknown[] = [], options?: QueryOptions) => {
    let received: BackendMessage[];
    try {
      try {
        received = await execute(sql, params, options);
      } catch (err) {
        if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
        forget(sql);
        // Inside a transaction the error has ended it: the caller sees it, the next run parses afresh.
        if (inTransaction) throw err;
        received = await execute(sql, params, options);
      }
    } catch (err) {
      // As PGlite's `query` does: the statement and its values on the error, for the log.
      if (err instanceof messages.DatabaseError) Object.assign(err, { query: sql, params, queryOptions: options });
      throw err;
    }
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(received, engine.parsers, options as Parameters<typeof parse.parseResults>[2])[0];
  };
  return (sql: string, params?: unknown[], options?: QueryOptions) => {
    const stripped = bare(options);
    const exclusive = () => client._runExclusiveQuery(() => run(sql, params, stripped));
    return inTransaction ? exclusive() : client._runExclusiveTransaction(exclusive);
  };
}

/**
 * Drizzle hands every query its type parsers and PGlite merges them into a copy of its whole parser table, per query:
 * a third of a kiosk walk-in's CPU. The same parsers are set once on the instance (equal to Drizzle's merge, so rows
 * read alike) and Drizzle's client drops them from each query, in transactions too.
 */
export function pgliteClient(client: PGlite) {
  const table = (client as unknown as { parsers: Record<number, (value: string) => unknown> }).parsers;
  for (const type of DRIZZLE_RAW_TYPES) table[type] = (value) => value;
  return {
    query: pipelined(client, false),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => client.transaction((tx) => work({ ...tx, query: pipelined(client, true) } as Queryable)),
  };
}
