// The kiosk's hot paths against the same-work baseline alone (part of `npm run bench`): on PGlite, and on PostgreSQL
// too when TEST_DATABASE_URL is set (`bash scripts/with-postgres.sh node --import tsx bench/kiosk.ts`).
import { bare, load, row } from './common.js';
import { sameWorkBench } from './sameWork.js';

const base = await bare();
console.log(row('bare Fastify route, no SQL', base, base));
await sameWorkBench(load, base, 'pglite');
if (process.env.TEST_DATABASE_URL) await sameWorkBench(load, base, 'postgres');
process.exit(0);
