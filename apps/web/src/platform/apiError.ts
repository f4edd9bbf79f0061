import type { FieldError } from '@openvisit/contract';

/**
 * A call that did not succeed: a non-zero business `status` (HTTP 200), or a transport failure
 * (`http` is then the HTTP code, 408 for our own timeout, 0 when no response arrived at all).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly result: unknown;
  readonly http?: number;
  /** True once the display policy has shown it, so callers do not show it twice. */
  displayed = false;

  constructor(init: { status: number; reason: string; result?: unknown; http?: number }) {
    super(init.reason || `status ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.reason = init.reason;
    this.result = init.result ?? null;
    if (init.http !== undefined) this.http = init.http;
  }

  /** Field failures of a BAD_PARAMS answer (`result.errors`), empty otherwise. */
  get fieldErrors(): FieldError[] {
    const errors = (this.result as { errors?: unknown } | null)?.errors;
    if (!Array.isArray(errors)) return [];
    return errors.filter(
      (e): e is FieldError =>
        !!e && typeof e === 'object' && typeof (e as FieldError).field === 'string' && typeof (e as FieldError).rule === 'string',
    );
  }

  get isTransport(): boolean {
    return this.http !== undefined;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
