import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's source depends downward only (DESIGN.md 10): no import circles, type-only imports included, since a
 * circle of types is the same tangle waiting for its first runtime import.
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

  it('has no import circles', () => {
    expect(circles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  it('keeps the platform free of modules', () => {
    const upward = [...graph].flatMap(([f, to]) =>
      rel(f).startsWith('platform/') ? to.filter((t) => rel(t).startsWith('modules/')).map((t) => `${rel(f)} -> ${rel(t)}`) : [],
    );
    expect(upward).toEqual([]);
  });

  it('reaches another module only through its service', () => {
    const crossings = [...graph].flatMap(([f, to]) => {
      const [top, mod] = rel(f).split(path.sep);
      if (top !== 'modules') return [];
      return to
        .filter((t) => {
          const [tTop, tMod] = rel(t).split(path.sep);
          return tTop === 'modules' && tMod !== mod && /\.repository\.ts$/.test(t);
        })
        .map((t) => `${rel(f)} -> ${rel(t)}`);
    });
    expect(crossings).toEqual([]);
  });
});
