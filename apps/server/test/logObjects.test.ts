import fs from 'node:fs';
import path from 'node:path';
import { logObjectText, settingNameLabels } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';

/**
 * An operation-log row's object (`objName`) is shown as stored unless it names settings, which read in the reader's
 * language. So the server never writes a word of its own there: a setting goes through `settingObject` (typed by the
 * contract's labels), anything else is the name of a thing (a person, a gate, a file), never a literal phrase.
 */
const root = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The right-hand sides of `objName = …` and `objName: …` in the server's source, with where they are. */
function objNameValues(): { at: string; value: string }[] {
  return sourceFiles(root).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/\bobjName(?:\s*=|:)\s*([^;,\n]+)/g)].map((m) => ({
      at: path.relative(root, file),
      value: (m[1] as string).trim(),
    })),
  );
}

describe('operation-log objects', () => {
  it('every loggable setting has a Chinese and an English label', () => {
    for (const [key, label] of Object.entries(settingNameLabels)) {
      expect(label.zh, key).toMatch(/[\u4e00-\u9fff]/);
      expect(label.en.trim(), key).not.toBe('');
      expect(label.en, key).not.toMatch(/[\u4e00-\u9fff]/);
      expect(logObjectText(key, 'zh'), key).toBe(label.zh);
    }
  });

  it('the server names settings through settingObject and writes no phrase of its own as an object', () => {
    const values = objNameValues();
    expect(values.length).toBeGreaterThan(20);
    // '' is no phrase: an erasure blanks the object (platform/http/auditChain.ts).
    const literal = values.filter(({ value }) => /^['"]/.test(value) && value !== "''");
    expect(literal).toEqual([]);
    // a template may join names (`${row.logNum} ${row.plateNum}`) but not carry words between them
    const worded = values.filter(({ value }) => value.startsWith('`') && /[A-Za-z]/.test(value.replace(/\$\{[^}]*\}/g, '')));
    expect(worded).toEqual([]);
  });
});
