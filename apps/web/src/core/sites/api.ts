import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api';

/** Query keys: types and fields refresh together (a type lists the fields it shows, a field the types showing it). */
export const siteKeys = {
  all: ['registration'] as const,
  types: ['registration', 'types'] as const,
  fields: ['registration', 'fields'] as const,
  gates: ['registration', 'gates'] as const,
};

export function useVisitorTypes() {
  return useQuery({ queryKey: siteKeys.types, queryFn: () => api.getVisitorType({}) });
}

export function useVisitorFields() {
  return useQuery({ queryKey: siteKeys.fields, queryFn: () => api.GetExtendVisitor({}) });
}

export function useGates() {
  return useQuery({ queryKey: siteKeys.gates, queryFn: () => api.getGate({}) });
}
