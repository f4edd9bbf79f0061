import { Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { BasePage } from './BasePage';

const info = (country: string) => ({
  status: 0,
  result: {
    userid: 1,
    company: 'ACME GmbH',
    shortName: '',
    username: 'Anna',
    email: 'a@acme.example',
    phone: '+4915112345678',
    remark: '',
    country,
    userType: 0,
    regDate: 0,
  },
});

describe('company information: the country', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the company’s country and lets the administrator choose another', async () => {
    let country = 'CN';
    const server = stubServer({
      config: configStub,
      GetUserInfo: () => info(country),
      ModifyUserInfo: (b) => {
        country = String(b.country);
        return info(country);
      },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <BasePage />
      </AppProviders>,
    );
    expect(await screen.findByText('China')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    const drawer = await screen.findByRole('dialog');
    const select = within(drawer).getByRole('combobox', { name: 'Country or region' });
    fireEvent.change(select, { target: { value: 'Germ' } });
    fireEvent.click(await screen.findByTitle('Germany'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('ModifyUserInfo')).toMatchObject([{ country: 'DE', company: 'ACME GmbH' }]));
    expect(await screen.findByText('Germany')).toBeTruthy();
  });
});
