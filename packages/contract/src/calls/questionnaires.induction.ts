import { z } from 'zod';
import { epochMs } from '../call.js';

/**
 * What a visitor's safety induction stands at, shared by the exam calls and the invitation page (apart, so that
 * neither imports the other).
 */
/** A pass that still counts: the person is not asked again until `validUntil`. */
export const inductionPass = z.object({
  pid: z.int32(),
  qid: z.int32(),
  title: z.string(),
  version: z.int32(),
  passedAt: epochMs,
  validUntil: epochMs,
  totalScore: z.int32(),
  fullScore: z.int32(),
});
export type InductionPass = z.infer<typeof inductionPass>;

/** The invitation page's induction: the questionnaire the visit's type requires and the pass the visitor holds. */
export const inductionState = z.object({
  qid: z.int32(),
  title: z.string(),
  /** The title for English readers ('' : the title); the page shows the one of its language (`titleIn`). */
  titleEn: z.string(),
  pass: inductionPass.nullable(),
});
export type InductionState = z.infer<typeof inductionState>;

/** A questionnaire's title in a language: the English one where there is one, else the default (Chinese) one. */
export function titleIn(q: { title: string; titleEn?: string }, lang: 'zh' | 'en'): string {
  return lang === 'en' && q.titleEn?.trim() ? q.titleEn.trim() : q.title;
}
