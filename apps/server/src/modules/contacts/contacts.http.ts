import { Status } from '@openvisit/contract';
import { EndpointRefused, fetchEndpoint } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';

/** What every provider request keeps to (config.contacts). */
export interface HttpLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

const unreachable = (reason: string) => new AppError(Status.DIRECTORY_UNREACHABLE, reason);

/**
 * One request to a directory provider, bounded in time and size. Failures become 674 with a sentence that
 * names the provider and what went wrong — never the URL, which may carry credentials or an access token.
 * Redirects are refused for the same reason: a token must not follow a redirect to another host.
 *
 * `company`: the URL is a company-supplied endpoint, reached only through platform/http/endpoints.ts (public addresses
 * unless the operator allows private ones, checked on every resolution); its refusal is thrown as EndpointRefused,
 * and a failure to connect has one neutral reason (refused, timed out and unknown would map the network).
 */
export async function fetchBounded(
  label: string,
  url: string,
  init: RequestInit,
  limits: HttpLimits,
  company?: { allowPrivate: boolean },
): Promise<HttpAnswer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let res: Response;
  try {
    res = company ? await fetchEndpoint(url, { ...init, signal }, company.allowPrivate) : await fetch(url, { ...init, signal, redirect: 'manual' });
  } catch (err) {
    if (err instanceof EndpointRefused) throw err;
    if (company) throw unreachable(`${label} could not be reached or did not answer`);
    if (signal.aborted) throw unreachable(`${label} did not answer within ${Math.round(limits.timeoutMs / 1000)} s`);
    const code = (err as { cause?: { code?: unknown } }).cause?.code;
    throw unreachable(`${label} could not be reached${typeof code === 'string' && /^[A-Z_]+$/.test(code) ? ` (${code})` : ''}`);
  }
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limits.maxResponseBytes) {
    await res.body?.cancel().catch(() => {});
    throw unreachable(`${label} answered more than ${limits.maxResponseBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    if (res.body) {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > limits.maxResponseBytes) {
          await res.body.cancel().catch(() => {});
          throw unreachable(`${label} answered more than ${limits.maxResponseBytes} bytes`);
        }
        chunks.push(Buffer.from(chunk));
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (signal.aborted) throw unreachable(`${label} did not answer within ${Math.round(limits.timeoutMs / 1000)} s`);
    throw unreachable(`${label} broke off its answer`);
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.concat(chunks) };
}

/** Runs `fn` over `items`, at most `limit` at a time, answers in order; the first failure rejects. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i] as T);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
