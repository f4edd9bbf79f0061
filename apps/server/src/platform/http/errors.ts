import { type FieldError, Status, statusInfo } from '@openvisit/contract';

/** A business refusal: becomes `{status, reason, result}` with HTTP 200. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    reason?: string,
    public readonly result: unknown = null,
  ) {
    super(reason ?? statusInfo(status)?.en ?? `Status ${status}`);
  }
}

export function badParams(errors: FieldError[]): AppError {
  const fields = errors.map((e) => `${e.field || 'body'} (${e.rule})`).join(', ');
  return new AppError(Status.BAD_PARAMS, `Invalid or missing field: ${fields}`, { errors });
}

export function notFound(what = 'record'): AppError {
  return new AppError(Status.NO_SUCH_RECORD, `No such ${what}`);
}

/**
 * A batch names its rows by id: when one of them is not the company's (gone meanwhile, or another company's), the
 * whole batch is refused. Called inside the batch's transaction, so nothing is half-written, and the answer is the same
 * whether the id never existed or belongs to someone else.
 */
export function requireEvery(ids: readonly number[], found: readonly number[], refusal: () => AppError): void {
  const have = new Set(found);
  if (ids.some((id) => !have.has(id))) throw refusal();
}

/**
 * A database refusing a value as invalid input (SQLSTATE class 22: NUL in text 22P05/22021, an integer out of range
 * 22003, a bad date 22008…). The contract's primitives refuse such input first; this is the last line behind them.
 * Drizzle wraps the driver's error, so the cause is looked at too.
 */
export function isDatabaseInputError(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
