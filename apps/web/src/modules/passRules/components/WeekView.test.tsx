import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { axisHours, WeekView } from './WeekView';

/** jsdom lays nothing out: the axis is this wide. */
function axisWidth(px: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'week-axis' ? px : 0;
  });
}

const labels = () => [...screen.getByTestId('week-axis').children].map((c) => c.textContent);

describe('week at a glance: the hour axis', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('names 0, 6, 12, 18 and 24 o’clock on a wide axis, each label on one line', () => {
    axisWidth(600);
    render(<WeekView days={[{ key: 'mon', slots: ['08:00-18:00'] }]} />);
    expect(labels()).toEqual(['00:00', '06:00', '12:00', '18:00', '24:00']);
    for (const label of screen.getByTestId('week-axis').children) expect((label as HTMLElement).style.whiteSpace).toBe('nowrap');
  });

  it('leaves hours out where their labels would run into each other', () => {
    axisWidth(150);
    render(<WeekView days={[{ key: 'mon', slots: [] }]} />);
    expect(labels()).toEqual(['00:00', '12:00', '24:00']);
    expect(axisHours(60)).toEqual([0, 24]);
    // Each label needs about 44 px around its place: five fit from 220 px.
    expect(axisHours(219)).toEqual([0, 12, 24]);
    expect(axisHours(220)).toEqual([0, 6, 12, 18, 24]);
  });
});
