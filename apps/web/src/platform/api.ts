import { type CallFacts, callIndex } from 'virtual:openvisit/call-index';
import {
  type AnyCall,
  type CallByName,
  type CallDef,
  type CallInput,
  type CallName,
  type CallOutput,
  type ConsoleCallName,
  type DownloadDef,
  type DownloadInput,
  type Envelope,
  formStatuses,
  Status,
} from '@openvisit/contract';
import { ApiError } from './apiError';
import { isSuppressed } from './errorPolicy';
import { reportServerAnswered } from './network';
import { displayError } from './notify';
import { getToken, TOKEN_KEY } from './session';

/** Spec section 9: HTTP timeout 60 s. */
export const API_TIMEOUT_MS = 60_000;
export const API_BASE = '/api/';

export interface CallOptions {
  /**
   * Do not show the error through the global policy: `true` for every error, or a list of business
   * statuses, or `'form'` for those the call declares its form shows itself (400 field errors and the call's
   * `fieldStatuses`, see the contract's `formStatuses`). 27/28/29 always sign out.
   */
  silent?: boolean | readonly number[] | 'form';
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * A write sent again after an unknown outcome (the kiosk's offline queue): the server runs it once per key and
   * answers a repeat the first answer (header `Idempotency-Key`, platform/http/idempotency.ts on the server).
   */
  idempotencyKey?: string;
}

function queryString(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

function isEnvelope(v: unknown): v is Envelope {
  return !!v && typeof v === 'object' && typeof (v as Envelope).status === 'number';
}

async function send(url: string, init: RequestInit, opts: CallOptions): Promise<Envelope> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), opts.timeoutMs ?? API_TIMEOUT_MS);
  const onAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort);
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set(TOKEN_KEY, token);
  if (opts.idempotencyKey) headers.set('idempotency-key', opts.idempotencyKey);
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers, signal: controller.signal });
    reportServerAnswered(true);
  } catch {
    const timedOut = controller.signal.reason === 'timeout';
    if (!controller.signal.aborted) reportServerAnswered(false);
    throw new ApiError({ status: timedOut ? 408 : 0, reason: timedOut ? 'timeout' : 'no response', http: timedOut ? 408 : 0 });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const env = isEnvelope(body) ? body : null;
    throw new ApiError({
      status: env?.status ?? response.status,
      reason: env?.reason ?? response.statusText,
      result: env?.result,
      http: response.status,
    });
  }
  if (!isEnvelope(body)) throw new ApiError({ status: response.status, reason: 'malformed answer', http: -1 });
  return body;
}

/**
 * Applies the display policy to a failure before rethrowing it; `'form'` silences what the call's form shows itself
 * (`form`: the call's `formStatuses`).
 */
async function withPolicy<T>(work: () => Promise<T>, opts: CallOptions, form: readonly number[] = [Status.BAD_PARAMS]): Promise<T> {
  const silent = opts.silent === 'form' ? form : opts.silent;
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError && !isSuppressed(err, silent)) displayError(err);
    throw err;
  }
}

/** Runs a request: an envelope whose status is not success is a failure. */
function run<T>(url: string, init: RequestInit, opts: CallOptions, form?: readonly number[]): Promise<T> {
  return withPolicy(
    async () => {
      const env = await send(url, init, opts);
      if (env.status !== Status.SUCCESS) throw new ApiError({ status: env.status, reason: env.reason, result: env.result });
      return env.result as T;
    },
    opts,
    form,
  );
}

type FailureListener = (call: string, err: ApiError) => void;
const failureListeners = new Set<FailureListener>();

/** Hears every failed call (the kiosk uploads its server errors to the device monitor); answers the unsubscribe. */
export function onCallFailure(fn: FailureListener): () => void {
  failureListeners.add(fn);
  return () => failureListeners.delete(fn);
}

function heard<T>(name: string, p: Promise<T>): Promise<T> {
  if (failureListeners.size === 0) return p;
  return p.catch((err: unknown) => {
    if (err instanceof ApiError) for (const fn of failureListeners) fn(name, err);
    throw err;
  });
}

/** POST JSON, or GET with a query for GET calls; `form` are the statuses `silent: 'form'` leaves to the form. */
function request<T>(name: string, method: 'GET' | 'POST' | undefined, form: readonly number[], input: unknown, opts: CallOptions): Promise<T> {
  if (method === 'GET') return heard(name, run(API_BASE + name + queryString(input), { method: 'GET' }, opts, form));
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}) };
  return heard(name, run(API_BASE + name, init, opts, form));
}

/** Calls a contract call, typed from its definition. */
export function callApi<C extends AnyCall>(def: C, input: CallInput<C>, opts: CallOptions = {}): Promise<CallOutput<C>> {
  return request(def.name, def.method, formStatuses(def), input, opts);
}

/** A GET of a JSON envelope outside the contract (runtime configuration). */
export function getEnvelope<T>(path: string, opts: CallOptions = {}): Promise<T> {
  return run(path, { method: 'GET' }, opts);
}

type CallFn<N extends CallName> = (input: CallInput<CallByName<N>>, opts?: CallOptions) => Promise<CallOutput<CallByName<N>>>;
/** The console's calls: door devices' own calls (`access: 'device'`) are left out. */
export type ApiClient = { readonly [N in ConsoleCallName]: CallFn<N> } & { readonly call: typeof callApi };

