import { addTrainingVideo, type CallInput, checkVideoFile, type getTrainingVideo, Status, VIDEO_MAX_BYTES } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../platform/api';
import { defineListParams, type ListValues, pageWindow, text } from '../../platform/list';

/** Training videos (/question/detail): the list's search and paging, kept in the URL. */
export const videoParams = defineListParams({ q: text(50) });
export type VideoFilters = ListValues<typeof videoParams>;

export const videoKeys = {
  all: ['questionnaires', 'videos'] as const,
  page: (f: VideoFilters) => ['questionnaires', 'videos', 'page', videoInput(f)] as const,
};

export function videoInput(f: VideoFilters): CallInput<typeof getTrainingVideo> {
  return { ...pageWindow(f), ...(f.q !== '' && { title: f.q }) };
}

export function useVideosPage(f: VideoFilters) {
  return useQuery({ queryKey: videoKeys.page(f), queryFn: () => api.getTrainingVideo(videoInput(f)), placeholderData: keepPreviousData });
}

/** An upload may take minutes on a slow line: its time limit is the size's at 64 KB/s, at least two minutes. */
export function uploadTimeoutMs(bytes: number): number {
  return Math.max(120_000, Math.ceil(bytes / 64_000) * 1000);
}

/** Sends a video with its title; progress as a fraction; `signal` cancels it (the server then keeps nothing). */
export function useUploadVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ title, file, onProgress, signal }: { title: string; file: File; onProgress: (f: number) => void; signal: AbortSignal }) =>
      uploadFile(addTrainingVideo, file, file.name, { title }, { onProgress, signal, silent: 'form', timeoutMs: uploadTimeoutMs(file.size) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.all }),
  });
}

export function useDeleteVideo() {
  const qc = useQueryClient();
  return useMutation({
    // 692 (a questionnaire shows it) is told by the page, with the questionnaires' names.
    mutationFn: (id: number) => api.delTrainingVideo({ id }, { silent: [Status.VIDEO_IN_USE] }),
    onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.all }),
  });
}

/** The contract's check of a chosen file, before anything is sent: 'type' (not .mp4) or 'size' (over 200 MB). */
export function checkVideo(file: { name: string; size: number }): 'type' | 'size' | null {
  return checkVideoFile(file.name, file.size);
}

export { VIDEO_MAX_BYTES };

/** 12.3 MB, 456 KB. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}

/** 1:05, 1:02:03. */
export function formatPlayTime(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
