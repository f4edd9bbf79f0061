import type { LoginResult } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api';
import { currentLang } from '../../platform/i18n';
import { answerCreate, answerGet } from './webauthn';

const keys = ['passkeys'] as const;

export function usePasskeys() {
  return useQuery({ queryKey: keys, queryFn: () => api.getPasskeys({}) });
}

function useChange<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: keys }) });
}

/** The whole ceremony of adding one: the server's options, the browser's prompt, the server's check. */
export function useAddPasskey() {
  return useChange(async (name: string) => {
    const { ceremony, options } = await api.addPasskeyStart({});
    const response = await answerCreate(options);
    return api.addPasskey({ ceremony, name, response }, { silent: 'form' });
  });
}

export const useRenamePasskey = () => useChange((v: { id: number; name: string }) => api.renamePasskey(v, { silent: 'form' }));
export const useRemovePasskey = () => useChange((id: number) => api.removePasskey({ id }));
export const useSetTwoStep = () => useChange((on: boolean) => api.setTwoStep({ on }));
export const useNewRecoveryCodes = () => useChange(() => api.newRecoveryCodes({}));

/** Signing in with any of the site's passkeys, the browser's prompt choosing (no name typed). */
export async function passkeySignIn(): Promise<LoginResult> {
  const { ceremony, options } = await api.passkeySignInStart({}, { silent: true });
  const response = await answerGet(options);
  return api.passkeySignIn({ ceremony, response, lang: currentLang() }, { silent: true });
}

/** The second step of a password sign-in that answered 1421: the account's passkey, or a recovery code. */
export async function secondStep(ceremony: string, answer: { options: Record<string, unknown> } | { recoveryCode: string }): Promise<LoginResult> {
  const lang = currentLang();
  if ('recoveryCode' in answer) return api.passkeySecondStep({ ceremony, recoveryCode: answer.recoveryCode, lang }, { silent: true });
  return api.passkeySecondStep({ ceremony, response: await answerGet(answer.options), lang }, { silent: true });
}
