import { type Mock, vi } from 'vitest';
import { DEFAULT_SETTINGS, type KioskConfig } from './config';
import type { Kiosk } from './context';
import type { OfflineQueue } from './offlineQueue';

/** The kiosk with its actions as mocks a test can read (those it hands in are its own mocks). */
export type TestKiosk = Kiosk & {
  enqueue: Mock<Kiosk['enqueue']>;
  finish: Mock<Kiosk['finish']>;
  home: Mock<Kiosk['home']>;
  hold: Mock<NonNullable<Kiosk['hold']>>;
};

type Actions = Partial<Pick<TestKiosk, 'enqueue' | 'finish' | 'home' | 'hold'>>;

/**
 * The kiosk a screen's test runs in: a visitor machine of Acme signed in, the default settings, no pictures, English,
 * every action a mock. A test names only what it is about (the config's parts, the language, an action it watches).
 */
export function testKiosk(
  over: Partial<Omit<Kiosk, 'config' | 'session' | keyof Actions>> &
    Actions & { config?: Partial<KioskConfig>; session?: Partial<Kiosk['session']> } = {},
): TestKiosk {
  const { config, session, ...rest } = over;
  return {
    session: { token: 't', userid: 1, company: config?.company ?? 'Acme', role: 4, tokenExpire: 0, ...session },
    config: { company: 'Acme', settings: DEFAULT_SETTINGS, gates: [], types: [], ...config },
    pictures: { logo: null, background: null, carousel: [], defaultPhoto: null },
    queue: {} as OfflineQueue,
    lang: 'en',
    enqueue: vi.fn(async () => ({ matched: false })),
    finish: vi.fn(),
    home: vi.fn(),
    hold: vi.fn(),
    ...rest,
  };
}
