import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getTableColumns, type Logger, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteClient } from './pgliteClient.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers share this query builder; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, for backup and test cloning; absent on PostgreSQL. */
  pglite?: PGlite;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (from this process or, on PostgreSQL, any other);
   * answers the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

/** A statement as sent: its SQL and the values of its parameters. */
export interface SentStatement {
  sql: string;
  params: unknown[];
}
const recording = new AsyncLocalStorage<SentStatement[]>();
/** Transaction control: PGlite sends it itself and node-postgres through Drizzle, so it is left out of the record. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
/** Drizzle's logger, on both drivers: notes each statement in the record of the work running, if any (one lookup otherwise). */
const statementLogger: Logger = {
  logQuery(query, params) {
    const record = recording.getStore();
    if (record && !TRANSACTION_CONTROL.test(query)) record.push({ sql: query, params });
  },
};

/**
 * Runs `work` and answers the SQL of each statement it sent (its own async context only: background jobs and other
 * requests are not in it), and with their values in `sent`. The statement-count tests hold hot paths to the reads and
 * writes they need; the bench replays them as the same-work baseline.
 */
export async function recordStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[]; sent: SentStatement[] }> {
  const sent: SentStatement[] = [];
  // Awaited inside the run: a lazy thenable (app.inject's) starts its work when awaited, which must be in the record.
  const result = await recording.run(sent, async () => await work());
  return { result, statements: sent.map((s) => s.sql), sent };
}

/** The migrations folder, found from this file whether it runs from src/ or from the bundle in dist/. */
export function migrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('migrations folder (drizzle/) not found');
}

/**
 * Extensions the migrations use (pg_trgm and btree_gin for the visit list's per-company substring indexes); every
 * PGlite opened loads them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * PGlite starts PostgreSQL with fsync off (`-F`), and its Node file system has no fsync at all, so a power loss could
 * lose commits already acknowledged. A data folder is opened without `-F`, with the WAL flushed by fsync (its
 * fdatasync is a no-op), and the file system's missing fsync supplied, so a commit returns only once it is on disk.
 */
const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];

interface EmscriptenStream {
  nfd?: number;
}
function syncToDisk(client: PGlite): void {
  const ops = (client as unknown as { mod?: { NODEFS?: { stream_ops?: Record<string, unknown> } } }).mod?.NODEFS?.stream_ops;
  // A PGlite upgrade that moves these internals must not silently give up durability: the test of this fails first.
  if (!ops) throw new Error('PGlite internals changed: cannot make the embedded database durable (see db/client.ts)');
  ops.fsync ??= (stream: EmscriptenStream) => {
    if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
    return 0;
  };
}

export interface PgliteOptions {
  /** Whether a commit waits for the disk (default). Off only to measure what durability costs (the bench). */
  durable?: boolean;
}

export async function openPglite(dir: string | 'memory' | PGlite, { durable = true }: PgliteOptions = {}): Promise<Database> {
  let client: PGlite;
  if (dir instanceof PGlite) client = dir;
  else if (dir === 'memory') client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  else {
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, ...(durable ? { startParams: DURABLE_START_PARAMS } : {}) });
    if (durable) syncToDisk(client);
  }
  const db = drizzlePglite(pgliteClient(client) as unknown as PGlite, { schema, logger: statementLogger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: migrationsDir() });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    listen: (channel, onNotify) => client.listen(channel, onNotify),
  };
}

/** How long a query waits for a connection before the request is answered "temporarily unavailable". */
const CONNECT_TIMEOUT_MS = 5000;

/** SQLSTATE classes and codes, and socket errors, that mean "the database is away", not "this query is wrong". */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|connection error|timeout exceeded when trying to connect|not queryable|terminating connection/i;

/**
 * Whether an error (or what caused it: Drizzle wraps the driver's) says the database cannot be reached right now: a
 * restart, failover or network cut. Such a request is answered 503 and may be retried; anything else stays a fault.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message) && !(e as { cause?: unknown }).cause) return true;
  }
  return false;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries): after a failure it reconnects,
 * retrying with a growing pause for as long as the database is away, so a restart does not silence the channel.
 */
