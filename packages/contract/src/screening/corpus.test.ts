import { describe, expect, it } from 'vitest';
import { idNumberKey as idKey, normalizePhone } from '../validators.js';
import corpusText from './corpus.tsv?raw';
import { matchEntry } from './match.js';
import { listedKeys, probeKeys } from './names.js';
import type { ScreeningMode } from './terms.js';

/**
 * The screening corpus (corpus.tsv, issue 42): listed people and probes labelled with the outcome expected in each mode,
 * built by category (scripts, widths, spacing, dots, order, tones, pinyin, homophones, misspellings, namesakes with and
 * without dates of birth, phones, certificate numbers, odd input). Precision and recall are measured per mode and must
 * stay above the thresholds below; each mismatch is printed with its category.
 */
const THRESHOLDS: Record<ScreeningMode, { precision: number; recall: number }> = {
  narrow: { precision: 1, recall: 0.99 },
  standard: { precision: 0.98, recall: 0.98 },
};

interface Pair {
  category: string;
  listed: string[];
  listedBirth: string;
  listedPhone: string;
  listedId: string;
  probe: string;
  probeBirth: string;
  probePhone: string;
  probeId: string;
  expected: Record<ScreeningMode, boolean>;
}

const phone = (p: string) => (p ? (normalizePhone(p) ?? p) : '');

function corpus(): Pair[] {
  const [, ...lines] = corpusText.trimEnd().split('\n');
  return lines.map((line: string) => {
    const [category, listed, aliases, listedBirth, listedPhone, listedId, probe, probeBirth, probePhone, probeId, narrow, standard] =
      line.split('\t');
    return {
      category: category ?? '',
      listed: [listed ?? '', ...(aliases ? aliases.split('|') : [])],
      listedBirth: listedBirth ?? '',
      listedPhone: listedPhone ?? '',
      listedId: listedId ?? '',
      probe: probe ?? '',
      probeBirth: probeBirth ?? '',
      probePhone: probePhone ?? '',
      probeId: probeId ?? '',
      expected: { narrow: narrow === 'match', standard: standard === 'match' },
    };
  });
}

function screened(p: Pair, mode: ScreeningMode) {
  return matchEntry(
    { name: p.probe, phone: phone(p.probePhone), idHash: idKey(p.probeId), birthDate: p.probeBirth },
    {
      names: p.listed,
      phones: p.listedPhone ? [phone(p.listedPhone)] : [],
      idHashes: p.listedId ? [idKey(p.listedId)] : [],
      birthDate: p.listedBirth,
    },
    mode,
  );
}

describe('the screening corpus', () => {
  const pairs = corpus();

  it('holds at least 300 labelled pairs across the categories', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(300);
    expect(new Set(pairs.map((p) => p.category)).size).toBeGreaterThanOrEqual(25);
  });

  for (const mode of ['narrow', 'standard'] as const) {
    it(`${mode}: precision and recall above the thresholds`, () => {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      const wrong: string[] = [];
      for (const p of pairs) {
        const got = screened(p, mode) !== null;
        if (got && p.expected[mode]) tp++;
        else if (got) fp++;
        else if (p.expected[mode]) fn++;
        if (got !== p.expected[mode]) wrong.push(`${p.category}: ${p.probe.slice(0, 30)} ~ ${p.listed.join('|')} (${got ? 'matched' : 'missed'})`);
      }
      const precision = tp / (tp + fp);
      const recall = tp / (tp + fn);
      console.log(
        `${mode}: ${pairs.length} pairs, precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}${wrong.length ? `\n  ${wrong.join('\n  ')}` : ''}`,
      );
      expect(precision).toBeGreaterThanOrEqual(THRESHOLDS[mode]?.precision ?? 1);
      expect(recall).toBeGreaterThanOrEqual(THRESHOLDS[mode]?.recall ?? 1);
    });

    it(`${mode}: a listed name's keys meet the probe's whenever the names match (the index finds every match)`, () => {
      const missed = pairs.filter((p) => {
        const m = screened(p, mode);
        if (!m?.nameOnly) return false;
        const keys = new Set(probeKeys(p.probe, mode));
        return !p.listed.flatMap(listedKeys).some((k) => keys.has(k));
      });
      expect(missed.map((p) => `${p.probe} ~ ${p.listed.join('|')}`)).toEqual([]);
    });
  }
});
