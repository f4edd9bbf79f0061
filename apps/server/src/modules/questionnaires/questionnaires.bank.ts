import { randomInt } from 'node:crypto';

/**
 * The pure rules of a bank: which languages can draw a paper, the lowest total a paper can have, drawing one, and
 * scoring answers. A question marked for one language is drawn only for visitors of that language; a visitor whose
 * language cannot fill a paper gets the other language's.
 */
export type DrawLang = 'zh' | 'en';

export interface BankQuestion {
  id: number;
  kind: string;
  lang: string;
  questionZh: string;
  questionEn: string;
  options: { zh: string; en: string }[];
  answer: number[];
  score: number;
  pictureKey: string | null;
}

const inLang = (q: BankQuestion, l: DrawLang) => q.lang === 'both' || q.lang === l;

export interface Bank {
  count: { zh: number; en: number };
  /** Languages with at least `topicNum` questions. */
  drawable: DrawLang[];
  /** The lowest total a drawn paper can have, over the drawable languages (0 when none). */
  minPaperScore: number;
}

export function bankOf(enabled: BankQuestion[], topicNum: number): Bank {
  const pools = { zh: enabled.filter((q) => inLang(q, 'zh')), en: enabled.filter((q) => inLang(q, 'en')) };
  const drawable = (['zh', 'en'] as const).filter((l) => pools[l].length >= topicNum);
  const lowest = (l: DrawLang) =>
    pools[l]
      .map((q) => q.score)
      .sort((a, b) => a - b)
      .slice(0, topicNum)
      .reduce((a, b) => a + b, 0);
  return {
    count: { zh: pools.zh.length, en: pools.en.length },
    drawable,
    minPaperScore: drawable.length ? Math.min(...drawable.map(lowest)) : 0,
  };
}

/** The language a visitor's paper is drawn in: theirs when it can be, else the other. */
export function drawLangFor(lang: DrawLang, bank: Bank): DrawLang | null {
  if (bank.drawable.includes(lang)) return lang;
  return bank.drawable[0] ?? null;
}

/** `n` questions of the language in a random order (crypto-random: a paper should not be predictable). */
export function drawQuestions(enabled: BankQuestion[], n: number, lang: DrawLang, pick: (max: number) => number = randomInt): PaperQuestion[] {
  const pool = enabled.filter((q) => inLang(q, lang));
  for (let i = pool.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [pool[i], pool[j]] = [pool[j] as BankQuestion, pool[i] as BankQuestion];
  }
  return pool.slice(0, n).map((q) => ({
    qdid: q.id,
    kind: q.kind === 'multiple' ? 'multiple' : 'single',
    question: lang === 'zh' ? q.questionZh : q.questionEn,
    options: q.options.map((o) => (lang === 'zh' ? o.zh : o.en)),
    answer: [...q.answer],
    score: q.score,
    pictureKey: q.pictureKey,
  }));
}

/** A drawn question as the paper keeps it (the `exam_papers.questions` column's shape). */
export interface PaperQuestion {
  qdid: number;
  kind: 'single' | 'multiple';
  question: string;
  options: string[];
  answer: number[];
  score: number;
  pictureKey: string | null;
}

export interface ScoredAnswer {
  position: number;
  qdid: number;
  chosen: number[];
  correct: boolean;
  score: number;
}

/** Each question of the paper scored: right when exactly its right options were chosen; unanswered is wrong. */
export function scorePaper(questions: PaperQuestion[], answers: Map<number, number[]>): { answers: ScoredAnswer[]; total: number } {
  const scored = questions.map((q, position) => {
    const chosen = [...new Set(answers.get(q.qdid) ?? [])].sort((a, b) => a - b);
    const right = [...q.answer].sort((a, b) => a - b);
    const correct = chosen.length === right.length && chosen.every((c, i) => c === right[i]);
    return { position, qdid: q.qdid, chosen, correct, score: correct ? q.score : 0 };
  });
  return { answers: scored, total: scored.reduce((a, s) => a + s.score, 0) };
}
