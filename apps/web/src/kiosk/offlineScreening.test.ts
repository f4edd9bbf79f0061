import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore, newClientKey, OfflineQueue, type QueuedRecord } from './offlineQueue';
import { asStored, hmacDigest, matchedOffline, prepare, screenedEnqueue } from './offlineScreening';
import { type CopyAnswer, type KeptCopy, memoryCopyStore, ScreeningCopies } from './screeningCopy';
import { builtCopy, nodeDigest, randomKioskKey } from './screeningCopy.testing';

const LISTED = [
  { name: '張偉', aliases: ['David Cheung'] },
  { name: '李娜', phones: ['137 2222 3333'], idNumbers: ['11010519491231002X'], level: 'review' as const },
  { name: 'Trusted Person', phones: ['13911112222'], list: 'white' as const },
];

/** The copies of a kiosk holding `copy` (fetched once, as from the server). */
async function holding(copy: KeptCopy): Promise<ScreeningCopies> {
  const answer: CopyAnswer = { ...copy, unchanged: false };
  const copies = new ScreeningCopies(memoryCopyStore(), async () => answer);
  await copies.refresh(copy.companyId);
  return copies;
}

function kioskQueue() {
  const sent: QueuedRecord[] = [];
  // The server does not answer: records stay queued.
  const queue = new OfflineQueue(memoryStore(), async (r) => {
    sent.push(r);
    throw new TypeError('fetch failed');
  });
  return { queue, sent };
}

const walkIn = (name: string) => {
  const id = newClientKey();
  return { id, kind: 'walkIn' as const, companyId: 1, label: name, input: { vname: name, clientKey: id } };
};

describe('screening offline with the copy of the watchlists', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("digests exactly as the server does with Node's crypto, without WebCrypto (a kiosk on plain http has none)", async () => {
    vi.stubGlobal('crypto', {});
    const key = randomKioskKey();
    const digest = hmacDigest(key, 9);
    for (const plain of ['w:张伟', 'p:zhangwei', 't:13722223333', 'c:11010519491231002X', ''])
      expect(await digest(plain)).toBe(nodeDigest(key, plain));
  });

  it('reads identifiers as the server stores them', () => {
    expect(asStored({ name: ' ', phone: '137-2222 3333', idNumber: ' 110105 19491231002x ' })).toEqual({
      phone: '13722223333',
      idNumber: '11010519491231002X',
    });
    expect(asStored({ phone: '+44 20 7946 0958' }).phone).toMatch(/^\+44/);
  });

  it('decides as the server would: names across scripts and pinyin, phones and numbers exactly', async () => {
    const screen = await prepare(builtCopy(LISTED));
    expect(await screen({ name: '张伟' })).toBe('refuse');
    expect(await screen({ name: 'Zhang Wei' })).toBe('review');
    expect(await screen({ phone: '+86 137 2222 3333' })).toBe('review');
    expect(await screen({ idNumber: '11010519491231002x' })).toBe('review');
    expect(await screen({ name: '张伟', phone: '13911112222' })).toBe('note');
    expect(await screen({ name: '王芳', phone: '13800000000' })).toBe('clear');
  });

  it('queues "Zhang Wei" marked as matched against 張偉, and a clear walk-in as before', async () => {
    const { queue } = kioskQueue();
    const enqueue = screenedEnqueue(queue, await holding(builtCopy(LISTED)), 1);
    const zhang = walkIn('Zhang Wei');
    expect(await enqueue(zhang, { name: 'Zhang Wei', phone: '13800000001' })).toEqual({ matched: true });
    const wang = walkIn('Wang Fang');
    expect(await enqueue(wang, { name: 'Wang Fang', phone: '13800000002' })).toEqual({ matched: false });
    const counts = queue.counts(1);
    expect(counts.pending).toBe(2);
    expect(counts.matched.map((r) => r.id)).toEqual([zhang.id]);
    // A check-in by code names no one: queued unscreened.
    expect(await enqueue({ ...walkIn('12345678'), kind: 'checkIn' })).toEqual({ matched: false });
  });

  it("screens nothing with another company's copy, or a company's that does not screen", async () => {
    const theirs = await holding(builtCopy(LISTED, { companyId: 2 }));
    expect(await matchedOffline(theirs, 1, { name: '张伟' })).toBe(false);
    expect(await matchedOffline(theirs, 2, { name: '张伟' })).toBe(true);
    const off = await holding({ ...builtCopy(LISTED), screening: false });
    expect(await matchedOffline(off, 1, { name: '张伟' })).toBe(false);
  });

  it('queues unscreened when the check cannot finish in time', async () => {
    const copy = builtCopy(LISTED);
    const copies = await holding(copy);
    vi.spyOn(copies, 'current').mockReturnValue(new Promise(() => undefined));
    vi.useFakeTimers();
    const pending = matchedOffline(copies, 1, { name: '张伟' }, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toBe(false);
  });
});
