import type { PadCompany } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { standardField } from '../../core/walkIn/fields';
import { i18n } from '../../platform/i18n';
import { stubServer } from '../../testing/stubServer';
import { DEFAULT_SETTINGS, type KioskConfig } from '../config';
import { KioskContext } from '../context';
import '../i18n';
import { testKiosk } from '../testing';
import { RegisterScreen } from './RegisterScreen';

const company = (id: number, companyName: string, shortName: string, floor: string, roomNumbers: string[]): PadCompany => ({
  id,
  companyName,
  shortName,
  floor,
  roomNumbers,
  logo: '',
  vaPerm: 3,
});
const COMPANIES = [company(21, 'Harbour Law', 'LAW', '2', ['201']), company(22, 'Skyline Tech', 'SKY', '10', ['1001', '1002'])];

const config = (companies: PadCompany[]): KioskConfig => ({
  company: 'Tower One Management',
  settings: DEFAULT_SETTINGS,
  gates: [],
  companies,
  types: [
    {
      tid: 7,
      vType: '访客#Guest',
      reasons: [],
      fields: [
        standardField(1, 'vname', '姓名#Name', true),
        standardField(2, 'vphone', '手机号#Phone', true),
        standardField(5, 'empid', '被访人#Host', true),
      ],
    },
  ],
});

function renderScreen(companies: PadCompany[]) {
  const home = vi.fn();
  const kiosk = testKiosk({ config: config(companies), lang: i18n.language === 'zh' ? 'zh' : 'en', home });
  render(
    <KioskContext.Provider value={kiosk}>
      <RegisterScreen />
    </KioskContext.Provider>,
  );
  return { home };
}

const listed = () =>
  within(screen.getByTestId('companies'))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('kiosk registration in an office building', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('asks for the company first, by floor or by what is typed, with the building’s own office last', async () => {
    renderScreen(COMPANIES);
    expect(await screen.findByRole('heading', { name: 'Which company are you visiting?' })).toBeTruthy();
    expect(listed()).toEqual([
      'Harbour Law (LAW)Floor 2 · Room 201',
      'Skyline Tech (SKY)Floor 10 · Room 1001, 1002',
      'Tower One ManagementBuilding management and reception',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Floor 10' }));
    expect(listed()).toEqual(['Skyline Tech (SKY)Floor 10 · Room 1001, 1002']);
    fireEvent.click(screen.getByRole('button', { name: 'All floors' }));
    fireEvent.change(screen.getByLabelText('Company name, floor or room'), { target: { value: '201' } });
    expect(listed()).toEqual(['Harbour Law (LAW)Floor 2 · Room 201']);
    fireEvent.change(screen.getByLabelText('Company name, floor or room'), { target: { value: 'nobody' } });
    expect(listed()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No company matches. Try another name, or ask at the front desk.');
  });

  it('searches the host in the company picked; another company clears the host', async () => {
    const server = stubServer({
      getEmpByName: (b) => ({ status: 0, result: b.subaccountId === 22 ? [{ empid: 5, empName: 'Wang Sky', deptNames: [] }] : [] }),
    });
    renderScreen(COMPANIES);
    fireEvent.click(await screen.findByRole('button', { name: /^Skyline Tech/ }));
    expect(screen.getByTestId('company-chosen').textContent).toContain('Visiting Skyline Tech');
    fireEvent.change(screen.getByPlaceholderText('Type the name of the person you visit'), { target: { value: 'Wang' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Wang Sky' }));
    expect(server.bodies('getEmpByName')).toEqual([{ name: 'Wang', subaccountId: 22 }]);
    expect(screen.getByTestId('host-chosen').textContent).toContain('Wang Sky');
    // Back to the companies, another one: the host was Skyline's.
    fireEvent.click(screen.getByRole('button', { name: 'Change company' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Tower One Management/ }));
    expect(screen.getByTestId('company-chosen').textContent).toContain('Visiting Tower One Management');
    expect(screen.queryByTestId('host-chosen')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('Type the name of the person you visit'), { target: { value: 'Li' } });
    await waitFor(() => expect(server.bodies('getEmpByName').at(-1)).toEqual({ name: 'Li', subaccountId: 0 }));
  });

  it('without sub-companies goes straight to the form and searches the whole company', async () => {
    const server = stubServer({ getEmpByName: () => ({ status: 0, result: [] }) });
    renderScreen([]);
    expect(await screen.findByRole('heading', { name: 'Register · Guest' })).toBeTruthy();
    expect(screen.queryByTestId('company-chosen')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('Type the name of the person you visit'), { target: { value: 'Wang' } });
    await waitFor(() => expect(server.bodies('getEmpByName')).toEqual([{ name: 'Wang' }]));
  });
});
