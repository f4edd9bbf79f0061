import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInactivity } from './useInactivity';

function Probe({ active, onTimeout }: { active: boolean; onTimeout: () => void }) {
  const { secondsLeft, keepAlive } = useInactivity({ active, onTimeout, timeoutMs: 60_000, countdownMs: 10_000 });
  return (
    <div>
      <span data-testid="left">{secondsLeft ?? 'none'}</span>
      <button type="button" onClick={keepAlive}>
        stay
      </button>
    </div>
  );
}

describe('inactivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('counts down the last 10 s of a minute without activity, then goes back to the start screen once', () => {
    const onTimeout = vi.fn();
    render(<Probe active onTimeout={onTimeout} />);
    advance(49_000);
    expect(screen.getByTestId('left').textContent).toBe('none');
    advance(1_500);
    expect(screen.getByTestId('left').textContent).toBe('10');
    advance(5_000);
    expect(screen.getByTestId('left').textContent).toBe('5');
    expect(onTimeout).not.toHaveBeenCalled();
    advance(5_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('left').textContent).toBe('none');
  });

  it('a touch or a key restarts the clock', () => {
    const onTimeout = vi.fn();
    render(<Probe active onTimeout={onTimeout} />);
    advance(55_000);
    expect(screen.getByTestId('left').textContent).not.toBe('none');
    fireEvent.pointerDown(document.body);
    advance(500);
    expect(screen.getByTestId('left').textContent).toBe('none');
    advance(55_000);
    fireEvent.keyDown(document.body, { key: 'a' });
    advance(55_000);
    expect(onTimeout).not.toHaveBeenCalled();
    advance(6_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('"I am still here" restarts it; an inactive screen (the start screen) never times out', () => {
    const onTimeout = vi.fn();
    const { rerender } = render(<Probe active onTimeout={onTimeout} />);
    advance(58_000);
    act(() => screen.getByRole('button', { name: 'stay' }).click());
    advance(30_000);
    expect(onTimeout).not.toHaveBeenCalled();
    rerender(<Probe active={false} onTimeout={onTimeout} />);
    advance(600_000);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(screen.getByTestId('left').textContent).toBe('none');
  });
});
