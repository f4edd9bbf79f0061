import * as OpenCC from 'opencc-js/t2cn';
import { pinyin } from 'pinyin-pro';
import type { NameRule, WrittenRule } from './terms.js';

/**
 * How a name is compared with a listed name (issue 42). A name is brought to one written form: compatibility forms
 * folded (full-width letters), letter case and accents (pinyin tones) dropped, traditional characters made simplified
 * (OpenCC, Hong Kong and Taiwan forms included), spaces, dots (维吾尔族 names' ·) and hyphens removed. Two names of
 * the same written form are a strong match (narrow mode); Latin names also match in the other order. The standard mode
 * adds, as possible matches, names of the same pinyin (Hanzi against Hanzi or against pinyin) and Latin spellings one
 * letter apart (a substitution, insertion, deletion or swap) of at least SPELLING_MIN letters.
 */

/** Latin spellings closer than one edit are only compared from this length on: shorter names differ by a letter. */
export const SPELLING_MIN = 6;
/** Spellings are compared up to this length (a person name is at most 50 characters; a probe may be anything). */
const SPELLING_MAX = 60;

const HAN = /\p{Script=Han}/u;
const HAN_ONLY = /^\p{Script=Han}+$/u;
/** Everything that is not a letter, a mark or a digit separates the parts of a name (emoji included). */
const SEPARATOR = /[^\p{L}\p{M}\p{Nd}]+/u;
const MARKS = /\p{M}/gu;
/** A lone surrogate (half of a pair without the other), which some clients send: replaced, as toWellFormed would. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (s: string) => s.replace(LONE_SURROGATE, '\ufffd');
const SEPARATOR_ONLY = /^[^\p{L}\p{M}\p{Nd}]+$/u;

const converters = [
  OpenCC.Converter({ from: 'hk', to: 'cn' }),
  OpenCC.Converter({ from: 'tw', to: 'cn' }),
  OpenCC.Converter({ from: 't', to: 'cn' }),
];
function simplified(s: string): string {
  let out = s;
  for (const c of converters) out = c(out);
  return out;
}

/**
 * Derived forms are kept per name: a list's names come back at every screening, and pinyin is the costly part. The
 * cache is dropped whole when it grows past its size (a list of 100,000 names fits).
 */
const MEMO_MAX = 400_000;
const memo = new Map<string, unknown>();
function remembered<T>(key: string, make: () => T): T {
  const had = memo.get(key);
  if (had !== undefined) return had as T;
  if (memo.size >= MEMO_MAX) memo.clear();
  const made = make();
  memo.set(key, made);
  return made;
}

type Steps = Record<Exclude<WrittenRule, 'order'>, boolean>;
const ALL_STEPS: Steps = { width: true, case: true, tones: true, script: true, spacing: true };

/** The parts of a name after the steps chosen (all of them for its written form). */
export function nameParts(name: string, steps: Steps = ALL_STEPS): string[] {
  const mask = `${+steps.width}${+steps.case}${+steps.tones}${+steps.script}${+steps.spacing}`;
  return remembered(`n${mask}${name}`, () => partsOf(name, steps));
}

function partsOf(name: string, steps: Steps): string[] {
  let s = wellFormed(name);
  if (steps.width) s = s.normalize('NFKC');
  if (steps.case) s = s.toLowerCase();
  if (steps.tones) s = s.normalize('NFD').replace(MARKS, '').normalize('NFC');
  if (steps.script && HAN.test(s)) s = simplified(s);
  if (steps.spacing) return s.split(SEPARATOR).filter(Boolean);
  // Without the spacing step the separators count: parts are split at white space only, each keeping its dots.
  return s.split(/\s+/u).filter((p: string) => p && !SEPARATOR_ONLY.test(p));
}

/** Orders a listed Latin name may be written in: as listed, surname moved to the front, or to the end. */
function orders(parts: string[]): string[][] {
  if (parts.length < 2 || parts.some((p) => HAN.test(p))) return [parts];
  const last = parts.slice(-1).concat(parts.slice(0, -1));
  const first = parts.slice(1).concat(parts.slice(0, 1));
  return [parts, last, first];
}

const join = (parts: string[]) => parts.join('');

/** The name's written forms: as written, and (a listed Latin name) in its other orders. */
export function writtenForms(name: string, steps: Steps = ALL_STEPS, reordered = true): string[] {
  const parts = nameParts(name, steps);
  if (!parts.length) return [];
  return unique((reordered ? orders(parts) : [parts]).map((p) => p.join(steps.spacing ? '' : ' ')));
}

