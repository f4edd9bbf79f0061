import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { signOutLocal } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { confirmDialog, ok, page, person, renderAt } from '../testing';

/** The blacklist's screening switch. */
const baseHandlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { blacklist: true } }),
  GetUserInfo: ok({ escapeClause: '', blackListSwitch: 0 }),
  getBlacklist: page([person(1, 'Zhang San', { remark: 'trespass' }), person(2, 'John Smith')]),
  updateblackListSwitch: ok(null),
  ...extra,
});

async function addLiSi() {
  fireEvent.click(screen.getAllByRole('button', { name: /Add to blacklist/ })[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Li Si' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('ListedPeoplePage screening', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    signOutLocal();
    vi.unstubAllGlobals();
  });

  it('right after a person is listed by name alone while screening is off, offers to switch it on', async () => {
    const server = stubServer(baseHandlers({ addBlacklist: (b) => ({ status: 0, result: person(9, String(b.name)) }) }));
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    await addLiSi();
    const offer = await confirmDialog('Blacklist screening is off');
    expect(within(offer).getByText(/Li Si is on the blacklist, but screening is off: they would still be let in/)).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Blacklist screening switched on')).toBeTruthy();
    expect(server.bodies('updateblackListSwitch')).toEqual([{ blackListSwitch: 1 }]);
    expect(server.bodies('addBlacklist')[0]).toMatchObject({ name: 'Li Si', phone: '', credentialNo: '', level: 'refuse' });
  });

  it('says above the list when screening is off while people are listed; leaving it off sends nothing', async () => {
    const server = stubServer(baseHandlers());
    renderAt('/blacklist');
    const banner = await screen.findByTestId('screening-off');
    expect(banner.textContent).toContain('Blacklist screening is off: the 2 people listed here are not stopped');
    fireEvent.click(within(banner).getByRole('button', { name: 'Turn on' }));
    const confirm = await confirmDialog('Blacklist screening is off');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Leave it off' }));
    expect(server.bodies('updateblackListSwitch')).toHaveLength(0);
    expect(screen.getByTestId('screening-off')).toBeTruthy();
  });

  it('offers nothing when screening is on', async () => {
    stubServer(
      baseHandlers({
        GetUserInfo: ok({ escapeClause: '', blackListSwitch: 1 }),
        addBlacklist: (b) => ({ status: 0, result: person(9, String(b.name)) }),
      }),
    );
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    await waitFor(() => expect(screen.getByTestId('screening-switch').getAttribute('aria-checked')).toBe('true'));
    expect(screen.queryByTestId('screening-off')).toBeNull();
    await addLiSi();
    expect(await screen.findByText('Li Si added to the blacklist')).toBeTruthy();
    expect(screen.queryAllByText('Blacklist screening is off')).toHaveLength(0);
  });

  it('switches screening on only after a confirmation, showing the new state once the server accepts it', async () => {
    const server = stubServer(baseHandlers());
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    const sw = await screen.findByTestId('screening-switch');
    await waitFor(() => expect((sw as HTMLButtonElement).disabled).toBe(false));
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    const confirm = await confirmDialog('Turn blacklist screening on?');
    expect(within(confirm).getByText(/Visitors who match the blacklist will be refused, held for review or noted/)).toBeTruthy();
    expect(server.bodies('updateblackListSwitch')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Blacklist screening switched on')).toBeTruthy();
    expect(server.bodies('updateblackListSwitch')).toEqual([{ blackListSwitch: 1 }]);
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('true'));
  });
});
