import type { Lang, LoginResult, LogisticsBooking, Visit } from '@openvisit/contract';
import { createContext, useContext } from 'react';
import type { KioskConfig } from './config';
import type { OfflineQueue } from './offlineQueue';
import type { Enqueue } from './offlineScreening';

/** The pictures of the pad settings as object URLs (null when not set or not loaded). */
export interface KioskPictures {
  logo: string | null;
  background: string | null;
  carousel: string[];
  defaultPhoto: string | null;
}

/** How a visitor's errand ended: what the result screen shows. */
export type Outcome =
  | { kind: 'signedIn' | 'awaiting' | 'repeated'; visit: Visit; photo: string | null }
  /** Taken offline; `matched`: the offline screening matched the watchlists, the visitor is sent to reception. */
  | { kind: 'queued'; label: string; matched?: boolean }
  | { kind: 'refused' }
  | { kind: 'signedOut'; names: string[] }
  | { kind: 'truck'; move: 'arrive' | 'leave'; booking: LogisticsBooking };

export interface Kiosk {
  session: LoginResult;
  config: KioskConfig;
  pictures: KioskPictures;
  queue: OfflineQueue;
  lang: Lang;
  /**
   * Adds a record taken offline and tries to send it at once; the person it names (when given) is screened first
   * against the kiosk's copy of the watchlists, and the record marked when they matched.
   */
  enqueue: Enqueue;
  finish: (outcome: Outcome) => void;
  home: () => void;
  /** While on, the kiosk does not return to its start screen for want of touches (a visitor watching the video). */
  hold?: (on: boolean) => void;
  /** Opens the privacy panel (the notice and the privacy page's code) over the current screen; left out without a privacy page. */
  showPrivacy?: () => void;
}

export const KioskContext = createContext<Kiosk | null>(null);

export function useKiosk(): Kiosk {
  const k = useContext(KioskContext);
  if (!k) throw new Error('useKiosk outside the kiosk');
  return k;
}
