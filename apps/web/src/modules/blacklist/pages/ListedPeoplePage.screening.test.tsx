import { Role } from '@openvisit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { confirmDialog, match, ok, page, person, renderAt } from '../testing';

/** The blacklist's screening: the switch, the name matching mode and the administrator's "test a name". */
const baseHandlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { blacklist: true } }),
  GetUserInfo: ok({ escapeClause: '', blackListSwitch: 0, screeningMode: 'standard' }),
  getBlacklist: page([person(1, 'Zhang San', { remark: 'trespass' }), person(2, 'John Smith')]),
  updateblackListSwitch: ok(null),
  ...extra,
});

function signIn(role: number) {
  // A sub-administrator is granted the blacklist's area.
  saveLogin({ token: 'tok', tokenExpire: 0, role, sType: role, userid: 1, company: 'ACME', modules: ['blacklist'] }, 'manager');
}

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

  it('changes the name matching mode after a confirmation saying what it does, shown once the server accepts it', async () => {
    signIn(Role.SUBADMIN);
    const server = stubServer(baseHandlers({ updateScreeningMode: ok(null) }));
    renderAt('/blacklist');
    const modes = await screen.findByTestId('screening-mode');
    const narrow = within(modes).getByRole('radio', { name: 'Narrow' });
    await waitFor(() => expect(within(modes).getByRole('radio', { name: 'Standard' })).toHaveProperty('checked', true));
    fireEvent.click(narrow);
    const confirm = await confirmDialog('Switch name matching to Narrow?');
    expect(within(confirm).getByText(/Only the same written name matches/)).toBeTruthy();
    // Not yet: the choice shows the company's mode until the server has taken the new one.
    expect(narrow).toHaveProperty('checked', false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Use Narrow' }));
    expect(await screen.findByText('Name matching set to Narrow')).toBeTruthy();
    expect(server.bodies('updateScreeningMode')).toEqual([{ screeningMode: 'narrow' }]);
    await waitFor(() => expect(narrow).toHaveProperty('checked', true));
  });

  it('shows neither the mode nor "test a name" to an account that may not set the mode (HSE)', async () => {
    signIn(Role.HSE);
    stubServer(baseHandlers());
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    await screen.findByTestId('screening-switch');
    expect(screen.queryByTestId('screening-mode')).toBeNull();
    expect(screen.queryByTestId('name-check')).toBeNull();
  });

  it('tests a name in the chosen mode: every match with its list, strength and reason in the language shown, and the decision', async () => {
    signIn(Role.ADMIN);
    let answer: unknown = {
      listed: true,
      screening: false,
      mode: 'narrow',
      decision: 'refuse',
      matches: [
        match(1, 'Zhang San', { reasonText: { en: 'traditional or simplified form of the name', zh: '姓名的繁简体写法' } }),
        match(5, 'Zhang Shan', { list: 'white', strength: 'possible', reasonText: { en: 'spelt close to the name', zh: '与姓名拼写相近' } }),
      ],
    };
    const server = stubServer(baseHandlers({ checkBlacklist: () => ({ status: 0, result: answer }) }));
    renderAt('/blacklist');
    const card = await screen.findByTestId('name-check');
    fireEvent.click(within(card).getByRole('button', { name: 'Test' }));
    expect(await within(card).findByText('Required')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Name'), { target: { value: ' 張三 ' } });
    fireEvent.change(within(card).getByLabelText('Mobile phone'), { target: { value: '123' } });
    expect(await within(card).findByText('The format of the phone number is not correct')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Mobile phone'), { target: { value: '13800138000' } });
    fireEvent.click(within(card).getByRole('radio', { name: 'Narrow' }));
    expect(await within(card).findByText(/Only the same written name matches/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Test' }));

    const result = await within(card).findByTestId('name-check-answer');
    expect(server.bodies('checkBlacklist')).toEqual([{ name: '張三', phone: '13800138000', mode: 'narrow' }]);
    expect(within(result).getByText('張三 would be refused when they register.')).toBeTruthy();
    expect(within(result).getByText(/Screening is off at the moment/)).toBeTruthy();
    const first = within(result).getByTestId('match-1');
    expect(within(first).getByText('Blacklist')).toBeTruthy();
    expect(within(first).getByTestId('strength-exact').textContent).toBe('Exact');
    expect(within(first).getByText('Refuse')).toBeTruthy();
    expect(within(first).getByText('traditional or simplified form of the name')).toBeTruthy();
    const second = within(result).getByTestId('match-5');
    expect(within(second).getByText('Whitelist')).toBeTruthy();
    expect(within(second).getByTestId('strength-possible').textContent).toBe('Possible');

    // The reason follows the language shown.
    await i18n.changeLanguage('zh');
    expect(await within(result).findByText('姓名的繁简体写法')).toBeTruthy();
    expect(within(result).getByText('可能匹配')).toBeTruthy();
    await i18n.changeLanguage('en');

    // Nothing matched: said so, in the company's mode (sent without one).
    answer = { listed: false, screening: true, mode: 'standard', decision: 'clear', matches: [] };
    fireEvent.change(within(card).getByLabelText('Name'), { target: { value: 'Nobody Here' } });
    fireEvent.click(within(card).getByRole('radio', { name: 'Company setting' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Test' }));
    expect(await within(card).findByText('No entry on the lists matches Nobody Here')).toBeTruthy();
    expect(within(card).getByText('Nobody Here would be let in as usual.')).toBeTruthy();
    expect(server.bodies('checkBlacklist')[1]).toEqual({ name: 'Nobody Here', phone: '13800138000' });
  });
});
