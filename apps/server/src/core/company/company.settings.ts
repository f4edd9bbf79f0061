import { type CompanySettings, companySettings } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { type CompanyRow, companyRepository } from './company.repository.js';

/**
 * The company's own row (name, settings, mail details) for every module: takes a scope, so jobs and link pages
 * (`scopeForCompany`) use it as well as calls (`ctx.tenant`). Read once per call (platform/http/requestCache.ts).
 */
export function company(scope: TenantScope): Promise<CompanyRow | undefined> {
  return companyRepository(scope).company();
}

/** Changes the company row's own columns (name, phone, language…) and answers it as stored. */
export function updateCompany(scope: TenantScope, values: Parameters<ReturnType<typeof companyRepository>['updateCompany']>[0]) {
  return companyRepository(scope).updateCompany(values);
}

/** Two JSON values alike (the settings as stored): cheaper than checking and filling them in again. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/** The settings last parsed per company, the stored JSON beside them: a call whose row holds the same JSON reuses them. */
const parsedSettings = new Map<number, { stored: unknown; settings: CompanySettings }>();
/** Companies whose parsed settings are kept (the least recently parsed go first). */
const PARSED_SETTINGS_KEPT = 1000;

/** A company row's settings, defaults filled in; parsed again only when the stored JSON changed. */
export function settingsOfRow(c: Pick<CompanyRow, 'id' | 'settings'>): CompanySettings {
  const stored = c.settings ?? {};
  const kept = parsedSettings.get(c.id);
  if (kept && sameJson(kept.stored, stored)) return kept.settings;
  const settings = Object.freeze(companySettings.parse(stored)) as CompanySettings;
  parsedSettings.delete(c.id);
  parsedSettings.set(c.id, { stored, settings });
  if (parsedSettings.size > PARSED_SETTINGS_KEPT) parsedSettings.delete(parsedSettings.keys().next().value as number);
  return settings;
}

/** A company's settings, defaults filled in, by scope: for code without a call context (notification jobs). */
export async function settingsIn(scope: TenantScope): Promise<CompanySettings> {
  const row = await company(scope);
  return row ? settingsOfRow(row) : companySettings.parse({});
}

/** The company's settings (spec section 3 per-account settings), defaults filled in. */
export function settingsOf(ctx: AuthedContext): Promise<CompanySettings> {
  return settingsIn(ctx.tenant);
}

/**
 * Changes some settings, keeping the others: the row is locked so two switches flipped at once both stick.
 * Settings other modules own (e.g. the blacklist switch) go through here too, so the JSON is merged in one place.
 */
export async function patchSettings(ctx: AuthedContext, patch: Partial<CompanySettings>): Promise<void> {
  await inTransaction(ctx.tenant, async (tx) => {
    const repo = companyRepository(tx);
    await repo.setSettings({ ...((await repo.lockSettings()) ?? {}), ...patch });
  });
}
