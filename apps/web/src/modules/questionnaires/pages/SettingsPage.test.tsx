import { Role } from '@openvisit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { stubServer } from '../../../testing/stubServer';
import { ok, pageOf, questionnaire, renderAt } from '../testing';
import { SettingsPage } from './SettingsPage';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOutLocal();
});

const TYPES = [
  { tid: 7, vType: '施工#Contractor', subTypes: [], reasons: [], povDays: 1, gids: [], order: 1, fields: [] },
  { tid: 8, vType: '送货#Delivery', subTypes: [], reasons: [], povDays: 1, gids: [], order: 2, fields: [] },
];

function open(enabled: boolean) {
  const server = stubServer({
    config: ok({ version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { questionnaire: true } }),
    GetUserInfo: ok({ questionnaireSwitch: 0 }),
    getVisitorType: ok(TYPES),
    getQuestionnaire: ok(pageOf([questionnaire(4, { title: 'Workshop safety', tids: [7], version: 3, enabled })])),
    updateQuestionnaireSwitch: (b) => ({ status: 0, result: { questionnaireSwitch: b.questionnaireSwitch } }),
  });
  renderAt('/question', '/question', <SettingsPage />);
  return server;
}

describe('SettingsPage', () => {
  it('shows the questionnaire each visitor type requires, and asks before switching on with none enabled', async () => {
    const server = open(false);
    const table = await screen.findByTestId('induction-types');
    const contractor = (await within(table).findByText('Contractor')).closest('tr') as HTMLElement;
    expect(within(contractor).getByText('Workshop safety')).toBeTruthy();
    expect(within(contractor).getByText('v3')).toBeTruthy();
    expect(within(contractor).getByText('Disabled')).toBeTruthy();
    expect(within(within(table).getByText('Delivery').closest('tr') as HTMLElement).getByText('None required')).toBeTruthy();

    fireEvent.click(await screen.findByRole('switch', { name: 'Require the safety induction' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('No questionnaire is enabled').length).toBeGreaterThan(0);
    expect(server.bodies('updateQuestionnaireSwitch')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch on' }));
    await waitFor(() => expect(server.bodies('updateQuestionnaireSwitch')).toEqual([{ questionnaireSwitch: 1 }]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require the safety induction' }).getAttribute('aria-checked')).toBe('true'));
  });

  it('switches on at once when a questionnaire is enabled', async () => {
    const server = open(true);
    await screen.findByText('Enabled');
    fireEvent.click(await screen.findByRole('switch', { name: 'Require the safety induction' }));
    await waitFor(() => expect(server.bodies('updateQuestionnaireSwitch')).toEqual([{ questionnaireSwitch: 1 }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
