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
