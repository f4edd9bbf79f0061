import { type addBlacklist, type CallInput, type checkBlacklist, type ScreeningMode, Status, type UserInfo } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyKeys } from '../../core/company/public';
import { api, fetchFile, uploadFile } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { LIST_CALLS, type ListKind } from './kinds';
import { type ListFilters, listInput } from './query';

export const listKeys = {
  all: (kind: ListKind) => ['blacklist', kind] as const,
  page: (kind: ListKind, f: ListFilters) => ['blacklist', kind, 'page', listInput(f)] as const,
};

/** True when a save was refused because a phone or certificate number is already on the list (another entry's). */
export function isDuplicate(err: unknown): boolean {
  return err instanceof ApiError && !err.isTransport && err.status === Status.ALREADY_EXISTS;
}

export function useListedPage(kind: ListKind, f: ListFilters) {
  return useQuery({
    queryKey: listKeys.page(kind, f),
    queryFn: () => api.call(LIST_CALLS[kind].get, listInput(f)),
    placeholderData: keepPreviousData,
  });
}

/** An entry as the dialog sends it (the add's input; an edit adds the entry's id). */
export type ListedEntry = Omit<CallInput<typeof addBlacklist>, 'userid'>;

/** Adds an entry, or changes the one `bid` names (its masked numbers sent back keep those held). */
export function useSaveListed(kind: ListKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ bid, entry }: { bid: number | null; entry: ListedEntry }) =>
      bid === null
        ? api.call(LIST_CALLS[kind].add, entry, { silent: 'form' })
        : api.call(LIST_CALLS[kind].update, { ...entry, bid }, { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKeys.all(kind) }),
  });
}

export function useDeleteListed(kind: ListKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bids: number[]) => api.call(LIST_CALLS[kind].del, { bids }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKeys.all(kind) }),
  });
}

/** Sets an entry's photo (its answer is the entry, with the photo's new key); the list shows it at once. */
export function useUploadListedPhoto(kind: ListKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ bid, file, onProgress }: { bid: number; file: File; onProgress?: (fraction: number) => void }) =>
      uploadFile(LIST_CALLS[kind].uploadPhoto, file, file.name, { bid: String(bid) }, { onProgress, silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKeys.all(kind) }),
  });
}

export function useDeleteListedPhoto(kind: ListKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bid: number) => api.call(LIST_CALLS[kind].delPhoto, { bid }),
    onSuccess: () => qc.invalidateQueries({ queryKey: listKeys.all(kind) }),
  });
}

/** How an entry's photo is fetched (the thumbnails cache it by its key). */
export function listedPhotoLoader(kind: ListKind, bid: number) {
  return (signal: AbortSignal) => fetchFile(LIST_CALLS[kind].photo, { bid }, { signal, silent: true });
}

/** A name tried against the lists (the administrator's "test a name"): what screening would answer, nothing stored. */
export function useCheckName() {
  return useMutation({
    mutationFn: (input: CallInput<typeof checkBlacklist>) => api.checkBlacklist(input, { silent: 'form' }),
  });
}

/** Blacklist screening on (1) or off (0); the cached user info follows only once the server has said yes (spec section 4). */
export function useScreeningSwitch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.updateblackListSwitch({ blackListSwitch: on ? 1 : 0 }),
    onSuccess: (_r, on) => qc.setQueryData<UserInfo>(companyKeys.userInfo, (info) => (info ? { ...info, blackListSwitch: on ? 1 : 0 } : info)),
  });
}

/** How names are screened; the cached user info follows once the server has accepted it, as the switch's does. */
export function useScreeningMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mode: ScreeningMode) => api.updateScreeningMode({ screeningMode: mode }),
    onSuccess: (_r, mode) => qc.setQueryData<UserInfo>(companyKeys.userInfo, (info) => (info ? { ...info, screeningMode: mode } : info)),
  });
}
