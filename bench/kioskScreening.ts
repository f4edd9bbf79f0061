// The kiosk's offline screening (issue 42) as the kiosk runs it: the lazy matcher already loaded, a copy of 10,000
// watchlist entries built as the server builds it (realistic Chinese and Latin names from a seeded generator, a tenth in
// traditional characters, a tenth with an alias, half with a phone, a third with an ID number), digested under a random
// kiosk key. Each probe is the kiosk's own call (`prepare(copy)` then the person: identifiers normalised, keys
// digested with @noble/hashes, looked up), timed one after another: Han names, their pinyin, Latin names, phones and
// whole walk-ins, half of each listed. Baseline in the same run: one Map lookup per probe. Goal: p95 ≤ 50 ms.
// Part of `npm run bench`; alone: `npm run bench:kiosk-screening` (BENCH_SCREENING_ENTRIES, BENCH_SCREENING_PROBES).
import { pathToFileURL } from 'node:url';
import * as OpenCC from 'opencc-js/cn2t';
import { pinyin } from 'pinyin-pro';
import type { OfflinePerson } from '../apps/web/src/kiosk/offlineScreening.js';
import { loadMatcher, prepare } from '../apps/web/src/kiosk/offlineScreening.js';
import { builtCopy, type Listed } from '../apps/web/src/kiosk/screeningCopy.testing.js';
import { loadAverage, percentile } from './common.js';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔向汤';
const COMPOUND = ['欧阳', '司马', '诸葛', '上官', '东方'];
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建国志文斌波宇浩凯俊峰琳雪梅慧婷颖晨欣怡佳琪思雨子轩梓涵诺然妍博涛嘉瑞泽';
/** Hong Kong's traditional forms (a visitor from Hong Kong or Taiwan writes 張偉 for 张伟). */
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'hk' });
const FIRST =
  'James Mary John Patricia Robert Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Mohammed Olga Hans Yuki Priya Ahmed Sofia Lucas Emma Noah Anna Pierre Marta Ivan Hiroshi Min-jun Ji-woo Arjun Fatima Carlos'.split(
    ' ',
  );
const LAST =
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Müller Schmidt Tanaka Suzuki Kim Park Nguyen Singh Kumar Ivanov Rossi Dubois Silva Cohen OConnor Andersson Novak Kowalski Yilmaz Haddad'.split(
    ' ',
  );

/** A seeded generator (mulberry32): the same names every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = seeded(42);
function pick(xs: string): string;
function pick<T>(xs: readonly T[]): T;
function pick<T>(xs: readonly T[] | string): T | string {
  return xs[Math.floor(rnd() * xs.length)] as T | string;
}
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');

const hanName = () => (rnd() < 0.03 ? pick(COMPOUND) : pick(SURNAMES)) + pick(GIVEN) + (rnd() < 0.7 ? pick(GIVEN) : '');
const latinName = () => `${pick(FIRST)} ${pick(LAST)}`;
const phone = () => `1${pick('3456789')}${digits(9)}`;
const idNumber = () =>
  `${pick(['110105', '310104', '440305', '510107', '330106'])}19${digits(2)}0${1 + Math.floor(rnd() * 9)}1${Math.floor(rnd() * 9)}${digits(3)}${pick('0123456789X')}`;

interface Generated extends Listed {
  han: boolean;
}

function listedPeople(n: number): Generated[] {
  return Array.from({ length: n }, (): Generated => {
    const han = rnd() < 0.7;
    const base = han ? hanName() : latinName();
    const name = han && rnd() < 0.1 ? toTraditional(base) : base;
    const r = rnd();
    return {
      han,
      name,
      aliases: rnd() < 0.1 ? [han ? `${pick(FIRST)} ${pick(LAST)}` : hanName()] : [],
      phones: rnd() < 0.5 ? [phone()] : [],
      idNumbers: rnd() < 0.33 ? [idNumber()] : [],
      list: rnd() < 0.05 ? 'white' : 'black',
      level: r < 0.6 ? 'refuse' : r < 0.9 ? 'review' : 'note',
    };
  });
}

/** A Han name's pinyin as a visitor types it ("Zhang Wei"), surname first. */
function typedPinyin(name: string): string {
  const [surname, ...given] = pinyin(name, { toneType: 'none', type: 'array', surname: 'head' });
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return `${cap(surname ?? '')} ${cap(given.join(''))}`.trim();
}

