// biome.json's exception lists (overrides that turn a size rule off for named files) must not rot: every entry must name
// a file that exists and still breaks the rule. Biome is run once over all listed files with a copy of the config
// without those lists; an entry whose file answers no error of its rule is dead. Exits 1 listing the dead entries.
// Usage: node scripts/biome-exceptions.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** The size rules files are excepted from, by the group biome files them under. */
const RULES = { noExcessiveLinesPerFunction: 'complexity', noExcessiveLinesPerFile: 'style' };

const config = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8'));
const literal = (p) => !/[*?![\]{}]/.test(p);
const off = (setting) => setting === 'off' || setting?.level === 'off';

/** Overrides naming files one by one (no glob) that turn one of the size rules off: the exception lists. */
const lists = config.overrides.filter(
  (o) => o.includes?.length && o.includes.every(literal) && Object.entries(RULES).some(([rule, group]) => off(o.linter?.rules?.[group]?.[rule])),
);
const entries = lists.flatMap((o) =>
  Object.entries(RULES)
    .filter(([rule, group]) => off(o.linter.rules[group]?.[rule]))
    .flatMap(([rule, group]) => o.includes.map((file) => ({ file, rule, category: `lint/${group}/${rule}` }))),
);

const dead = entries.filter((e) => !fs.existsSync(path.join(root, e.file))).map((e) => ({ ...e, why: 'the file does not exist' }));
const present = [...new Set(entries.map((e) => e.file).filter((f) => fs.existsSync(path.join(root, f))))];

// The same configuration without the lists (other overrides, such as the tests' glob, still apply), in the ignored .tmp.
const dir = path.join(root, '.tmp', 'biome-exceptions');
fs.mkdirSync(dir, { recursive: true });
const { $schema: _schema, ...rest } = config;
fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify({ ...rest, overrides: config.overrides.filter((o) => !lists.includes(o)) }));

/** Biome's JSON report over the files (with the copy above); biome exits 1 when it reports errors, the report is still on stdout. */
function lint(files) {
  // No file: nothing to run (biome given no path would lint the whole tree).
  if (!files.length) return { diagnostics: [] };
  try {
    return JSON.parse(
      execFileSync(
        path.join(root, 'node_modules', '.bin', 'biome'),
        ['lint', `--config-path=${dir}`, '--reporter=json', '--max-diagnostics=none', '--', ...files],
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
      ),
    );
  } catch (err) {
    if (!err.stdout?.trim()) throw err;
    return JSON.parse(err.stdout);
  }
}

const breaking = new Set(
  lint(present)
    .diagnostics.filter((d) => d.severity === 'error' && d.location?.path)
    .map((d) => `${path.normalize(d.location.path)}\t${d.category}`),
);
for (const e of entries) {
  if (present.includes(e.file) && !breaking.has(`${path.normalize(e.file)}\t${e.category}`))
    dead.push({ ...e, why: `passes ${e.rule} without the exception` });
}

if (dead.length) {
  console.error(`biome.json: ${dead.length} dead exception ${dead.length === 1 ? 'entry' : 'entries'} (remove them from the override's list):`);
  for (const d of dead) console.error(`  ${d.file} (${d.rule} off): ${d.why}`);
  process.exit(1);
}
console.log(`biome.json: ${entries.length} exception entries, each names a file that still breaks its rule`);
