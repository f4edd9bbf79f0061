import { type Question, type QuestionKind, type QuestionLang, questionFailures } from '@openvisit/contract';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { bankRuleText } from './errors';

/** A question's picture in the form: the stored one kept, a new one read from a file, or none. */
export type PictureValue = { kind: 'keep'; url: string } | { kind: 'new'; dataUrl: string } | { kind: 'none' };

export type QuestionValues = {
  kind: QuestionKind;
  lang: QuestionLang;
  questionZh: string;
  questionEn: string;
  options: { zh: string; en: string }[];
  answer: number[];
  score: number;
  qorder: number;
  fstatus: 0 | 1;
  picture: PictureValue;
};

export const NEW_QUESTION: QuestionValues = {
  kind: 'single',
  lang: 'both',
  questionZh: '',
  questionEn: '',
  options: [
    { zh: '', en: '' },
    { zh: '', en: '' },
  ],
  answer: [],
  score: 10,
  qorder: 0,
  fstatus: 1,
  picture: { kind: 'none' },
};

export function questionValues(q: Question | null): QuestionValues {
  if (!q) return NEW_QUESTION;
  const { kind, lang, questionZh, questionEn, options, answer, score, qorder } = q;
  return {
    kind,
    lang,
    questionZh,
    questionEn,
    options: options.map((o) => ({ ...o })),
    answer: [...answer],
    score,
    qorder,
    fstatus: q.fstatus === 1 ? 1 : 0,
    picture: q.picture ? { kind: 'keep', url: q.picture } : { kind: 'none' },
  };
}

const trimmed = (s: string | undefined) => (s ?? '').trim();

/** The form's values as the contract's question rules read them (text trimmed, as the server's schema does). */
export function asQuestion(v: Partial<QuestionValues>) {
  return {
    kind: v.kind ?? 'single',
    lang: v.lang ?? 'both',
    questionZh: trimmed(v.questionZh),
    questionEn: trimmed(v.questionEn),
    options: (v.options ?? []).map((o) => ({ zh: trimmed(o?.zh), en: trimmed(o?.en) })),
    answer: v.answer ?? [],
  };
}

/**
 * The picture as the call takes it: a new one as its data URL; removed as '' (on a change; nothing on an add);
 * kept as nothing (the server keeps it).
 */
export function pictureInput(p: PictureValue, editing: boolean): { picture?: string } {
  if (p.kind === 'new') return { picture: p.dataUrl };
  if (p.kind === 'none') return editing ? { picture: '' } : {};
  return {};
}

const samePath = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The rule of one field of the question: the first failure `questionFailures` finds at its path. */
export function questionRule(t: TFunction, form: FormInstance<QuestionValues>, path: (string | number)[]): FormRule {
  return {
    validator: async () => {
      const failure = questionFailures(asQuestion(form.getFieldsValue(true))).find((f) => samePath(f.path, path));
      if (failure) throw new Error(bankRuleText(t, failure.rule === 'duplicate' && path[0] === 'options' ? 'duplicateOption' : failure.rule));
    },
  };
}

/** Every path the question rules check, for the form's current options. */
export function questionPaths(v: Partial<QuestionValues>): (string | number)[][] {
  const paths: (string | number)[][] = [['questionZh'], ['questionEn'], ['answer']];
  (v.options ?? []).forEach((_o, i) => {
    paths.push(['options', i, 'zh'], ['options', i, 'en']);
  });
  return paths;
}

/** The answer after option `removed` is taken out: its mark goes, later marks move up one. */
export function answerWithout(answer: number[], removed: number): number[] {
  return answer.filter((a) => a !== removed).map((a) => (a > removed ? a - 1 : a));
}

/** An option's letter: A, B, C… */
export const letter = (i: number) => String.fromCharCode(65 + i);