async function listenPostgres(url: string, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let pause = 250;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    let failed = false;
    const reconnect = () => {
      if (failed) return;
      failed = true;
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void connect().catch(() => undefined), pause);
      pause = Math.min(pause * 2, 5000);
    };
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', reconnect);
    c.on('end', reconnect);
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      reconnect();
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    pause = 250;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', () => {
    // A dropped idle connection is replaced by the pool; queries report their own errors.
  });
  // The pool listens for errors only while a connection is idle: one checked out between the statements of a
  // transaction when its backend is terminated (a restart, a failover) would otherwise throw an unhandled 'error'
  // and end the process. Its pending or next query fails instead, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema, logger: statementLogger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: migrationsDir() });
    },
    close: () => pool.end(),
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
  };
}

export function openDatabase(cfg: { kind: 'pglite'; dir: string | 'memory' } | { kind: 'postgres'; url: string }): Promise<Database> {
  return cfg.kind === 'postgres' ? openPostgres(cfg.url) : openPglite(cfg.dir);
}

/** What Drizzle keeps of a built statement: enough to run it again, unbuilt, on another handle (a transaction). */
interface BuiltStatement {
  queryString: string;
  params: unknown[];
  fields?: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
}
interface DrizzleSession {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: unknown, name: string, arrayMode: boolean, mapper?: unknown): BuiltStatement;
}

/** Each statement's SQL, parameter slots and result mapping, built once per process. */
const built = new Map<string, BuiltStatement>();
/** The statement bound to each handle: the pool's lives as long as the process, a transaction's as long as it does. */
const preparedCache = new WeakMap<Db, Map<string, unknown>>();

/** The rows of a raw statement (`db.execute`), typed: both drivers answer `{ rows }`, which Drizzle's types hide. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * A prepared statement, built by Drizzle once per process and bound to whichever handle runs it (the pool, or a
 * transaction: the same SQL, no rebuild): building a query costs more than the database's work for a small one, so
 * the hot paths use this. Everything that varies must be a placeholder; `name` must be unique per statement.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let forDb = preparedCache.get(db);
  if (!forDb) {
    forDb = new Map();
    preparedCache.set(db, forDb);
  }
  let statement = forDb.get(name) as T | undefined;
  if (statement === undefined) {
    const spec = built.get(name);
    if (spec) {
      const session = (db as unknown as { session: DrizzleSession }).session;
      const bound = session.prepareQuery(
        { sql: spec.queryString, params: spec.params },
        spec.fields,
        name,
        spec._isResponseInArrayMode,
        spec.customResultMapper,
      );
      bound.joinsNotNullableMap = spec.joinsNotNullableMap;
      statement = bound as T;
    } else {
      statement = build(db, name);
      built.set(name, statement as BuiltStatement);
    }
    forDb.set(name, statement);
  }
  return statement;
}

/** The statement names of the insert shapes seen (which columns a caller gives): a few per call site. */
const shapes = new Map<string, string>();
const tableColumns = new WeakMap<PgTable, Record<string, PgColumn>>();
function columnsOf(table: PgTable): Record<string, PgColumn> {
  let columns = tableColumns.get(table);
  if (!columns) {
    columns = getTableColumns(table);
    tableColumns.set(table, columns);
  }
  return columns;
}
/** Past this many shapes a caller is building column sets from data: those inserts are built each time. */
const MAX_SHAPES = 500;

/**
 * Inserts one row through a prepared statement of its shape (the columns given a value; the others take their
 * defaults), answering the `returning` columns of the row, or nothing. For the hot inserts (a visit, its history
 * row, a mail, an operation log): Drizzle would otherwise build the SQL of a 40-column insert on every call.
 */