/** A call by name from the build's index of the contract (apps/web/callIndex.ts): no schema is loaded for it. */
function callByFacts(name: string, facts: CallFacts) {
  const form = [Status.BAD_PARAMS, ...(facts.form ?? [])];
  return (input: unknown, opts: CallOptions = {}) => request(name, facts.method, form, input, opts);
}

/**
 * `api.GetUserInfo({})`, `api['login/logout']({})`, or `api.call(getUserInfo, {})`: one typed function per contract
 * call, built from the call index rather than the registry, so a screen loads the schemas of no call it only makes.
 */
export const api: ApiClient = Object.freeze({
  ...Object.fromEntries(Object.entries(callIndex).map(([name, facts]) => [name, callByFacts(name, facts)])),
  call: callApi,
}) as ApiClient;

function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** /api/<name>?<input>, or the download's own path with its `:params` filled from the input and the rest as query. */
export function downloadUrl(def: DownloadDef, input: unknown): string {
  if (!def.path) return API_BASE + def.name + queryString(input);
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const path = def.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return path + queryString(rest);
}

export interface DownloadOptions extends CallOptions {
  /** Bytes received so far, called as a streamed file arrives (its size is not known beforehand). */
  onProgress?: (bytes: number) => void;
}

/** The body as a Blob, telling `onProgress` each chunk's arrival. */
async function readBody(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

/** GETs a contract download with the session header; a JSON answer is the envelope of a failure. */
async function fetchDownload<D extends DownloadDef>(def: D, input: DownloadInput<D>, opts: DownloadOptions): Promise<{ blob: Blob; name: string }> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set(TOKEN_KEY, token);
  let response: Response;
  try {
    response = await fetch(downloadUrl(def, input), { headers, signal: opts.signal });
    reportServerAnswered(true);
  } catch {
    if (!opts.signal?.aborted) reportServerAnswered(false);
    throw new ApiError({ status: 0, reason: 'no response', http: 0 });
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await response.json()) as Envelope;
    throw new ApiError({ status: env.status, reason: env.reason, result: env.result, http: response.ok ? undefined : response.status });
  }
  if (!response.ok) throw new ApiError({ status: response.status, reason: response.statusText, http: response.status });
  return {
    blob: await readBody(response, opts.onProgress),
    name: fileNameOf(response.headers.get('content-disposition'), `${def.fileName}.${def.extension}`),
  };
}

/**
 * Fetches a contract download with the session header (tokens never go into URLs) and hands the file to the
 * browser. Failures arrive as the JSON envelope and go through the same display policy as calls.
 */
export function downloadFile<D extends DownloadDef>(def: D, input: DownloadInput<D>, opts: DownloadOptions = {}): Promise<string> {
  return withPolicy(async () => {
    const { blob, name } = await fetchDownload(def, input, opts);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return name;
  }, opts);
}

/** A download as a Blob (e.g. a photo to show); the caller owns any object URL it makes of it. */
export function fetchFile<D extends DownloadDef>(def: D, input: DownloadInput<D>, opts: CallOptions = {}): Promise<Blob> {
  return withPolicy(async () => (await fetchDownload(def, input, opts)).blob, opts);
}

export interface UploadOptions extends CallOptions {
  /** Fraction of the file sent so far, 0…1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Sends a file to an upload call (multipart: the file in `file`, `fields` beside it), with upload progress,
 * which fetch cannot report; answers and failures are handled exactly as for `callApi`.
 */
export function uploadFile<C extends CallDef>(
  def: C,
  file: Blob,
  fileName: string,
  fields: Record<string, string> = {},
  opts: UploadOptions = {},
): Promise<CallOutput<C>> {
  return withPolicy(
    () =>
      new Promise<CallOutput<C>>((resolve, reject) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('file', file, fileName);
        const xhr = new XMLHttpRequest();
        xhr.open('POST', API_BASE + def.name);
        const token = getToken();
        if (token) xhr.setRequestHeader(TOKEN_KEY, token);
        xhr.timeout = opts.timeoutMs ?? API_TIMEOUT_MS * 5;
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
        };
        const onAbort = () => xhr.abort();
        opts.signal?.addEventListener('abort', onAbort);
        xhr.onloadend = () => opts.signal?.removeEventListener('abort', onAbort);
        xhr.onerror = () => {
          reportServerAnswered(false);
          reject(new ApiError({ status: 0, reason: 'no response', http: 0 }));
        };
        xhr.onabort = () => reject(new ApiError({ status: 0, reason: 'aborted', http: 0 }));
        xhr.ontimeout = () => reject(new ApiError({ status: 408, reason: 'timeout', http: 408 }));
        xhr.onload = () => {
          reportServerAnswered(true);
          let body: unknown = null;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            body = null;
          }
          const env = isEnvelope(body) ? body : null;
          if (!env) reject(new ApiError({ status: xhr.status, reason: xhr.statusText || 'malformed answer', http: xhr.status || -1 }));
          else if (env.status !== Status.SUCCESS)
            reject(new ApiError({ status: env.status, reason: env.reason, result: env.result, http: xhr.status >= 400 ? xhr.status : undefined }));
          else resolve(env.result as CallOutput<C>);
        };
        xhr.send(form);
      }),
    opts,
    formStatuses(def),
  );
}
