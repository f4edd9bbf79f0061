import type { Plugin } from 'vite';
import { allCalls, fieldStatusesOf } from '../../packages/contract/src/index';

/** The module the console's API client imports: src/platform/callIndex.d.ts gives its type. */
const ID = 'virtual:openvisit/call-index';
const RESOLVED = `\0${ID}`;

/**
 * What the console's client needs of each call at run time, without the zod schemas (which would bring every call
 * of every module, and zod, into the first page): the name, GET when the call is one, and the statuses its form shows
 * itself (`fieldStatuses`). Written from the contract's registry at build time, so nothing is declared twice.
 */
export function callIndexSource(): string {
  const index = Object.fromEntries(
    // Device calls are made by door devices, never by the console: its client has no function for them.
    allCalls
      .filter((c) => c.access !== 'device')
      .map((c) => {
        const form = fieldStatusesOf(c);
        return [c.name, { ...(c.method === 'GET' ? { method: 'GET' } : {}), ...(form.length ? { form } : {}) }];
      }),
  );
  return `export const callIndex = ${JSON.stringify(index)};\n`;
}

/** Serves `virtual:openvisit/call-index` to the build, the dev server and the web tests. */
export function callIndexPlugin(): Plugin {
  return {
    name: 'openvisit-call-index',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? callIndexSource() : undefined),
  };
}
