import { Status } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { stubServer } from '../../../testing/stubServer';
import { HolidaysPanel } from './HolidaysPanel';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

function open() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <HolidaysPanel />
    </AppProviders>,
  );
}

const KEPT = { hdate: '2026-10-01', hname: 'Company day', passFlag: 1, importedName: 'National Day', importedFlag: 1 };

describe('HolidaysPanel › loading public holidays', () => {
  it("loads the mainland's days, lists the days kept, and replaces them only when asked", async () => {
    const s = stubServer({
      getHoliday: () => ({ status: 0, result: [] }),
      importHolidays: (b) =>
        b.replace
          ? { status: 0, result: { added: 0, replaced: 1, unchanged: 32, kept: [] } }
          : { status: 0, result: { added: 20, replaced: 0, unchanged: 12, kept: [KEPT] } },
    });
    open();
    fireEvent.click(await screen.findByTestId('holiday-load'));
    const dialog = await screen.findByTestId('holiday-load-modal');
    fireEvent.click(within(dialog).getByLabelText("Mainland China's statutory holidays and make-up working days"));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(s.bodies('importHolidays')).toHaveLength(1));
    expect(s.bodies('importHolidays')[0]).toMatchObject({ year: new Date().getFullYear(), source: 'cn' });
    expect(await screen.findByText('20 days added, 12 already set')).toBeTruthy();
    // The edited day is named, with the package's, and kept unless the reader replaces it.
    expect((await screen.findAllByText('1 day you set differently was kept')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('holiday-kept').textContent).toContain('2026-10-01: yours “Company day”, the package’s “National Day”');
    fireEvent.click(screen.getByRole('button', { name: 'Use the package’s' }));
    await waitFor(() => expect(s.bodies('importHolidays')).toHaveLength(2));
    expect(s.bodies('importHolidays')[1]).toMatchObject({ source: 'cn', replace: true });
    expect(await screen.findByText('1 day replaced')).toBeTruthy();
  });

  it("a country and region from the package's list; a year without data is said on the dialog", async () => {
    const s = stubServer({
      getHoliday: () => ({ status: 0, result: [] }),
      getHolidayCountries: (b) => ({
        status: 0,
        result: { countries: [{ code: 'DE', name: 'Germany' }], regions: b.country === 'DE' ? [{ code: 'BY', name: 'Bavaria' }] : [] },
      }),
      importHolidays: (b) =>
        b.region === 'BY'
          ? { status: 0, result: { added: 13, replaced: 0, unchanged: 0, kept: [] } }
          : { status: Status.BAD_PARAMS, result: { errors: [{ field: 'year', rule: 'noData' }] } },
    });
    open();
    fireEvent.click(await screen.findByTestId('holiday-load'));
    const dialog = await screen.findByTestId('holiday-load-modal');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(await within(dialog).findByText('Choose a country')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Country' }));
    fireEvent.click(await screen.findByText('Germany (DE)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(await within(dialog).findByText(`The package has no holidays for ${new Date().getFullYear()} yet`)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Region (optional)' }));
    fireEvent.click(await screen.findByText('Bavaria (BY)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(await screen.findByText('13 days added, 0 already set')).toBeTruthy();
    expect(s.bodies('importHolidays').at(-1)).toMatchObject({ source: 'country', country: 'DE', region: 'BY' });
  });
});
