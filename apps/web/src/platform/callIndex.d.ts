/** Built from the contract's registry by apps/web/callIndex.ts: each call's run-time facts, without its schemas. */
declare module 'virtual:openvisit/call-index' {
  import type { ConsoleCallName } from '@openvisit/contract';

  export interface CallFacts {
    /** Only a GET call says so; every other call is a POST. */
    readonly method?: 'GET';
    /** The call's `fieldStatuses`: the statuses its form shows itself, beside 400. */
    readonly form?: readonly number[];
  }
  export const callIndex: { readonly [N in ConsoleCallName]: CallFacts };
}
