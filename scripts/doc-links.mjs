// Every `docs/….md` path named in the repository's .ts, .tsx, .md and .mjs files (comments included) must exist, so a
// renamed or split doc cannot leave a pointer to nothing behind. Exits 1 listing each missing path and where it is named.
// Usage: node scripts/doc-links.mjs
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'data', '.tmp', 'test-results']);
const EXTENSIONS = /\.(ts|tsx|md|mjs)$/;
// A path from the repository's root: `docs/` not preceded by another path segment (so `../shared/docs/x.md` is not one).
const DOC_PATH = /(?<![\w./-])docs\/[\w./-]*?\.md\b/g;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (EXTENSIONS.test(entry.name)) yield full;
  }
}

const missing = [];
for (const file of files(root)) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    for (const [doc] of line.matchAll(DOC_PATH)) {
      if (!fs.existsSync(path.join(root, doc))) missing.push(`${path.relative(root, file)}:${i + 1}: ${doc}`);
    }
  });
}

if (missing.length) {
  console.error(`doc-links: ${missing.length} path(s) to a missing doc:\n${missing.join('\n')}`);
  process.exit(1);
}
console.log('doc-links: every docs/….md path named in the repository exists');
