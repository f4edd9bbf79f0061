import { and, asc, count, desc, eq, gt, gte, ilike, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import { operationLogs } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql.js';
import { dbOf, scoped, type TenantScope } from '../../platform/identity/tenancy.js';

export interface LogFilter {
  optName?: string;
  optRole?: number;
  optModule?: number;
  optClient?: number;
  optEvent?: string;
  from?: Date;
  to?: Date;
}

export const logsRepository = scoped(function logsRepository(scope: TenantScope) {
  const db = dbOf(scope);
  function where(f: LogFilter): SQL | undefined {
    const c: SQL[] = [eq(operationLogs.companyId, scope.companyId)];
    if (f.optName) c.push(ilike(operationLogs.optName, containsPattern(f.optName)));
    if (f.optRole !== undefined) c.push(eq(operationLogs.optRole, f.optRole));
    if (f.optModule !== undefined) c.push(eq(operationLogs.optModule, f.optModule));
    if (f.optClient !== undefined) c.push(eq(operationLogs.optClient, f.optClient));
    if (f.optEvent) c.push(eq(operationLogs.optEvent, f.optEvent));
    if (f.from) c.push(gte(operationLogs.oTime, f.from));
    if (f.to) c.push(lt(operationLogs.oTime, f.to));
    return and(...c);
  }
  return {
    async page(f: LogFilter, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db.select().from(operationLogs).where(where(f)).orderBy(desc(operationLogs.oTime), desc(operationLogs.id)).offset(offset).limit(limit),
        db.select({ n: count() }).from(operationLogs).where(where(f)),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },
    /**
     * The export's order, the chain's: first the entries not sealed in yet (by id), then the chain by seq; `after` is
     * the last id of the first part or the last seq of the second.
     */
    async inChainOrder(f: LogFilter, part: 'unsealed' | 'chained', after: number, limit: number) {
      const key = part === 'unsealed' ? operationLogs.id : operationLogs.seq;
      return db
        .select()
        .from(operationLogs)
        .where(and(where(f), part === 'unsealed' ? isNull(operationLogs.seq) : isNotNull(operationLogs.seq), gt(key, after)))
        .orderBy(asc(key))
        .limit(limit);
    },
  };
});
