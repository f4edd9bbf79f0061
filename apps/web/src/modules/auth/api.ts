import type { CaptchaKind } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { api } from '../../platform/api';
import { useConfig } from '../../platform/config';
import { handleFormError } from '../../platform/fieldErrors';

const CAPTCHA_KEY = ['auth', 'captcha'] as const;

export interface Captcha {
  /** Whether this installation asks for the image code (runtime configuration). */
  enabled: boolean;
  kind: CaptchaKind;
  /** The picture: characters, or (kind question) a small sum answered with a number. */
  image: string | undefined;
  loading: boolean;
  refresh: () => void;
  /** Characters, or a sum that is easier to read than letters; the server checks both alike. */
  switchKind: (kind: CaptchaKind) => void;
  /**
   * Checks the typed characters (`validationCode`) and answers the digest the next call must carry;
   * undefined when the captcha is off. Throws the ApiError of a wrong code (119).
   */
  verify: (vcode: string | undefined) => Promise<string | undefined>;
}

/** The captcha of the public forms: fetched when enabled, renewed before it expires and on demand. */
export function useCaptcha(): Captcha {
  const config = useConfig();
  const enabled = config.data?.captcha === true;
  const [kind, setKind] = useState<CaptchaKind>('image');
  const query = useQuery({
    queryKey: [...CAPTCHA_KEY, kind],
    // The picture is asked for as before (no kind), so an older server answers it too.
    queryFn: () => api.getValidationCode(kind === 'image' ? {} : { kind }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchInterval: (q) => {
      const expiresIn = q.state.data?.expiresIn;
      return expiresIn ? Math.max(30, expiresIn - 30) * 1000 : false;
    },
  });
  const { refetch, data } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const verify = useCallback(
    async (vcode: string | undefined) => {
      if (!enabled) return undefined;
      if (!data) throw new Error('captcha not loaded');
      await api.validationCode({ digest: data.digest, vcode: vcode ?? '' }, { silent: true });
      // The verified digest is spent by the call that follows: show a fresh picture for any next attempt.
      void refetch();
      return data.digest;
    },
    [enabled, data, refetch],
  );
  return {
    enabled,
    kind,
    image: data?.base64Str,
    loading: query.isFetching,
    refresh,
    switchKind: setKind,
    verify,
  };
}

/**
 * A captcha-protected form submit: verifies the typed code, runs `send` with the digest to spend, and on any
 * failure shows it on the form and clears the code so a fresh picture can be answered.
 */
export function useCaptchaSubmit<V extends { vcode?: string }>(
  form: FormInstance<V>,
  captcha: Captcha,
  send: (values: V, digest: string | undefined) => Promise<void>,
): { busy: boolean; submit: (values: V) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const submit = async (values: V) => {
    setBusy(true);
    try {
      await send(values, await captcha.verify(values.vcode));
    } catch (err) {
      handleFormError(form, err);
      if (captcha.enabled) {
        // antd cannot narrow a field path of a generic form type; `vcode` is guaranteed by V's constraint.
        form.setFieldValue('vcode' as never, '' as never);
        captcha.refresh();
      }
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
