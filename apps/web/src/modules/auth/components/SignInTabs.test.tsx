import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { ONE_ROW_QUERY, SignInTabs } from './SignInTabs';

/** A window of the given width, as matchMedia answers the tab bar's query. */
function windowOf(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === ONE_ROW_QUERY && width >= 1024,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function renderTabs() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SignInTabs value="admin" onChange={() => {}} />
    </AppProviders>,
  );
  return screen.getByRole('tablist');
}

describe('SignInTabs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the five kinds in one row on a desktop, with tighter buttons (issue 35)', () => {
    windowOf(1366);
    const list = renderTabs();
    expect(list.dataset.layout).toBe('row');
    expect(list.className).not.toContain('ant-flex-wrap-wrap');
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(5);
    for (const tab of tabs) expect(tab.style.paddingInline).toBe('8px');
  });

  it('wraps them to rows on a phone, every kind still a full-size tab', () => {
    windowOf(390);
    const list = renderTabs();
    expect(list.dataset.layout).toBe('wrap');
    expect(list.className).toContain('ant-flex-wrap-wrap');
    for (const tab of screen.getAllByRole('tab')) {
      expect(tab.style.paddingInline).toBe('');
      expect(tab.style.height).toBe('44px');
    }
    expect(screen.getByRole('tab', { selected: true }).textContent).toBeTruthy();
  });
});
