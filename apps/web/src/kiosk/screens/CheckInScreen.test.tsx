import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { changeLanguage, i18n } from '../../platform/i18n';
import { sampleVisit } from '../../testing/fixtures';
import { stubServer } from '../../testing/stubServer';
import { DEFAULT_SETTINGS } from '../config';
import { KioskContext } from '../context';
import '../i18n';
import { testKiosk } from '../testing';
import { CheckInScreen } from './CheckInScreen';

function renderScreen(settings = DEFAULT_SETTINGS) {
  const finish = vi.fn();
  const kiosk = testKiosk({ config: { settings }, finish });
  render(
    <KioskContext.Provider value={kiosk}>
      <CheckInScreen />
    </KioskContext.Provider>,
  );
  return { finish };
}

async function checkInByPhone(phone: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Use phone' }));
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
}

describe('kiosk check-in by phone', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('a phone without an invitation signs a resident visitor in', async () => {
    const server = stubServer({
      AppClientSignin: () => ({ status: 1117, reason: 'Invalid visitor' }),
      ResidentVisitorSignIn: () => ({
        status: 0,
        result: { ...sampleVisit(5, { kind: 'resident', vname: 'Zhao Resident' }), rid: 7, repeated: false },
      }),
    });
    const { finish } = renderScreen();
    await checkInByPhone('13922220001');
    await waitFor(() => expect(finish).toHaveBeenCalledOnce());
    expect(finish.mock.calls[0]?.[0]).toMatchObject({ kind: 'signedIn', visit: { vid: 5, vname: 'Zhao Resident' } });
    expect(server.bodies('ResidentVisitorSignIn')).toEqual([{ phone: '13922220001' }]);
  });

  it('says why a resident cannot sign in, and that nothing matches when neither knows the phone', async () => {
    let answer = 1121;
    stubServer({
      AppClientSignin: () => ({ status: 1117, reason: 'Invalid visitor' }),
      ResidentVisitorSignIn: () => ({ status: answer, reason: 'x' }),
    });
    const { finish } = renderScreen();
    await checkInByPhone('13922220002');
    expect(await screen.findByText('Your visit is not approved yet, or was refused. Please ask your host or reception.')).toBeTruthy();
    answer = 1117;
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('No invitation matches. Check the code, or ask at reception.')).toBeTruthy();
    expect(finish).not.toHaveBeenCalled();
  });

  it('tells a visitor whose invitation was called off, rather than that nothing matches', async () => {
    stubServer({ AppClientSignin: () => ({ status: 58, reason: 'x', result: { status: 'ended' } }) });
    const { finish } = renderScreen();
    await checkInByPhone('13922220003');
    expect(await screen.findByText('This invitation was called off. Please ask your host or reception.')).toBeTruthy();
    expect(finish).not.toHaveBeenCalled();
    // The visitor switches to Chinese: the message shown is worded again, not left in English.
    await act(() => changeLanguage('zh'));
    expect(await screen.findByText('此邀请已取消，请联系被访人或前台。')).toBeTruthy();
  });
});

describe('kiosk check-in: the QR check-in switch (basic settings)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('offers scanning only while the company lets visitors check in by QR code', async () => {
    stubServer({});
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Scan QR code' })).toBeTruthy();
    screen.getByRole('button', { name: 'Use phone' });
  });

  it('switched off: code and phone only', async () => {
    stubServer({});
    renderScreen({ ...DEFAULT_SETTINGS, scaner: 0 });
    await screen.findByRole('button', { name: 'Use phone' });
    expect(screen.queryByRole('button', { name: 'Scan QR code' })).toBeNull();
  });

  it('the code field opens a tablet’s number pad, the phone field its phone pad (issue 35)', async () => {
    stubServer({});
    renderScreen();
    const code = await screen.findByLabelText('Invitation code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('pattern')).toBe('[0-9]*');
    fireEvent.click(screen.getByRole('button', { name: 'Use phone' }));
    expect(screen.getByLabelText('Phone number').getAttribute('inputmode')).toBe('tel');
  });
});

describe('kiosk check-in: the face scanner (kiosk settings)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('switched on: the visitor’s face is asked for after the code, then the visit checks in', async () => {
    const server = stubServer({ AppClientSignin: () => ({ status: 0, result: { ...sampleVisit(9, { status: 'signedIn' }), repeated: false } }) });
    const { finish } = renderScreen({ ...DEFAULT_SETTINGS, faceScaner: 1 });
    await checkInByPhone('13922220009');
    expect(await screen.findByRole('heading', { name: 'Your photo' })).toBeTruthy();
    expect(server.bodies('AppClientSignin')).toEqual([]);
    // jsdom has no camera: the kiosk goes on without a photo rather than stopping the visitor.
    fireEvent.click(await screen.findByRole('button', { name: 'Continue without a photo' }));
    await waitFor(() => expect(finish).toHaveBeenCalledOnce());
    expect(server.bodies('AppClientSignin')).toMatchObject([{ phone: '13922220009' }]);
  });

  it('switched off: the code checks in at once, without the face step', async () => {
    const server = stubServer({ AppClientSignin: () => ({ status: 0, result: { ...sampleVisit(9, { status: 'signedIn' }), repeated: false } }) });
    const { finish } = renderScreen({ ...DEFAULT_SETTINGS, faceScaner: 0 });
    await checkInByPhone('13922220010');
    await waitFor(() => expect(finish).toHaveBeenCalledOnce());
    expect(screen.queryByRole('heading', { name: 'Your photo' })).toBeNull();
    expect(server.bodies('AppClientSignin')).toHaveLength(1);
  });
});
