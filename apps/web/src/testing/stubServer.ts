import { vi } from 'vitest';

/** An answer of the fake server: an envelope (`reason` defaults to 'x'), or a whole Response (e.g. a file download). */
export type StubAnswer = { status: number; reason?: string; result?: unknown } | Response;
export type StubHandler = (body: Record<string, unknown>, url: string) => StubAnswer;

export interface StubCall {
  /** The call's name: the path without /api/ and without the query. */
  path: string;
  url: string;
  query: string;
  body: Record<string, unknown>;
}

/**
 * Component tests' server: replaces `fetch` so `/api/<name>` is answered by `handlers[name]` (an unknown call answers
 * status 0 with a null result), and records every request for the test to inspect.
 */
export function stubServer(handlers: Record<string, StubHandler>) {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [base = '', query = ''] = url.split('?');
      const path = base.replace('/api/', '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, url, query, body });
      const answer = handlers[path]?.(body, url) ?? { status: 0, result: null };
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify({ reason: 'x', result: null, ...answer }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    paths: () => calls.map((c) => c.path),
    bodies: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body),
    urls: (path: string) => calls.filter((c) => c.path === path).map((c) => c.url),
    queries: (path: string) => calls.filter((c) => c.path === path).map((c) => c.query),
  };
}
