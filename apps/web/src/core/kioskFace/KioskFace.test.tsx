import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kioskCompanyName, kioskSlides } from './KioskFace';
import { KioskFacePreview } from './KioskFacePreview';

const texts = {
  welcome: 'W',
  register: 'R',
  registerHint: 'r',
  checkIn: 'C',
  checkInHint: 'c',
  signOut: 'S',
  truck: 'T',
  truckHint: 't',
  signOutHint: 's',
  staff: 'T',
  switchTo: '中文',
};

describe('the kiosk face', () => {
  it('turns the carousel from two pictures, else shows the background', () => {
    expect(kioskSlides(['a', 'b'], 'bg')).toEqual(['a', 'b']);
    expect(kioskSlides(['a'], 'bg')).toEqual(['bg']);
    expect(kioskSlides([], null)).toEqual([]);
    expect(kioskCompanyName({ company: 'Acme Ltd', shortName: '' })).toBe('Acme Ltd');
    expect(kioskCompanyName({ company: 'Acme Ltd', shortName: 'Acme' })).toBe('Acme');
  });

  it('previews a tablet in portrait, scaled into its frame, nothing in it focusable, sign-out only with its switch, the truck driver’s errand only with logistics', () => {
    const look = { company: 'Acme', themecolor: '', logo: null, slides: [], signOut: false };
    const { rerender } = render(<KioskFacePreview look={look} texts={texts} label="Kiosk preview" width={384} />);
    const preview = screen.getByRole('img', { name: 'Kiosk preview' });
    expect(preview.style.width).toBe('384px');
    expect(preview.style.height).toBe('512px');
    expect(preview.dataset.theme).toBe('#0958d9');
    const face = preview.querySelector('.k-face') as HTMLElement;
    expect(face.style.transform).toBe('scale(0.5)');
    expect(face.hasAttribute('inert')).toBe(true);
    expect(within(preview).queryByTestId('kiosk-signout')).toBeNull();
    expect(within(preview).queryByTestId('kiosk-truck')).toBeNull();
    expect(within(preview).queryByTestId('kiosk-logo')).toBeNull();
    expect(within(preview).getByTestId('kiosk-company').textContent).toBe('Acme');
    expect(within(preview).getByTestId('kiosk-home').className).toContain('k-home--portrait');
    rerender(<KioskFacePreview look={{ ...look, signOut: true, themecolor: '#aa0000' }} texts={texts} label="Kiosk preview" width={384} />);
    expect(within(preview).getByTestId('kiosk-signout').textContent).toBe('Ss');
    expect(preview.dataset.theme).toBe('#aa0000');
    rerender(<KioskFacePreview look={{ ...look, trucks: true }} texts={texts} label="Kiosk preview" width={384} />);
    expect(within(preview).getByTestId('kiosk-truck').textContent).toBe('Tt');
  });

  it('sets more than two errands two to a row, so four tiles fit a portrait tablet', () => {
    const look = { company: 'Acme', themecolor: '', logo: null, slides: [], signOut: false };
    const { rerender } = render(<KioskFacePreview look={look} texts={texts} label="Kiosk preview" />);
    const actions = () => (screen.getByTestId('kiosk-register').parentElement as HTMLElement).className;
    expect(actions()).not.toContain('k-home__actions--many');
    rerender(<KioskFacePreview look={{ ...look, signOut: true, trucks: true }} texts={texts} label="Kiosk preview" />);
    expect(actions()).toContain('k-home__actions--many');
  });
});
