import type { AllowedPassWay, addHoliday, addPassConfig, addPassRule, CallInput, importHolidays } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';

/** Query keys: schedules and strategies refresh together (a schedule counts the strategies using it). */
export const passRuleKeys = {
  all: ['passRules'] as const,
  holidays: (year: number) => ['passRules', 'holidays', year] as const,
  rules: ['passRules', 'rules'] as const,
  configs: ['passRules', 'configs'] as const,
  options: ['passRules', 'options'] as const,
  gateWays: ['passRules', 'gateWays'] as const,
};

function useInvalidateAll() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: passRuleKeys.all });
}

export function useHolidays(year: number) {
  return useQuery({ queryKey: passRuleKeys.holidays(year), queryFn: () => api.getHoliday({ year }) });
}

type HolidayInput = CallInput<typeof addHoliday>;

export function useSaveHoliday() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ hid, ...input }: HolidayInput & { hid?: number }) =>
      hid ? api.updateHoliday({ hid, ...input }, { silent: 'form' }) : api.addHoliday(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteHoliday() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (hid: number) => api.delHoliday({ hid }), onSuccess: invalidate });
}

/** Holidays loaded from the packages; a year without data or an unknown place is the dialog's to show. */
export function useImportHolidays() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: CallInput<typeof importHolidays>) => api.importHolidays(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

/** The countries whose holidays can be loaded, and the regions of the chosen one. */
export function useHolidayCountries(country: string | undefined, lang: 'zh' | 'en', enabled: boolean) {
  return useQuery({
    queryKey: ['passRules', 'holidayCountries', country ?? '', lang] as const,
    queryFn: () => api.getHolidayCountries({ country, lang }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePassRules() {
  return useQuery({ queryKey: passRuleKeys.rules, queryFn: () => api.getPassRuleList({}) });
}

export function useSavePassRule() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ rid, ...input }: CallInput<typeof addPassRule> & { rid?: number }) =>
      rid ? api.updatePassRule({ rid, ...input }, { silent: 'form' }) : api.addPassRule(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeletePassRule() {
  const invalidate = useInvalidateAll();
  // 58 (in use) is shown by the list itself, with the count.
  return useMutation({ mutationFn: (rid: number) => api.delPassRule({ rid }, { silent: 'form' }), onSuccess: invalidate });
}

export function usePassConfigs() {
  return useQuery({ queryKey: passRuleKeys.configs, queryFn: () => api.getPassConfigList({}) });
}

export function usePassConfigOptions() {
  return useQuery({ queryKey: passRuleKeys.options, queryFn: () => api.getPassConfigOptions({}) });
}

export function useSavePassConfig() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ cid, ...input }: CallInput<typeof addPassConfig> & { cid?: number }) =>
      cid ? api.updatePassConfig({ cid, ...input }, { silent: 'form' }) : api.addPassConfig(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeletePassConfig() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (cid: number) => api.delPassConfig({ cid }), onSuccess: invalidate });
}

export function useGatePassWays() {
  return useQuery({ queryKey: passRuleKeys.gateWays, queryFn: () => api.getGatePassWay({}) });
}

export function useSetGatePassWay() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (v: { gid: number; passWay: AllowedPassWay }) => api.updateGatePassWay(v), onSuccess: invalidate });
}
