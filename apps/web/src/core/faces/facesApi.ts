import {
  type AbnormalKind,
  FACE_IMAGE_EXTENSIONS,
  FACE_UPLOAD_MAX_BYTES,
  FACE_ZIP_MAX_BYTES,
  fileExtension,
  Status,
  updateAllFace,
  uploadEmpFace,
  uploadEmpFaceZip,
} from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { canCall } from '../../platform/access';
import { api, uploadFile } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { peopleKeys } from '../people/public';

/**
 * Query keys. Photos are keyed by the stored key (an employee's `avatar`, a watchlist entry's `photo`), which changes
 * with every new photo, so a cached photo is never stale and list refreshes do not fetch it again; the exceptions
 * live under `people` and are refreshed by every people write.
 */
export const faceKeys = {
  /** Any stored photo by its key: the keys of the file store are unique across kinds of photo. */
  photo: (key: string) => ['storedPhoto', key] as const,
  abnormal: ['people', 'abnormal'] as const,
  abnormalPage: (kind: AbnormalKind | undefined, startIndex: number, size: number) =>
    ['people', 'abnormal', kind ?? 'all', startIndex, size] as const,
};

/** A batch archive may hold thousands of photos, each decoded and scaled: far beyond the usual timeout. */
export const FACE_ZIP_TIMEOUT_MS = 15 * 60_000;

/** The face kinds of the exceptions (the others are unbound work number and email). */
export const FACE_PROBLEM_KINDS = ['faceError', 'noFace', 'multipleFaces', 'tooBig', 'duplicateNo'] as const satisfies readonly AbnormalKind[];

/** Why a chosen file is refused before it is sent (the contract's limits). */
export type FaceFileProblem = 'type' | 'size';

export function checkFacePhoto(file: { name: string; size: number }): FaceFileProblem | null {
  if (!(FACE_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return 'type';
  return file.size > FACE_UPLOAD_MAX_BYTES ? 'size' : null;
}

export function checkFaceZip(file: { name: string; size: number }): 'notZip' | 'zipSize' | null {
  if (fileExtension(file.name) !== 'zip') return 'notZip';
  return file.size > FACE_ZIP_MAX_BYTES ? 'zipSize' : null;
}

/** "1.5 MB", "15 MB", "800 KB": sizes in the messages. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}

/** The `file` field failures of a refused upload (`file/type`, `file/imageTooSmall`, `file/size`, `file/tooManyFiles`). */
export function fileRules(err: unknown): string[] {
  if (!(err instanceof ApiError) || err.isTransport || err.status !== Status.BAD_PARAMS) return [];
  return err.fieldErrors.filter((e) => e.field === 'file').map((e) => e.rule);
}

/** Sending every photo to the devices: whoever the contract lets call updateAllFace. */
export function canQueueFaces(): boolean {
  return canCall(updateAllFace);
}

/** A stored photo as a Blob, fetched only when `enabled` (e.g. once on screen) and kept by its stored key ('' for none). */
export function useStoredPhoto(photoKey: string, load: (signal: AbortSignal) => Promise<Blob>, enabled = true) {
  return useQuery({
    queryKey: faceKeys.photo(photoKey),
    queryFn: ({ signal }) => load(signal),
    enabled: enabled && photoKey !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/** An object URL for a Blob, revoked when the Blob changes or the component goes. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

function useInvalidatePeople() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: peopleKeys.all });
}

export function useUploadFace() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: ({ empid, file, onProgress }: { empid: number; file: File; onProgress?: (fraction: number) => void }) =>
      uploadFile(uploadEmpFace, file, file.name, { empid: String(empid) }, { onProgress, silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteFace() {
  const invalidate = useInvalidatePeople();
  return useMutation({ mutationFn: (empid: number) => api.deleteEmpFace({ empid }), onSuccess: invalidate });
}

export function useUploadFaceZip() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      uploadFile(uploadEmpFaceZip, file, file.name, {}, { onProgress, silent: 'form', timeoutMs: FACE_ZIP_TIMEOUT_MS }),
    onSuccess: invalidate,
  });
}

export function useQueueAllFaces() {
  const invalidate = useInvalidatePeople();
  return useMutation({ mutationFn: () => api.updateAllFace({}), onSuccess: invalidate });
}

/** The exceptions of one kind (or all face problems), paged; every answer carries the counts per kind. */
export function useAbnormal(kind: AbnormalKind | undefined, startIndex: number, size: number, enabled = true) {
  return useQuery({
    queryKey: faceKeys.abnormalPage(kind, startIndex, size),
    queryFn: () => api.getAbnormalEmployee({ kind, startIndex, requestedCount: size }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
