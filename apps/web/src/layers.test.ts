import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's folders depend downward only (docs/ARCHITECTURE.md, web): platform/ ← core/ ← modules/ ← app/. A
 * folder of modules/ or core/ is one module; another module reaches it only through its `public.ts`, and no two
 * modules reach each other, so a kernel two features share lives in core/, not inside one of them. Type-only imports
 * count: a circle of types is the same tangle waiting for its first runtime import. Test files are not the product.
 */
const src = import.meta.dirname;
const TIERS = ['modules', 'core'] as const;
const IMPORT = /(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file an import names: the path as written with .ts, .tsx or /index.ts, or the path itself (a .css). */
function resolve(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  return found ?? base;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => resolve(file, (m[1] ?? m[2]) as string));
}

/** `modules/<name>` or `core/<name>` for a file in one of them; null elsewhere (platform, app, kiosk, card). */
function moduleOf(file: string): string | null {
  const [tier, name, ...rest] = path.relative(src, file).split(path.sep);
  return TIERS.includes(tier as (typeof TIERS)[number]) && name && rest.length ? `${tier}/${name}` : null;
}

/** Tarjan's strongly connected components of more than one node. */
export function knots(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const files = TIERS.flatMap((tier) => sourceFiles(path.join(src, tier)));
const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');

/** Every import from one module folder into another: [importing file, imported file, from module, to module]. */
const crossings = files.flatMap((file) => {
  const from = moduleOf(file) as string;
  return importsOf(file).flatMap((target) => {
    const to = moduleOf(target);
    return to && to !== from ? [{ file: rel(file), target: rel(target), from, to }] : [];
  });
});

describe('web module folders (modules/* and core/*)', () => {
  it('no two module folders reach each other through their imports (no circle of modules)', () => {
    const graph = new Map<string, string[]>();
    for (const c of crossings) graph.set(c.from, [...(graph.get(c.from) ?? []), c.to]);
    expect(knots(graph), 'modules that reach each other: move what both need into core/ or a module under both').toEqual([]);
  });

  it("a module imports another module or a core folder only through that folder's public file", () => {
    const bypassing = crossings.filter((c) => !/^(modules|core)\/[^/]+\/public\.tsx?$/.test(c.target)).map((c) => `${c.file} -> ${c.target}`);
    expect(bypassing, "imports past another module's public.ts: export it there, or move it to core/").toEqual([]);
  });

  it("each feature folder is named after the server's module that serves it (one name per module)", () => {
    const server = new Set(fs.readdirSync(path.join(src, '../../server/src/modules')));
    const strays = fs.readdirSync(path.join(src, 'modules')).filter((name) => !server.has(name));
    expect(strays, 'move the screens into the folder of the server module whose calls they make').toEqual([]);
  });

  it('core imports platform/, the contract and other core folders only: no feature module, shell, kiosk or badge page', () => {
    const upward = files
      .filter((f) => moduleOf(f)?.startsWith('core/'))
      .flatMap((f) => importsOf(f).map((target) => `${rel(f)} -> ${rel(target)}`))
      .filter((edge) => /-> (modules|app|kiosk|card)\//.test(edge));
    expect(upward).toEqual([]);
  });
});

describe('web files', () => {
  it('no two files of the web import each other, directly or around a circle', () => {
    const all = sourceFiles(src);
    const graph = new Map(all.map((f) => [rel(f), importsOf(f).map(rel)] as const));
    expect(knots(graph)).toEqual([]);
  });
});
