// Watchlist screening (issue 42): one person screened against BENCH_SCREENING_ENTRIES watchlist entries (default 100,000:
// Chinese names of common surnames, Latin names, a third with phones), through checkBlacklist over HTTP, for a few hundred
// probes (names written as listed, in traditional characters, in pinyin, misspelt, unlisted; phones), against the bare
// indexed read of one key in the same run. Goal: p95 ≤ 20 ms. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is
// set. Alone: `node --import tsx bench/screening.ts`.
import { listedKeys } from '@openvisit/contract/screening';
import { sql } from 'drizzle-orm';
import { companies, listedKeys as listedKeysTable, listedPeople } from '../apps/server/src/db/schema/index.js';
import { KEYS_VERSION } from '../apps/server/src/modules/blacklist/blacklist.screening.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { benchApp, loadAverage, signIn, timed } from './common.js';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤欧阳司马';
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国建华志强志明海燕红梅玉兰春梅小红小明晓东晓燕文静文华德华丽华俊杰子豪浩然宇轩欣怡雨涵梓涵思远嘉怡';
const LATIN_FIRST = [
  'John',
  'Mary',
  'Robert',
  'Patricia',
  'Michael',
  'Jennifer',
  'William',
  'Elizabeth',
  'David',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Hans',
  'Anna',
  'Pierre',
  'Marie',
];
const LATIN_LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Müller',
  'Schmidt',
  'Dubois',
  'Tanaka',
  'Kim',
  'Nguyen',
];

/** A deterministic pseudo-random source (mulberry32), so two runs screen the same list. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function nameOf(r: (n: number) => number, i: number): string {
  if (i % 10 === 9) return `${LATIN_FIRST[r(LATIN_FIRST.length)]} ${LATIN_LAST[r(LATIN_LAST.length)]}`;
  const surname = r(20) === 0 ? ['欧阳', '司马', '诸葛', '上官'][r(4)] : SURNAMES[r(SURNAMES.length - 4)];
  const given = Array.from({ length: 1 + r(2) }, () => GIVEN[r(GIVEN.length)]).join('');
  return `${surname}${given}`;
}

export async function screeningBench(kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const N = Number(process.env.BENCH_SCREENING_ENTRIES ?? 100_000);
  const { database, app, url, db } = await benchApp(kind);
  const tag = Date.now().toString(36);
  const email = `screening.${tag}@example.com`;
  const [company] = await db
    .insert(companies)
    .values({ name: `Screening ${tag}`, email, username: 'S', passwordHash: await hashPassword('Bench#2026'), status: 1 })
    .returning();
  const id = company?.id ?? 0;
  const r = random(42);
  const t0 = performance.now();
  const names: string[] = [];
  let keyRows = 0;
  for (let start = 0; start < N; start += 2000) {
    const batch = Array.from({ length: Math.min(2000, N - start) }, (_, j) => {
      const i = start + j;
      const name = nameOf(r, i);
      names.push(name);
      return { companyId: id, kind: 'black', name, phone: i % 3 === 0 ? `13${String(100_000_000 + i).slice(0, 9)}` : '', keysVersion: KEYS_VERSION };
    });
    const rows = await db.insert(listedPeople).values(batch).returning({ id: listedPeople.id, name: listedPeople.name, phone: listedPeople.phone });
    const keys = rows.flatMap((row) =>
      [...listedKeys(row.name), ...(row.phone ? [`t:${row.phone}`] : [])].map((key) => ({ companyId: id, entryId: row.id, key })),
    );
    for (let k = 0; k < keys.length; k += 5000) await db.insert(listedKeysTable).values(keys.slice(k, k + 5000));
    keyRows += keys.length;
  }
  await db.execute(kind === 'postgres' ? sql`VACUUM ANALYZE listed_people, listed_keys` : sql`ANALYZE listed_people`);
  if (kind === 'pglite') await db.execute(sql`ANALYZE listed_keys`);
  console.log(`screening: ${N} entries, ${keyRows} keys seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${kind})`);

  const token = await signIn(url, email);
  const headers = { 'content-type': 'application/json', 'x-coolvisit-token': token };
  const probes = Array.from({ length: 300 }, (_, i) => {
    const listed = names[r(names.length)] ?? '张伟';
    const pick = i % 6;
    if (pick === 0) return { name: listed };
    if (pick === 1) return { name: listed.replace('张', '張').replace('刘', '劉').replace('陈', '陳') };
    if (pick === 2) return { name: ['Zhang Wei', 'Wang Fang', 'Li Na', 'Liu Yang', 'Chen Jing', 'Zhnag Wei', 'Wnag Fang'][r(7)] as string };
    if (pick === 3) return { name: `${LATIN_FIRST[r(LATIN_FIRST.length)]} ${LATIN_LAST[r(LATIN_LAST.length)]}`.replace('a', 'e') };
    if (pick === 4) return { name: nameOf(r, 0), phone: `139${String(r(100_000_000)).padStart(8, '0')}` };
    return { phone: `13${String(100_000_000 + r(N)).slice(0, 9)}` };
  });
  const check = (body: object) => fetch(`${url}/checkBlacklist`, { method: 'POST', headers, body: JSON.stringify(body) }).then((res) => res.json());
  for (const p of probes.slice(0, 20)) await check(p);
  let matched = 0;
  const screening = await timed(probes.length, async (i) => {
    const answer = (await check(probes[i] ?? {})) as { result: { matches: unknown[] } };
    if (answer.result.matches.length) matched++;
  });
  const bare = await timed(probes.length, () => db.execute(sql`SELECT entry_id FROM listed_keys WHERE company_id = ${id} AND key = ${'w:张伟'}`));
  const f = (n: number) => n.toFixed(1).padStart(6);
  console.log(
    `checkBlacklist against ${N} entries (${kind}): p50 ${f(screening.p50)} ms, p95 ${f(screening.p95)} ms (goal ≤ 20: ${screening.p95 <= 20 ? 'met' : 'NOT met'}), ${matched}/${probes.length} probes matched; bare key read p50 ${f(bare.p50)} ms, p95 ${f(bare.p95)} ms; ${loadAverage()}`,
  );
  await app.close();
  await database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await screeningBench(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