/** The pinyin syllables of a Han part (a surname's reading first, then the reading in context), tones dropped. */
function syllableReadings(part: string): string[][] {
  if (!HAN.test(part)) return [[part]];
  const head = pinyin(part, { toneType: 'none', type: 'array', surname: 'head' });
  const plain = pinyin(part, { toneType: 'none', type: 'array' });
  return uniqueBy([head, plain], (r) => r.join(' '));
}

/** ü is written u, v or yu (the passport's form); the first two forms of a reading cover what people type. */
function uVariants(syllables: string[]): string[][] {
  if (!syllables.some((s) => s.includes('ü'))) return [syllables];
  return ['u', 'v', 'yu'].map((u) => syllables.map((s) => s.replace('ü', u)));
}

/**
 * The name's compact pinyin forms, surname first and (for a Han name of two or more syllables) surname last, a
 * compound surname of two syllables included: what a Latin spelling of the name would be. A Latin name is its own.
 */
export function pinyinForms(name: string, reordered = true): string[] {
  return remembered(`p${+reordered}${name}`, () => pinyinFormsOf(name, reordered));
}

function pinyinFormsOf(name: string, reordered: boolean): string[] {
  const parts = nameParts(name);
  if (!parts.length) return [];
  if (!parts.some((p) => HAN.test(p))) return unique(writtenForms(name, ALL_STEPS, reordered).map((w) => w.replace(/v/g, 'u')));
  const forms: string[] = [];
  for (const syllables of readingsOf(parts)) {
    for (const s of uVariants(syllables)) {
      forms.push(join(s));
      if (!reordered) continue;
      if (s.length >= 2) forms.push(join(s.slice(1).concat(s.slice(0, 1))));
      if (s.length >= 3) forms.push(join(s.slice(2).concat(s.slice(0, 2))));
    }
  }
  return unique(forms.map((f) => f.normalize('NFD').replace(MARKS, '')));
}

/** Each part's readings combined: at most a few (a surname's reading and the reading in context). */
function readingsOf(parts: string[]): string[][] {
  let out: string[][] = [[]];
  for (const p of parts) {
    const readings = syllableReadings(p);
    out = out.flatMap((prefix) => readings.map((r) => prefix.concat(r))).slice(0, 4);
  }
  return out;
}

function isHanName(name: string): boolean {
  const parts = nameParts(name);
  return parts.length > 0 && parts.every((p) => HAN_ONLY.test(p));
}
function hasHan(name: string): boolean {
  return nameParts(name).some((p) => HAN.test(p));
}

let syllableSet: Set<string> | undefined;
/** Every pinyin syllable (toneless), read once from pinyin-pro's own readings of the common CJK block. */
function syllables(): Set<string> {
  if (!syllableSet) {
    let all = '';
    for (let c = 0x4e00; c <= 0x9fff; c++) all += String.fromCharCode(c);
    syllableSet = new Set(pinyin(all, { toneType: 'none', type: 'array', multiple: false }).map((s) => s.replace('ü', 'v')));
  }
  return syllableSet;
}

/** Whether a Latin form reads as a run of pinyin syllables (ü written v or u). */
export function readsAsPinyin(form: string): boolean {
  return remembered(`r${form}`, () => segmentsAsPinyin(form));
}

function segmentsAsPinyin(form: string): boolean {
  const set = syllables();
  const ok: boolean[] = [true];
  for (let end = 1; end <= form.length; end++) {
    ok[end] = false;
    for (let len = 1; len <= 6 && len <= end && !ok[end]; len++) ok[end] = !!ok[end - len] && set.has(form.slice(end - len, end));
  }
  return ok[form.length] === true;
}

/**
 * Two Latin forms one letter apart are close spellings of one name unless both read as pinyin: then the letter
 * changes a syllable (Zhang Wen is not Zhang Wei), a different name.
 */
function closeSpelling(a: string, b: string): boolean {
  return (
    a.length >= SPELLING_MIN && b.length >= SPELLING_MIN && a.length <= SPELLING_MAX && withinOneEdit(a, b) && !(readsAsPinyin(a) && readsAsPinyin(b))
  );
}