/** The probes, half of each kind listed: Han names, their pinyin, Latin names, phones, whole walk-ins. */
function probesOf(people: Generated[], n: number): { kind: string; person: OfflinePerson }[] {
  const han = people.filter((p) => p.han);
  const latin = people.filter((p) => !p.han);
  const withPhone = people.filter((p) => p.phones?.length);
  const per = Math.ceil(n / 5);
  const listed = (i: number) => i % 2 === 0;
  const out: { kind: string; person: OfflinePerson }[] = [];
  for (let i = 0; i < per; i++) {
    out.push({ kind: 'Han name', person: { name: listed(i) ? pick(han).name : hanName() } });
    out.push({ kind: 'pinyin', person: { name: typedPinyin(listed(i) ? pick(han).name : hanName()) } });
    out.push({ kind: 'Latin name', person: { name: listed(i) ? pick(latin).name : latinName() } });
    out.push({ kind: 'phone', person: { phone: listed(i) ? (pick(withPhone).phones?.[0] ?? '') : phone() } });
    const who = pick(people);
    out.push({
      kind: 'walk-in',
      person: listed(i)
        ? { name: who.name, phone: who.phones?.[0], idNumber: who.idNumbers?.[0] }
        : { name: hanName(), phone: phone(), idNumber: idNumber() },
    });
  }
  return out.slice(0, n);
}

const ms = (x: number) => `${x.toFixed(3).padStart(7)} ms`;
function line(name: string, times: number[]): { p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(`${name.padEnd(34)} p50 ${ms(percentile(sorted, 50))}  p95 ${ms(p95)}  max ${ms(sorted.at(-1) ?? 0)}  (${times.length})`);
  return { p95 };
}

export async function kioskScreeningBench(): Promise<void> {
  const entries = Number(process.env.BENCH_SCREENING_ENTRIES ?? 10_000);
  const probeCount = Number(process.env.BENCH_SCREENING_PROBES ?? 400);
  let t = performance.now();
  const people = listedPeople(entries);
  const copy = builtCopy(people);
  const buildMs = performance.now() - t;
  const size = JSON.stringify(copy.entries).length;
  // The matcher is loaded (the kiosk imports it once a copy arrives); preparing the copy is once per copy.
  await loadMatcher();
  t = performance.now();
  const screen = await prepare(copy);
  const prepareMs = performance.now() - t;
  const probes = probesOf(people, probeCount);
  console.log(
    `kiosk offline screening: ${entries} entries (${copy.entries.reduce((n, e) => n + e.keys.length, 0)} digests, ${(size / 1e6).toFixed(1)} MB as JSON; built like the server's in ${(buildMs / 1000).toFixed(1)} s), ${probes.length} probes, Node ${process.version}, ${loadAverage()}`,
  );
  console.log(`  prepare (index the copy, import the key, first pinyin reading): ${prepareMs.toFixed(0)} ms, once per copy`);
  // Baseline: the cheapest thing a lookup can be, one Map read per probe, timed the same way.
  const plain = new Map(people.map((p, i) => [p.name, i]));
  const baseline: number[] = [];
  for (const { person } of probes) {
    const s = performance.now();
    plain.get(person.name ?? person.phone ?? '');
    baseline.push(performance.now() - s);
  }
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  const decisions = new Map<string, number>();
  for (const { kind, person } of probes) {
    const s = performance.now();
    const decision = await screen(person);
    const took = performance.now() - s;
    byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
    all.push(took);
    decisions.set(decision, (decisions.get(decision) ?? 0) + 1);
  }
  line('  baseline (one Map lookup)', baseline);
  for (const [kind, ts] of byKind) line(`  screenOffline: ${kind}`, ts);
  const { p95 } = line('  screenOffline: all probes', all);
  console.log(`  decisions: ${[...decisions].map(([d, n]) => `${d} ${n}`).join(', ')}`);
  console.log(`  p95 ≤ 50 ms: ${p95 <= 50 ? 'yes' : 'NO'} (p95 ${p95.toFixed(2)} ms)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await kioskScreeningBench();
  process.exit(0);
}
