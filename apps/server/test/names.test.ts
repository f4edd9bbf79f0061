import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@openvisit/contract';
import { allCalls, allDownloads, MODULES } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';

/**
 * One name per module (DESIGN 2): a call's contract `module` is the server folder that binds it, its contract file is
 * `calls/<module>.ts` or `calls/<module>.<part>.ts`, each server module has `docs/modules/<module>.md` and no doc names
 * another (a console module folder bearing a module's name is apps/web/src/layers.test.ts's). Read from the sources, so a renamed folder or a call bound
 * elsewhere fails here.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const at = (...p: string[]) => path.join(repo, ...p);
const folders = (dir: string) =>
  fs
    .readdirSync(at(dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

type Def = { name: string; module: string };
const exported = contract as unknown as Record<string, Def | undefined>;
const defs = new Set<Def>([...allCalls, ...allDownloads]);
const serverModules = folders('apps/server/src/modules');

/** The server module folder binding each call and download, by its name. */
function binders(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of sourceFiles(at('apps/server/src'))) {
    const rel = path.relative(at('apps/server/src'), file).split(path.sep);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bbind\w*\(\s*c\.(\w+)/g)) {
      const def = exported[m[1] as string];
      if (!def || !defs.has(def)) continue;
      const where = rel[0] === 'modules' ? (rel[1] as string) : rel.slice(0, 2).join('/');
      out.set(def.name, [...(out.get(def.name) ?? []), where]);
    }
  }
  return out;
}

describe('one name per module', () => {
  it("every call's module is the one server module folder that binds it", () => {
    const bound = binders();
    const wrong = [...defs].flatMap((d) => {
      const by = bound.get(d.name) ?? [];
      return by.length === 1 && by[0] === d.module ? [] : [`${d.name}: module ${d.module}, bound in ${by.join(', ') || 'nothing'}`];
    });
    expect(wrong).toEqual([]);
  });

  it('the contract lists exactly the server modules that have calls', () => {
    const withCalls = new Set([...defs].map((d) => d.module));
    expect([...MODULES].sort()).toEqual([...withCalls].sort());
    expect(MODULES.filter((m) => !serverModules.includes(m))).toEqual([]);
  });

  it("every contract call file is named for its calls' module", () => {
    const dir = at('packages/contract/src/calls');
    const wrong: string[] = [];
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const stem = f.split('.')[0] as string;
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      const declared = [...text.matchAll(/export const (\w+) = define(?:Call|Download)\(/g)].map((m) => exported[m[1] as string]);
      for (const d of declared) if (d && d.module !== stem) wrong.push(`${f}: ${d.name} is module ${d.module}`);
      if (declared.length === 0 && !(MODULES as readonly string[]).includes(stem)) wrong.push(`${f}: no module named ${stem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('each server module has its doc, and every module doc names a server module', () => {
    const docs = fs
      .readdirSync(at('docs/modules'))
      .map((f) => f.replace(/\.md$/, ''))
      .sort();
    expect(docs).toEqual(serverModules);
  });
});
