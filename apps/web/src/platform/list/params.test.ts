import { describe, expect, it } from 'vitest';
import { day, defineListParams, flag, int, oneOf, PAGE_SIZES, pageWindow, positiveInt, text } from './params';

const list = defineListParams({ q: text(8), status: oneOf([0, 1, 2]), dept: int(), from: { ...day(), param: 'd' }, onSite: flag() });
const q = (s: string) => new URLSearchParams(s);

describe('list parameters ⇄ URL query', () => {
  it('reads only whole positive numbers', () => {
    for (const bad of [null, '', '0', '-1', '1.5', '1e3', 'abc', '1234567890']) expect(positiveInt(bad)).toBeUndefined();
    expect(positiveInt('42')).toBe(42);
    expect(PAGE_SIZES).toEqual([10, 20, 50, 100]);
  });

  it('reads defaults from an empty query and writes nothing for them', () => {
    expect(list.read(q(''))).toEqual({ page: 1, size: 20, q: '', onSite: false });
    expect(list.write(list.read(q(''))).toString()).toBe('');
  });

  it('round-trips every kind of field under its parameter name', () => {
    const url = 'q=abc&status=2&dept=7&d=2026-01-31&onSite=1&page=3&size=50';
    const values = list.read(q(url));
    expect(values).toEqual({ page: 3, size: 50, q: 'abc', status: 2, dept: 7, from: '2026-01-31', onSite: true });
    expect(list.write(values).toString()).toBe(url);
  });

  it('drops malformed values and cuts long text', () => {
    expect(list.read(q('status=9&dept=-1&d=31.01.2026&onSite=yes&page=0&size=33&q=%20abcdefghijk'))).toEqual({
      page: 1,
      size: 20,
      q: 'abcdefgh',
      onSite: false,
    });
  });

  it('keeps parameters that are not the list’s', () => {
    expect(list.write({ ...list.read(q('')), q: 'x' }, q('tab=2&q=old&page=4')).toString()).toBe('tab=2&q=x');
  });

  it('goes back to page 1 on a change of anything but the page, and clears a filter set to undefined', () => {
    const on3 = list.read(q('status=1&page=3'));
    expect(list.change(on3, { q: 'a' }).page).toBe(1);
    expect(list.change(on3, { size: 50 }).page).toBe(1);
    expect(list.change(on3, { page: 5 }).page).toBe(5);
    expect(list.change(on3, { q: '' }).page).toBe(3);
    const cleared = list.change(on3, { status: undefined });
    expect('status' in cleared).toBe(false);
    expect(list.isFiltered(on3)).toBe(true);
    expect(list.isFiltered(cleared)).toBe(false);
  });

  it('gives the call its window', () => {
    expect(pageWindow({ page: 3, size: 50 })).toEqual({ startIndex: 100, requestedCount: 50 });
  });
});
