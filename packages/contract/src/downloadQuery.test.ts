import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DownloadDef } from './call.js';
import { allDownloads } from './registry.js';

/** A download's input fields (its query and path parameters). */
function fields(d: DownloadDef): [string, z.ZodType][] {
  const input = d.input as unknown as { shape?: Record<string, z.ZodType> };
  return Object.entries(input.shape ?? {});
}

// A query string carries every value as text: a field that takes a boolean or a number must take it written out,
// or that filter can never be downloaded (ExportVisitorList?noCard=true answered 400).
describe('download query input', () => {
  it('every boolean field takes true/false/1/0 as text', () => {
    const wrong: string[] = [];
    for (const d of allDownloads)
      for (const [name, field] of fields(d)) {
        const isBoolean = [true, 'true'].some((probe) => typeof field.safeParse(probe).data === 'boolean');
        if (!isBoolean) continue;
        for (const [text, value] of [
          ['true', true],
          ['false', false],
          ['1', true],
          ['0', false],
        ] as const) {
          const parsed = field.safeParse(text);
          if (!parsed.success || parsed.data !== value) wrong.push(`${d.name}.${name}=${text}`);
        }
        if (field.safeParse('yes').success) wrong.push(`${d.name}.${name}=yes accepted`);
      }
    expect(wrong).toEqual([]);
  });

  it('every number field takes its digits as text', () => {
    const wrong: string[] = [];
    for (const d of allDownloads)
      for (const [name, field] of fields(d)) {
        const asNumber = field.safeParse(1);
        if (!asNumber.success || typeof asNumber.data !== 'number') continue;
        const parsed = field.safeParse('1');
        if (!parsed.success || parsed.data !== 1) wrong.push(`${d.name}.${name}`);
      }
    expect(wrong).toEqual([]);
  });

  it('ExportVisitorList takes noCard, onSite and overtime from the query', () => {
    const exportVisitorList = allDownloads.find((d) => d.name === 'ExportVisitorList');
    const parsed = exportVisitorList?.input.safeParse({ noCard: 'true', onSite: '0', overtime: '1' });
    expect(parsed?.success && parsed.data).toMatchObject({ noCard: true, onSite: false, overtime: true });
  });
});
