import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, RootProviders } from './rootProviders';

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
}

describe('RootProviders', () => {
  it('animates nothing for a person who asked their system for reduced motion', () => {
    stubReducedMotion(true);
    render(
      <RootProviders queryClient={createQueryClient()}>
        <Motion />
      </RootProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });

  it('keeps antd’s motion otherwise', () => {
    stubReducedMotion(false);
    render(
      <RootProviders queryClient={createQueryClient()}>
        <Motion />
      </RootProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
