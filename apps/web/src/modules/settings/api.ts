import { type FieldError, Status } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { api } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { displayError } from '../../platform/notify';

/** Puts a 400's field errors on the form's fields with `text(rule)`; anything else goes to the error policy. */
export function showWriteError(form: FormInstance, err: unknown, text: (rule: string, field: string) => string): void {
  if (err instanceof ApiError && err.status === Status.BAD_PARAMS && err.http === undefined) {
    const names = new Set(Object.keys(form.getFieldsValue()));
    const mine = (err.fieldErrors as FieldError[]).filter((e) => names.has(e.field));
    if (mine.length) {
      form.setFields(mine.map((e) => ({ name: e.field, errors: [text(e.rule, e.field)] })));
      return;
    }
  }
  if (err instanceof ApiError) displayError(err);
}

const bookingAppKey = ['settings', 'bookingApp'] as const;

/** The company's booking app (appCode and secret), for its own site or app to book visits with a signature. */
export function useBookingApp() {
  return useQuery({ queryKey: bookingAppKey, queryFn: () => api.getBookingApp({}) });
}

/** Makes the app or gives it a new secret; the answer is the app as it now is. */
export function useResetBookingApp() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => api.resetBookingApp({}), onSuccess: (app) => qc.setQueryData(bookingAppKey, app) });
}

export function useRemoveBookingApp() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => api.delBookingApp({}), onSuccess: () => qc.invalidateQueries({ queryKey: bookingAppKey }) });
}
