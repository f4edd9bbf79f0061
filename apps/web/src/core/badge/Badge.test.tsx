import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, type BadgeProps } from './Badge';

const texts = { visitor: 'Visitor', host: 'Host', date: 'Date', valid: 'Valid today', code: (c: string) => `No. ${c}`, privacy: 'Your data' };
const settings: BadgeProps['settings'] = {
  cardType: 0,
  cardSize: 0,
  printType: 0,
  brandType: 1,
  brandPosition: 0,
  showAvatar: 1,
  avatarType: 0,
  customText: '',
  cardText: '',
  qrcodeSwitch: 0,
};
const visit = { vname: 'Vera Visitor', vcompany: 'Beta', empName: 'Hana Host', visitdate: 0, visitType: '', cardNo: 'C-7', code: null };

function foot(extra: Partial<BadgeProps['settings']>) {
  const { unmount } = render(
    <Badge visit={visit} settings={{ ...settings, ...extra }} company="ACME" photo={null} logo={null} fixedPhoto={null} lang="en" texts={texts} />,
  );
  const text = screen.getByTestId('badge').querySelector('.k-badge__foot')?.textContent;
  unmount();
  return text;
}

describe('the badge: the card text (UpdateCardText) printed at its foot', () => {
  it('prints the card text on every badge, ordinary or customized, else the default line', () => {
    expect(foot({ cardText: 'VISITOR — escort required' })).toBe('VISITOR — escort requiredC-7');
    expect(foot({ cardType: 1, customText: 'ACME Labs', cardText: 'GUEST' })).toBe('GUESTC-7');
    expect(foot({ cardText: '   ' })).toBe('Valid todayC-7');
    expect(foot({})).toBe('Valid todayC-7');
  });
});

describe('the badge: its band’s text reads on the company’s theme colour', () => {
  const band = (theme: string) => {
    const { unmount } = render(
      <Badge visit={visit} settings={settings} company="ACME" photo={null} logo={null} fixedPhoto={null} lang="en" texts={texts} theme={theme} />,
    );
    const style = screen.getByTestId('badge').style;
    const out = [style.getPropertyValue('--theme'), style.getPropertyValue('--badge-band-text')];
    unmount();
    return out;
  };
  it('white on a dark theme, black on a light one', () => {
    expect(band('#0958d9')).toEqual(['#0958d9', '#ffffff']);
    expect(band('#ffe58f')).toEqual(['#ffe58f', '#000000']);
  });
});
