import {
  type addExtendVisitor,
  type addVisitorType,
  type CallInput,
  delGate,
  fieldStatusesOf,
  fileExtension,
  PAD_IMAGE_EXTENSIONS,
  PAD_UPLOAD_MAX_BYTES,
  type PadPictureKind,
  type PadSettings,
  padLogo,
  padPicture,
  Status,
  type UserInfo,
  type updateCardStyle,
  updateDefaultPhoto,
  type updateExtendVisitor,
  updateLogo,
  type updateVisitorType,
  uploadBackgroundPic,
  uploadCarouselPic,
} from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { companyKeys, useUserInfo } from '../../core/company/public';
import { siteKeys } from '../../core/sites/public';
import { api, fetchFile, uploadFile } from '../../platform/api';
import { ApiError } from '../../platform/apiError';

/** The sites kernel's keys (core/sites) and the pad's pictures. */
export const registrationKeys = {
  ...siteKeys,
  picture: (key: string) => ['padPicture', key] as const,
};

function useInvalidate(...keys: (readonly string[])[]) {
  const qc = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useAddVisitorType() {
  const invalidate = useInvalidate(registrationKeys.all, registrationKeys.gates);
  return useMutation({
    mutationFn: (input: CallInput<typeof addVisitorType>) => api.addVisitorType(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useUpdateVisitorType() {
  const invalidate = useInvalidate(registrationKeys.all);
  return useMutation({
    mutationFn: (input: CallInput<typeof updateVisitorType>) => api.updateVisitorType(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteVisitorType() {
  const invalidate = useInvalidate(registrationKeys.all, registrationKeys.gates);
  return useMutation({ mutationFn: (tid: number) => api.delVisitorType({ tid }), onSuccess: invalidate });
}

export function useSortVisitorTypes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tids: number[]) => api.sortVisitorType({ tids }),
    onSuccess: (types) => qc.setQueryData(registrationKeys.types, types),
  });
}

export function useAddField() {
  const invalidate = useInvalidate(registrationKeys.all);
  return useMutation({
    mutationFn: (input: CallInput<typeof addExtendVisitor>) => api.addExtendVisitor(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useUpdateField() {
  const invalidate = useInvalidate(registrationKeys.all);
  return useMutation({
    mutationFn: (input: CallInput<typeof updateExtendVisitor>) => api.updateExtendVisitor(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteField() {
  const invalidate = useInvalidate(registrationKeys.all);
  return useMutation({ mutationFn: (eid: number) => api.delExtendVisitor({ eid }), onSuccess: invalidate });
}

export function useSortFields() {
  const invalidate = useInvalidate(registrationKeys.all);
  return useMutation({ mutationFn: (eids: number[]) => api.sortExtendVisitor({ eids }), onSuccess: invalidate });
}

export function useAddGate() {
  const invalidate = useInvalidate(registrationKeys.gates);
  return useMutation({ mutationFn: (gname: string) => api.addGate({ gname }, { silent: 'form' }), onSuccess: invalidate });
}

export function useRenameGate() {
  const invalidate = useInvalidate(registrationKeys.gates);
  return useMutation({
    mutationFn: (input: { gid: number; gname: string }) => api.updateGate(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteGate() {
  const invalidate = useInvalidate(registrationKeys.gates);
  return useMutation({ mutationFn: (gid: number) => api.delGate({ gid }, { silent: fieldStatusesOf(delGate) }), onSuccess: invalidate });
}

// ---------------------------------------------------------------------------------------------
// Pad settings: part of the company settings (GetUserInfo); each change updates that cache with the answer
// ---------------------------------------------------------------------------------------------

/** The pad settings as GetUserInfo answers them. */
export function usePadSettings(): { data: PadSettings | undefined; isPending: boolean } {
  const info = useUserInfo();
  return { data: info.data, isPending: info.isPending };
}

function useStoreSettings() {
  const qc = useQueryClient();
  return (settings: PadSettings) => qc.setQueryData<UserInfo>(companyKeys.userInfo, (old) => (old ? { ...old, ...settings } : old));
}

type PadWrite =
  | { call: 'UpdateThemeColor'; input: { themecolor: string } }
  | { call: 'updateCardStyle'; input: CallInput<typeof updateCardStyle> }
  | { call: 'updateQRcode'; input: { qrcodeSwitch: 0 | 1 } }
  | { call: 'updateComeAgain'; input: { comeAgain: 0 | 1 } }
  | { call: 'updateSignOutSwitch'; input: { signOutSwitch: 0 | 1 } }
  | { call: 'updateFaceScaner'; input: { faceScaner: 0 | 1 } }
  | { call: 'updateSecureProtocol'; input: { secureProtocol: string; secureProtocolEn?: string } }
  | { call: 'updateEscapeClause'; input: { escapeClause: string } }
  | { call: 'updateCarouselPic'; input: { carouselPic: string[] } }
  | { call: 'delPadPicture'; input: { kind: 'logo' | 'backgroundPic' | 'defaultPhoto' } };

function send(w: PadWrite): Promise<PadSettings> {
  const opts = { silent: 'form' } as const;
  switch (w.call) {
    case 'UpdateThemeColor':
      return api.UpdateThemeColor(w.input, opts);
    case 'updateCardStyle':
      return api.updateCardStyle(w.input, opts);
    case 'updateQRcode':
      return api.updateQRcode(w.input);
    case 'updateComeAgain':
      return api.updateComeAgain(w.input);
    case 'updateSignOutSwitch':
      return api.updateSignOutSwitch(w.input);
    case 'updateFaceScaner':
      return api.updateFaceScaner(w.input);
    case 'updateSecureProtocol':
      return api.updateSecureProtocol(w.input, opts);
    case 'updateEscapeClause':
      return api.updateEscapeClause(w.input, opts);
    case 'updateCarouselPic':
      return api.updateCarouselPic(w.input);
    case 'delPadPicture':
      return api.delPadPicture(w.input);
  }
}

/** Any pad setting call; the answer (all pad settings) goes into the GetUserInfo cache. */
export function usePadWrite() {
  const store = useStoreSettings();
  return useMutation({ mutationFn: send, onSuccess: store });
}

const UPLOAD_CALLS = {
  logo: updateLogo,
  backgroundPic: uploadBackgroundPic,
  defaultPhoto: updateDefaultPhoto,
  carouselPic: uploadCarouselPic,
} as const;

export function usePictureUpload(kind: PadPictureKind) {
  const store = useStoreSettings();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      uploadFile(UPLOAD_CALLS[kind], file, file.name, {}, { onProgress, silent: 'form' }),
    onSuccess: store,
  });
}

/** Why a chosen picture is refused before it is sent. */
export function checkPictureFile(file: { name: string; size: number }): 'type' | 'size' | null {
  if (!(PAD_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return 'type';
  return file.size > PAD_UPLOAD_MAX_BYTES ? 'size' : null;
}

/** The `file` rules of a refused upload, or ['type'] for 620. */
export function pictureRules(err: unknown): string[] {
  if (!(err instanceof ApiError) || err.isTransport) return [];
  if (err.status === Status.FILE_TYPE_ERROR) return ['type'];
  if (err.status !== Status.BAD_PARAMS) return [];
  return err.fieldErrors.filter((e) => e.field === 'file').map((e) => e.rule);
}

/**
 * An object URL of a stored pad picture ('' while loading or without one), fetched with the session header and
 * kept by its key (a new picture has a new key); the URL is revoked when the key changes or the component goes.
 */
export function usePictureUrl(key: string, kind: 'logo' | 'picture'): string {
  const blob = useQuery({
    queryKey: registrationKeys.picture(key),
    queryFn: ({ signal }) => fetchFile(kind === 'logo' ? padLogo : padPicture, { key }, { signal, silent: true }),
    enabled: key !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (!blob.data || !key) {
      setUrl('');
      return;
    }
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data, key]);
  return url;
}
