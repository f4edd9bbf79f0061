import type { FeatureFlag } from '@openvisit/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { getEnvelope } from './api';

/** What GET /api/config answers: switches and labels an operator changes without a rebuild. */
export interface RuntimeConfig {
  version: string;
  siteLabel: string;
  captcha: boolean;
  features: Partial<Record<FeatureFlag, boolean>>;
  /** The spec's HSE-administrator-change flag: role 0 reads Executive, not HSE. */
  hseAdminChange?: boolean;
}

export const CONFIG_QUERY_KEY = ['runtime-config'] as const;
export const DEFAULT_SITE_LABEL = 'OpenVisit';

export function fetchConfig(): Promise<RuntimeConfig> {
  return getEnvelope<RuntimeConfig>('/api/config');
}

/** Drops every cached answer of the previous session (the runtime configuration is not session data). */
export function resetSessionQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CONFIG_QUERY_KEY[0] });
}

/** Fetched once per page load and kept. */
export function useConfig() {
  return useQuery({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: fetchConfig,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** A section switch: `undefined` while the configuration is loading, then on/off (unknown flags are off). */
export function isFeatureOn(config: RuntimeConfig | undefined, flag: FeatureFlag): boolean | undefined {
  if (!config) return undefined;
  return config.features[flag] === true;
}

export function useFeature(flag: FeatureFlag): boolean | undefined {
  return isFeatureOn(useConfig().data, flag);
}

export function useSiteLabel(): string {
  return useConfig().data?.siteLabel ?? DEFAULT_SITE_LABEL;
}

/** A console area's title key: the HSE area is the Executive's under the HSE-administrator-change flag. */
export function useAreaTitleKey<K extends string>(titleKey: K): K | 'enums.consoleRole.executive' {
  const executive = useConfig().data?.hseAdminChange === true;
  return executive && titleKey === 'enums.consoleRole.hse' ? 'enums.consoleRole.executive' : titleKey;
}
