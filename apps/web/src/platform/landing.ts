import type { LoginResult } from '@openvisit/contract';
import type { Features, SType } from './routes';
import type { ConsoleRole } from './session';

export interface PostLoginInput {
  result: Pick<LoginResult, 'guidePending' | 'mustChangePassword' | 'sType' | 'adminType' | 'modules'> & { role?: number };
  role: ConsoleRole;
  redirect?: string | null;
  features?: Features;
}

/** Where a role lands: derived from the shell's route tables, which the modules' screens cannot import. */
export interface Landing {
  homePath(role: ConsoleRole, features?: Features, sType?: SType): string;
  postLoginPath(input: PostLoginInput): string;
}

let landing: Landing | null = null;

/** The shell hands its landing rules in at start-up (app/start.ts). */
export function provideLanding(impl: Landing): void {
  landing = impl;
}

function provided(): Landing {
  if (!landing) throw new Error('no landing rules: app/start.ts provides them before the first render');
  return landing;
}

/** The home of a role: the first screen of its area it may open (for the signed-in sub-type unless given). */
export function homePath(role: ConsoleRole, features?: Features, sType?: SType): string {
  return provided().homePath(role, features, sType);
}

/** Where a successful sign-in goes (password change, onboarding, a safe redirect, else the role's home). */
export function postLoginPath(input: PostLoginInput): string {
  return provided().postLoginPath(input);
}