/** Optimal string alignment distance, stopping once it exceeds 1 (all the spelling rule needs). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i + 1);
  const restB = b.slice(i + 1);
  if (a.length === b.length) return restA === restB || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export interface NameMatch {
  strength: 'strong' | 'possible';
  rules: NameRule[];
}

const STEP_RULES: Exclude<WrittenRule, 'order'>[] = ['width', 'case', 'tones', 'script', 'spacing'];

/** The steps two names needed to have one written form (each one that, left out, leaves them apart). */
function neededSteps(probe: string, listed: string): NameRule[] {
  if (probe.trim() === listed.trim()) return ['same'];
  const sameWith = (steps: Steps, reordered: boolean) => {
    const listedForms = new Set(writtenForms(listed, steps, reordered));
    return writtenForms(probe, steps, false).some((f) => listedForms.has(f));
  };
  const rules: NameRule[] = STEP_RULES.filter((r) => !sameWith({ ...ALL_STEPS, [r]: false }, true));
  if (!sameWith(ALL_STEPS, false)) rules.push('order');
  return rules.length ? rules : ['same'];
}

/**
 * Whether a probe's name matches a listed name, how strongly and by which rules; `standard` adds pinyin-equal names
 * and close spellings as possible matches. Null when it does not match.
 */
export function compareNames(probe: string, listed: string, mode: 'narrow' | 'standard'): NameMatch | null {
  const probeWritten = writtenForms(probe, ALL_STEPS, false);
  if (!probeWritten.length) return null;
  const listedWritten = new Set(writtenForms(listed));
  if (probeWritten.some((f) => listedWritten.has(f))) return { strength: 'strong', rules: neededSteps(probe, listed) };
  if (mode === 'narrow') return null;
  const probePinyin = pinyinForms(probe, false);
  const listedPinyin = pinyinForms(listed);
  const acrossScripts = hasHan(probe) !== hasHan(listed);
  const bothHan = isHanName(probe) && isHanName(listed);
  const tones = probe.normalize('NFD') !== probe.normalize('NFD').replace(MARKS, '') ? (['tones'] as const) : [];
  const reordered = !pinyinForms(listed, false).some((l) => probePinyin.includes(l)) ? (['order'] as const) : [];
  if (probePinyin.some((p) => listedPinyin.includes(p))) {
    if (bothHan) return { strength: 'possible', rules: ['homophone'] };
    return { strength: 'possible', rules: [acrossScripts ? 'pinyin' : 'spelling', ...tones, ...reordered] };
  }
  // A different Han character is a different name: close spellings are Latin, on at least one side.
  if (bothHan) return null;
  const close = probePinyin.some((p) => listedPinyin.some((l) => closeSpelling(p, l)));
  return close ? { strength: 'possible', rules: ['spelling', ...(acrossScripts ? (['pinyin'] as const) : []), ...tones] } : null;
}

/** Deletions of one letter (and the form itself): two forms within one edit share one of them. */
function deletions(form: string): string[] {
  if (form.length < SPELLING_MIN || form.length > SPELLING_MAX) return [];
  const out = [form];
  for (let i = 0; i < form.length; i++) out.push(form.slice(0, i) + form.slice(i + 1));
  return out;
}

/**
 * The keys a listed name is found by: its written forms (`w:`), pinyin forms (`p:`), and one-letter deletions of its
 * forward Latin form (`d:` for a Latin name, `e:` for a Han name's pinyin, which only a Latin probe can be spelt
 * near). A probe's keys (`probeKeys`) meet them whenever `compareNames` could match the two, so a screening reads only
 * the entries sharing a key and compares those.
 */
export function listedKeys(name: string): string[] {
  const han = hasHan(name);
  const latin = han ? pinyinForms(name, false) : writtenForms(name, ALL_STEPS, false).map((w) => w.replace(/v/g, 'u'));
  return unique([
    ...writtenForms(name).map((w) => `w:${w}`),
    ...pinyinForms(name).map((p) => `p:${p}`),
    ...latin.flatMap(deletions).map((d) => `${han ? 'e' : 'd'}:${d}`),
  ]);
}

/** A probe's keys in a mode (see `listedKeys`); its deletions are taken in its every order. */
export function probeKeys(name: string, mode: 'narrow' | 'standard'): string[] {
  const written = writtenForms(name, ALL_STEPS, false).map((w) => `w:${w}`);
  if (mode === 'narrow') return written;
  const spelt = unique(pinyinForms(name, true).flatMap(deletions));
  const near = [...spelt.map((d) => `d:${d}`), ...(hasHan(name) ? [] : spelt.map((d) => `e:${d}`))];
  return unique([...written, ...pinyinForms(name, false).map((p) => `p:${p}`), ...near]);
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
function uniqueBy<T>(xs: T[], key: (x: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const x of xs) if (!seen.has(key(x))) seen.set(key(x), x);
  return [...seen.values()];
}
