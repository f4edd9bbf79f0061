import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatNumber, formatRelative, formatTime, withColon } from './dates.js';

const at = new Date(2026, 10, 24, 18, 5, 7); // a Tuesday, local time

describe('one formatter per kind and language', () => {
  it('dates, times and moments', () => {
    expect(formatDate(at, 'zh')).toBe('2026-11-24');
    expect(formatDate(at, 'en')).toBe('24 Nov 2026');
    expect(formatDate('2026-03-09', 'en')).toBe('9 Mar 2026');
    expect(formatDate('2026-03-09', 'zh')).toBe('2026-03-09');
    expect(formatDate(at.getTime(), 'zh')).toBe('2026-11-24');
    expect(formatTime(at, 'en')).toBe('18:05');
    expect(formatTime(new Date(2026, 0, 1, 9, 3, 4), 'zh', { seconds: true })).toBe('09:03:04');
    expect(formatDateTime(at, 'zh')).toBe('2026-11-24 18:05');
    expect(formatDateTime(at, 'en')).toBe('24 Nov 2026, 18:05');
    expect(formatDateTime(at, 'zh', { weekday: true })).toBe('2026-11-24 周二 18:05');
    expect(formatDateTime(at, 'en', { weekday: true, seconds: true })).toBe('Tue 24 Nov 2026, 18:05:07');
  });

  it('durations, relative times and numbers', () => {
    expect(formatDuration(45, 'zh')).toBe('45分钟');
    expect(formatDuration(125, 'en')).toBe('2 h 5 min');
    expect(formatDuration(120, 'zh')).toBe('2小时');
    expect(formatDuration(3 * 1440 + 130, 'en')).toBe('3 d 2 h');
    expect(formatDuration(-5, 'en')).toBe('0 min');
    const now = at.getTime();
    expect(formatRelative(now - 20_000, now, 'en')).toBe('just now');
    expect(formatRelative(now - 5 * 60_000, now, 'zh')).toBe('5分钟前');
    expect(formatRelative(now + 150 * 60_000, now, 'en')).toBe('in 2 h');
    expect(formatRelative(now - 3 * 86_400_000, now, 'en')).toBe('3 d ago');
    expect(formatRelative(now - 30 * 86_400_000, now, 'zh')).toBe('2026-10-25');
    expect(formatNumber(1234567, 'zh')).toBe('1,234,567');
    expect(formatNumber(12.345, 'en', { maximumFractionDigits: 1 })).toBe('12.3');
    expect(formatNumber(12.04, 'en', { maximumFractionDigits: 1 })).toBe('12');
    expect(formatNumber(-1000, 'en')).toBe('-1,000');
  });
});

describe('withColon', () => {
  it('puts the full-width colon after Chinese and ": " after Latin labels', () => {
    expect(withColon('被访人')).toBe('被访人：');
    expect(withColon('Host')).toBe('Host: ');
    expect(withColon('访客码 (QR)')).toBe('访客码 (QR): ');
    expect(withColon('第 2 级')).toBe('第 2 级：');
  });
});
