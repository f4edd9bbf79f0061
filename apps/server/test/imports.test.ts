import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's source depends downward only (DESIGN.md 10, 11): platform/ at the bottom, core/ (the kernels features
 * share) above it, feature modules/ on top. No import circles between files, and none between module folders: a
 * module (a folder of modules/ or core/) reaches another only through that one's public file, and no two modules
 * reach each other. Type-only imports count, since a circle of types is the same tangle waiting for its first
 * runtime import.
 */
const root = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), m[1] as string).replace(/\.js$/, '.ts');
    if (fs.existsSync(target)) out.push(target);
  }
  return out;
}

/** Tarjan's strongly connected components of more than one file (or a file importing itself). */
export function circles(graph: Map<string, string[]>): string[][] {
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
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const graph = new Map(sourceFiles(root).map((f) => [f, importsOf(f)] as const));
const rel = (f: string) => path.relative(root, f);

/** The module a file belongs to: `modules/<name>` or `core/<name>`; platform, db and the app's own files are none. */
function moduleOf(file: string): string | undefined {
  const [top, name, rest] = rel(file).split(path.sep);
  return (top === 'modules' || top === 'core') && rest !== undefined ? `${top}/${name}` : undefined;
}

/** Which modules import which: one arrow per pair, whatever the number of files behind it. */
export function moduleGraph(files: Map<string, string[]>, of: (f: string) => string | undefined): Map<string, string[]> {
  const arrows = new Map<string, Set<string>>();
  for (const [f, to] of files) {
    const from = of(f);
    if (!from) continue;
    for (const t of to) {
      const target = of(t);
      if (target && target !== from) arrows.set(from, (arrows.get(from) ?? new Set()).add(target));
    }
  }
  return new Map([...arrows].map(([m, to]) => [m, [...to]] as const));
}

describe('server import graph', () => {
  it('finds a circle when there is one (the check can fail)', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no import circles between files', () => {
    expect(circles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  it('finds two modules reaching each other through different files (the check can fail)', () => {
    const files = new Map([
      ['modules/a/a.x.ts', ['modules/b/b.public.ts']],
      ['modules/b/b.public.ts', ['modules/b/b.y.ts']],
      ['modules/b/b.y.ts', ['modules/a/a.public.ts']],
      ['modules/a/a.public.ts', []],
    ]);
    const of = (f: string) => f.split('/').slice(0, 2).join('/');
    expect(circles(files)).toEqual([]);
    expect(circles(moduleGraph(files, of))).toEqual([['modules/a', 'modules/b']]);
  });

  it('has no two modules reaching each other (module folders of modules/ and core/)', () => {
    expect(circles(moduleGraph(graph, moduleOf))).toEqual([]);
  });

  it('keeps the platform free of modules and core', () => {
    const upward = [...graph].flatMap(([f, to]) =>
      rel(f).startsWith('platform/') ? to.filter((t) => /^(modules|core)\//.test(rel(t))).map((t) => `${rel(f)} -> ${rel(t)}`) : [],
    );
    expect(upward).toEqual([]);
  });

  it('keeps core under the feature modules', () => {
    const upward = [...graph].flatMap(([f, to]) =>
      rel(f).startsWith('core/') ? to.filter((t) => rel(t).startsWith('modules/')).map((t) => `${rel(f)} -> ${rel(t)}`) : [],
    );
    expect(upward).toEqual([]);
  });

  it('reaches another module only through its public file', () => {
    const crossings = [...graph].flatMap(([f, to]) => {
      const from = moduleOf(f);
      if (!from) return [];
      return to
        .filter((t) => {
          const target = moduleOf(t);
          return target && target !== from && path.basename(t) !== `${path.basename(target)}.public.ts`;
        })
        .map((t) => `${rel(f)} -> ${rel(t)}`);
    });
    expect(crossings).toEqual([]);
  });
});
