// The JavaScript a first visit downloads, from the console's build (apps/web/dist/.vite/manifest.json): a page's entry,
// the chunks the screen loads lazily on its first render (its page, the language's texts), and everything those import
// statically, each file counted once, as gzip (level 9, as the server's precompressed .gz). Sizes, never timings.
// Usage: node scripts/web-budget.mjs [--budget KB]: prints each screen's size; fails when /signin exceeds the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
/** The sign-in page's budget in KB of gzip: the ceiling is 300. */
const SIGNIN_BUDGET_KB = 300;

/** The manifest keys (source paths) each screen loads on first render beside its HTML page's entry. */
const start = 'src/app/locales/startEn.ts';
const consoleTexts = 'src/app/locales/en.ts';
const screens = [
  { name: '/signin', page: 'index.html', lazy: ['src/modules/auth/pages/SignInPage.tsx', start], budget: true },
  {
    name: 'admin home (/visitor)',
    page: 'index.html',
    lazy: ['src/app/layouts/AdminLayout.tsx', 'src/modules/reports/pages/StatisticsPage.tsx', start, consoleTexts],
  },
  { name: 'invitation page (/invite)', page: 'index.html', lazy: ['src/modules/invitations/pages/InvitationPage.tsx', start, consoleTexts] },
  { name: 'kiosk (/kiosk)', page: 'kiosk.html', lazy: ['src/kiosk/locales/en.ts'] },
  // A build of its own (apps/web/vite.card.config.ts), with its own manifest.
  { name: 'badge page (/card/index.html)', page: 'card.html', lazy: ['src/card/locales/en.ts'], manifest: 'card-manifest.json' },
];

function readManifest(name = 'manifest.json') {
  const file = path.join(dist, '.vite', name);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the web first (npm run build; build.manifest must stay on)`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The JavaScript files of these manifest entries and of every chunk they import statically. */
function filesOf(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: update the screens in scripts/web-budget.mjs`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return files;
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => Math.round(bytes / 102.4) / 10;

const budgetArg = process.argv.indexOf('--budget');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : SIGNIN_BUDGET_KB;
let failed = false;
for (const screen of screens) {
  const files = filesOf(readManifest(screen.manifest), [screen.page, ...screen.lazy]);
  const total = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
  const over = screen.budget && kb(total) > budgetKb;
  if (over) failed = true;
  const note = screen.budget ? ` (budget ${budgetKb} KB${over ? ': EXCEEDED' : ''})` : '';
  console.log(`${screen.name}: ${kb(total)} KB gzip of JavaScript in ${files.size} files${note}`);
}
if (failed) {
  console.error("The sign-in page grew past its budget: find what it now loads (the manifest lists each chunk's imports).");
  process.exit(1);
}