/** The columns given a value, and the statement of that shape (none past MAX_SHAPES: built each time). */
function shapeOf(name: string, values: Record<string, unknown>): { keys: string[]; statement: string | undefined } {
  const keys = Object.keys(values).filter((k) => values[k] !== undefined);
  const shape = `${name}(${keys.join(',')})`;
  let statement = shapes.get(shape);
  if (statement === undefined && shapes.size < MAX_SHAPES) {
    // PostgreSQL cuts a statement name at 63 bytes: numbered, not spelled out.
    statement = `${name}_${shapes.size + 1}`;
    shapes.set(shape, statement);
  }
  return { keys, statement };
}
/** Bare slots, each value encoded by `encoded`: Drizzle's placeholder would hand a null to the column's encoder. */
function slotsOf(keys: string[]): Record<string, SQL> {
  return Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(k)}`]));
}
function encoded(table: PgTable, values: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const columns = columnsOf(table);
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = values[k] === null ? null : (columns[k]?.mapToDriverValue(values[k]) ?? values[k]);
  return out;
}

export function insertRow<T extends PgTable>(db: Db, name: string, table: T, values: T['$inferInsert']): Promise<void>;
export function insertRow<T extends PgTable>(db: Db, name: string, table: T, values: T['$inferInsert'], returning: 'row'): Promise<T['$inferSelect']>;
export function insertRow<T extends PgTable, F extends Record<string, PgColumn>>(
  db: Db,
  name: string,
  table: T,
  values: T['$inferInsert'],
  returning: F,
): Promise<{ [K in keyof F]: F[K]['_']['data'] }>;
export async function insertRow(
  db: Db,
  name: string,
  table: PgTable,
  values: Record<string, unknown>,
  returning?: 'row' | Record<string, PgColumn>,
): Promise<unknown> {
  const { keys, statement } = shapeOf(name, values);
  const query = (d: Db, slots: Record<string, unknown>) => {
    const insert = d.insert(table).values(slots);
    return returning === 'row' ? insert.returning() : returning ? insert.returning(returning) : insert;
  };
  const rows = (
    statement
      ? await prepared(db, statement, (d, n) => query(d, slotsOf(keys)).prepare(n)).execute(encoded(table, values, keys))
      : await query(db, Object.fromEntries(keys.map((k) => [k, values[k]])))
  ) as Record<string, unknown>[] | undefined;
  if (!returning) return undefined;
  if (!rows?.[0]) throw new Error(`${name}: the insert answered no row`);
  return rows[0];
}

/**
 * Updates the rows `where` picks through a prepared statement of its shape (the columns set), answering them whole.
 * `where` builds the condition from `slot(key)`s of `whereValues` (values as the driver takes them); a column Drizzle
 * stamps on update (`updated_at`) is set here, or the prepared statement would keep its first time for ever.
 */
export async function updateRows<T extends PgTable>(
  db: Db,
  name: string,
  table: T,
  set: Partial<T['$inferInsert']>,
  whereValues: Record<string, unknown>,
  where: (slot: (key: string) => SQL) => SQL | undefined,
): Promise<T['$inferSelect'][]> {
  const values: Record<string, unknown> = { ...set };
  for (const [k, column] of Object.entries(columnsOf(table))) if (values[k] === undefined && column.onUpdateFn) values[k] = column.onUpdateFn();
  const { keys, statement } = shapeOf(name, values);
  if (!statement) {
    const inline = (key: string) => sql`${whereValues[key]}`;
    return (await db.update(table).set(values).where(where(inline)).returning()) as T['$inferSelect'][];
  }
  const params = encoded(table, values, keys);
  for (const [k, v] of Object.entries(whereValues)) params[`w_${k}`] = v;
  return (await prepared(db, statement, (d, n) =>
    d
      .update(table)
      .set(slotsOf(keys))
      .where(where((key) => sql`${sql.placeholder(`w_${key}`)}`))
      .returning()
      .prepare(n),
  ).execute(params)) as T['$inferSelect'][];
}
