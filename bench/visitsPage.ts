// The visit list's page alone (bench/visits.ts without the walk-in and export parts): on PGlite, or on PostgreSQL
// when TEST_DATABASE_URL is set (`bash scripts/with-postgres.sh node --import tsx bench/visitsPage.ts`).
import { visitsBench } from './visits.js';

process.env.BENCH_PAGE_ONLY = '1';
const none = async () => ({ rps: 1, p50: 0, p99: 0, errors: 0 });
await visitsBench(none, await none(), process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
