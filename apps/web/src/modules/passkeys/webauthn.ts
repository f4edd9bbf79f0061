import type { addPasskey, CallInput, passkeySignIn } from '@openvisit/contract';
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';

/** Whether this browser can use passkeys here (a secure context with WebAuthn: https, or localhost). */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && window.isSecureContext && browserSupportsWebAuthn();

/** The person left the browser's prompt (cancelled, timed out, or no passkey of this site on the device). */
export class PromptDismissed extends Error {}

const dismissed = (e: unknown) => e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError');

export async function answerCreate(options: Record<string, unknown>): Promise<CallInput<typeof addPasskey>['response']> {
  try {
    return (await startRegistration({ optionsJSON: options as never })) as CallInput<typeof addPasskey>['response'];
  } catch (e) {
    throw dismissed(e) ? new PromptDismissed() : e;
  }
}

export async function answerGet(options: Record<string, unknown>): Promise<CallInput<typeof passkeySignIn>['response']> {
  try {
    return (await startAuthentication({ optionsJSON: options as never })) as CallInput<typeof passkeySignIn>['response'];
  } catch (e) {
    throw dismissed(e) ? new PromptDismissed() : e;
  }
}
