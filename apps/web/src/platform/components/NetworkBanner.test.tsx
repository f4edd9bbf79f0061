import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api';
import { i18n } from '../i18n';
import { onBackOnline, PROBE_EVERY_MS } from '../network';
import { NetworkBanner } from './NetworkBanner';

function browserGoes(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('NetworkBanner', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows an error offline, a success back online, and hides it after 2 s', async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers();
    render(<NetworkBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => browserGoes(false));
    expect(screen.getByRole('status').textContent).toContain('The network is disconnected');
    act(() => browserGoes(true));
    expect(screen.getByRole('status').textContent).toContain('The network is connected again');
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('counts a server that does not answer as offline while the browser thinks it is online, and notices its return', async () => {
    await i18n.changeLanguage('en');
    let serverUp = false;
    const fetchMock = vi.fn(async (url: string) => {
      if (!serverUp) throw new TypeError('Failed to fetch');
      return new Response(url === '/healthz' ? 'ok' : JSON.stringify({ status: 0, reason: '', result: {} }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const back = vi.fn();
    const stop = onBackOnline(back);
    vi.useFakeTimers();
    render(<NetworkBanner />);
    await act(async () => {
      await api.GetUserInfo({}, { silent: true }).catch(() => undefined);
    });
    expect(screen.getByRole('status').textContent).toContain('The network is disconnected');
    // Still down: the probe finds nothing.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS);
    });
    expect(screen.getByRole('status').textContent).toContain('The network is disconnected');
    expect(back).not.toHaveBeenCalled();
    serverUp = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS);
    });
    expect(fetchMock).toHaveBeenCalledWith('/healthz', expect.anything());
    expect(screen.getByRole('status').textContent).toContain('The network is connected again');
    expect(back).toHaveBeenCalledTimes(1);
    stop();
  });
});
