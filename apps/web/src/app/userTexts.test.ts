import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { zh } from './locales/zh';

/** Every text of an object of texts, with its key path. */
function texts(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  return [];
}

/**
 * What the console says is read by company administrators, hosts and desks: no operator's words. Environment variables
 * are the system operator's business (the console says to ask them instead).
 */
describe('the console’s texts', () => {
  it.each([
    ['en', en],
    ['zh', zh],
  ] as const)('name no environment variable (%s)', (_lang, all) => {
    const found = texts(all).filter(([, text]) => /\b[A-Z][A-Z0-9]*_(?:URL|HOST|PORT|KEY|DIR|SECRET|PATH)\b/.test(text));
    expect(found).toEqual([]);
  });

  it.each([
    ['en', en],
    ['zh', zh],
  ] as const)('the device screens speak of readers, not of API paths or “the original product” (%s)', (_lang, all) => {
    const found = texts(all.devices).filter(([, text]) => /\/qcvisit\/|original product|原产品/.test(text));
    expect(found).toEqual([]);
  });
});
