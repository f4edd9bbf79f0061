import type { AppContactChannel } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import type { DirectoryProvider } from './contacts.providers.js';

/** What reading a work app needs: a call's or a job's context. */
export type AppDirectoryDeps = Pick<AuthedContext, 'tenant' | 'config' | 'services'>;

/**
 * A directory read through a company's work app (Feishu, WeCom). The im module owns the apps and their credentials and
 * hands its directories in at start-up (app.ts), so the sync reaches them without importing im (im imports contacts).
 */
export interface AppDirectory {
  /** The provider of the company's app; null when the app is not set up (no id or secret saved). */
  provider(deps: AppDirectoryDeps): Promise<DirectoryProvider | null>;
}

const apps = new Map<AppContactChannel, AppDirectory>();

export function registerAppDirectory(channel: AppContactChannel, directory: AppDirectory): void {
  apps.set(channel, directory);
}

/** The provider of a work app's directory, null when the app is not set up (or, in a build without im, unknown). */
export function appDirectoryProvider(deps: AppDirectoryDeps, channel: AppContactChannel): Promise<DirectoryProvider | null> {
  return apps.get(channel)?.provider(deps) ?? Promise.resolve(null);
}
