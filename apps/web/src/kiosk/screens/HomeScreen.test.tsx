import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { kioskFaceTexts } from '../../core/kioskFace/KioskFace';
import { KioskFacePreview } from '../../core/kioskFace/KioskFacePreview';
import { i18n, showLanguage } from '../../platform/i18n';
import { DEFAULT_SETTINGS } from '../config';
import { KioskContext } from '../context';
import '../i18n';
import { testKiosk } from '../testing';
import { HomeScreen } from './HomeScreen';

const settings = { ...DEFAULT_SETTINGS, themecolor: '#0a7d55', signOutSwitch: 1 };

function renderKiosk(onErrand = vi.fn()) {
  const kiosk = testKiosk({
    config: { company: 'Acme Ltd', shortName: 'Acme', settings },
    pictures: { logo: 'blob:logo', background: 'blob:background', carousel: [], defaultPhoto: null },
  });
  render(
    <KioskContext.Provider value={kiosk}>
      <div data-testid="kiosk">
        <HomeScreen onErrand={onErrand} onStaff={vi.fn()} />
      </div>
    </KioskContext.Provider>,
  );
  return { onErrand };
}

/** What a visitor reads on a start screen: the welcome, the company and each button's words, in order. */
function words(root: HTMLElement) {
  const home = within(root).getByTestId('kiosk-home');
  return {
    welcome: within(home).getByRole('heading', { hidden: true }).textContent,
    company: home.querySelector('.k-home__company')?.textContent,
    buttons: within(home)
      .getAllByRole('button', { hidden: true })
      .map((b) => b.textContent),
    picture: home.dataset.picture,
  };
}

describe('the kiosk start screen and its preview', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('show the same words, buttons and background for the same settings, in both languages', async () => {
    const { onErrand } = renderKiosk();
    const look = { company: 'Acme', themecolor: '#0a7d55', logo: 'blob:logo', slides: ['blob:background'], signOut: true };
    const preview = () => <KioskFacePreview look={look} texts={kioskFaceTexts(i18n.getFixedT(i18n.language))} label="preview" />;
    const { rerender } = render(preview());
    const kiosk = screen.getByTestId('kiosk');
    const shown = screen.getByTestId('kiosk-preview');
    expect(words(kiosk)).toEqual({
      welcome: 'Welcome',
      company: 'Acme',
      buttons: [
        'RegisterFirst visit or no invitation',
        'I have an invitation' + 'Scan your QR code, or type your code or phone',
        'Sign out' + 'Leaving? Sign out here',
        'Staff',
      ],
      picture: 'blob:background',
    });
    expect(words(shown)).toEqual(words(kiosk));
    expect(shown.dataset.theme).toBe('#0a7d55');
    expect(within(shown).getByTestId('kiosk-logo').getAttribute('src')).toBe('blob:logo');

    await act(() => showLanguage('zh'));
    rerender(preview());
    expect(words(kiosk).buttons[0]).toBe('访客登记首次来访或没有邀请');
    expect(words(shown)).toEqual(words(kiosk));

    fireEvent.click(within(kiosk).getByTestId('kiosk-checkin'));
    expect(onErrand).toHaveBeenCalledWith('checkin');
  });
});
