import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { NetworkBanner } from './NetworkBanner';

describe('NetworkBanner', () => {
  afterEach(() => vi.useRealTimers());

  it('shows an error offline, a success back online, and hides it after 2 s', async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers();
    render(<NetworkBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toContain('The network is disconnected');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
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
});
