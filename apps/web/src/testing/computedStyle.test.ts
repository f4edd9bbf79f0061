import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// test-setup.ts installed testing/computedStyle.ts: its answers must be what CSS (and jsdom's own getter) says.
describe('the fast display and visibility of the web tests', () => {
  it('follows rules, inline styles and inheritance, and forgets them when the DOM changes', () => {
    const style = document.createElement('style');
    style.textContent = '.gone { display: none } .ghost { visibility: hidden } .back { visibility: visible } .same { visibility: inherit }';
    document.head.append(style);
    document.body.innerHTML = `
      <div class="ghost"><span><button>Hidden by an ancestor</button></span><p class="back"><button>Shown again</button></p></div>
      <div class="gone"><button>Not displayed</button></div>
      <div><button style="visibility: hidden">Hidden inline</button><span class="same"><button>Visible</button></span></div>`;
    const style$ = (name: string) => getComputedStyle(screen.getByText(name));
    expect(style$('Hidden by an ancestor').visibility).toBe('hidden');
    expect(style$('Shown again').getPropertyValue('visibility')).toBe('visible');
    expect(style$('Hidden inline').visibility).toBe('hidden');
    expect(style$('Visible').visibility).toBe('visible');
    expect(getComputedStyle(document.querySelector('.gone') as Element).display).toBe('none');
    expect(style$('Visible').display).toBe('inline-block');
    expect(getComputedStyle(document.querySelector('p') as Element).display).toBe('block');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Shown again', 'Visible']);

    // A change of class is seen at the next read (jsdom drops its style cache, and with it the memo).
    (document.querySelector('.ghost') as Element).className = '';
    expect(style$('Hidden by an ancestor').visibility).toBe('visible');
    expect(screen.getAllByRole('button')).toHaveLength(3);
    // Other properties come from jsdom's own declaration.
    expect(getComputedStyle(screen.getByText('Hidden inline')).getPropertyValue('visibility')).toBe('hidden');
    expect(style$('Visible').getPropertyValue('color')).toBe(getComputedStyle(document.body).getPropertyValue('color'));
    style.remove();
  });
});
