import { MONITOR_LOGS_PER_UPLOAD } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/apiError';
import { deviceId, deviceType, failureOf, LogQueue, QUEUE_MAX } from './monitor';

describe('the kiosk in the device monitor', () => {
  it('keeps one identifier per installation', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const id = deviceId(storage);
    expect(id).toMatch(/^kiosk-[0-9a-f]{24}$/);
    expect(deviceId(storage)).toBe(id);
    store.set('openvisit.device', 'bad id with spaces');
    expect(deviceId(storage)).not.toBe('bad id with spaces');
  });

  it('tells an iPad from a visitor machine', () => {
    expect(deviceType({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', maxTouchPoints: 5 })).toBe(1);
    expect(deviceType({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 5 })).toBe(1);
    expect(deviceType({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', maxTouchPoints: 10 })).toBe(2);
  });

  it('bounds the queue, collapses repeats and sends in batches', () => {
    const q = new LogQueue();
    q.add('error', 'same');
    q.add('error', 'same');
    expect(q.size).toBe(1);
    for (let i = 0; i < QUEUE_MAX + 50; i++) q.add('warn', `m${i}`);
    expect(q.size).toBe(QUEUE_MAX);
    const batch = q.take();
    expect(batch).toHaveLength(MONITOR_LOGS_PER_UPLOAD);
    expect(batch[0]?.message).toBe('m50');
    q.putBack(batch);
    expect(q.size).toBe(QUEUE_MAX);
    const fresh = new LogQueue();
    fresh.add('info', 'x'.repeat(600), 'd'.repeat(5000));
    expect(fresh.take()[0]).toMatchObject({ message: 'x'.repeat(500), detail: 'd'.repeat(4000) });
  });

  it('tells server failures, not refusals, missing networks or its own calls', () => {
    expect(failureOf('UpdatePhoto', new ApiError({ status: 500, reason: 'Server error', http: 500 }))).toEqual({
      level: 'error',
      message: 'UpdatePhoto: 500 Server error',
    });
    expect(failureOf('UpdatePhoto', new ApiError({ status: 400, reason: 'Bad parameters' }))?.level).toBe('warn');
    expect(failureOf('UpdatePhoto', new ApiError({ status: 66, reason: 'Blacklisted' }))).toBeNull();
    expect(failureOf('UpdatePhoto', new ApiError({ status: 0, reason: 'no response', http: 0 }))).toBeNull();
    expect(failureOf('clientUploadLog', new ApiError({ status: 500, reason: 'x', http: 500 }))).toBeNull();
  });
});
