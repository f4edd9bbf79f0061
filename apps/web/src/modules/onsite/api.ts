import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { visitKeys } from '../../core/visits/public';
import { API_BASE, api } from '../../platform/api';
import { getToken } from '../../platform/session';

export const onSiteKey = ['visits', 'onSiteList'] as const;

export function useOnSiteList() {
  return useQuery({ queryKey: onSiteKey, queryFn: () => api.getOnSiteList({}) });
}

export interface OnSiteMove {
  vid: number;
  kind: string;
  gid: number | null;
  move: 'in' | 'out';
}

/** The stream's state, shown on the board: live, or (re)connecting after a drop. */
export type StreamState = 'connecting' | 'live';

/**
 * Follows GET /api/events/onsite (server-sent events, read with fetch since EventSource cannot send the token header):
 * each arrival or departure refreshes the on-site queries and is handed to `onMove`. Reconnects after a drop, waiting
 * a little longer each time (at most 10 s); a refused session stops it (the error policy has signed the user out).
 */
export function useOnSiteEvents(onMove?: (m: OnSiteMove) => void): StreamState {
  const qc = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const handler = useRef(onMove);
  handler.current = onMove;
  useEffect(() => {
    const abort = new AbortController();
    let wait = 500;
    const run = async (): Promise<void> => {
      while (!abort.signal.aborted) {
        try {
          const res = await fetch(`${API_BASE}events/onsite`, { headers: { 'x-coolvisit-token': getToken() ?? '' }, signal: abort.signal });
          if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
            // An envelope instead of a stream: the session is gone; nothing to retry.
            if (res.ok) return;
            throw new Error(`HTTP ${res.status}`);
          }
          setState('live');
          wait = 500;
          // Anything missed while disconnected.
          void qc.invalidateQueries({ queryKey: visitKeys.all });
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, i);
              buffer = buffer.slice(i + 2);
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (!/^event: onsite$/m.test(block) || !data) continue;
              handler.current?.(JSON.parse(data) as OnSiteMove);
              void qc.invalidateQueries({ queryKey: visitKeys.all });
            }
          }
        } catch {
          if (abort.signal.aborted) return;
        }
        setState('connecting');
        await new Promise((r) => setTimeout(r, wait));
        wait = Math.min(wait * 2, 10_000);
      }
    };
    void run();
    return () => abort.abort();
  }, [qc]);
  return state;
}
