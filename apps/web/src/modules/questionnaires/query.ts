import { type CallInput, type getQueDetailList, type getQuestionnaire, type getSubmitAnswerList, PAPER_STATES } from '@openvisit/contract';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DAY_FORMAT } from '../../platform/format';
import { day, defineListParams, int, type ListValues, oneOf, pageWindow, text } from '../../platform/list';

dayjs.extend(customParseFormat);

/** The question bank's list: a title search, kept in the URL. */
export const bankParams = defineListParams({ title: text(50) });
export type BankFilters = ListValues<typeof bankParams>;

export const bankInput = (f: BankFilters): CallInput<typeof getQuestionnaire> => ({ ...pageWindow(f), ...(f.title !== '' && { title: f.title }) });

/** 1 enabled (drawn), 0 not drawn. */
export const QUESTION_STATES = [1, 0] as const;

/** One questionnaire's questions (the questionnaire is the URL's `qid`, not a filter): text and enabled state narrow them. */
export const itemParams = defineListParams({ q: text(100), enabled: oneOf(QUESTION_STATES) });
export type ItemFilters = ListValues<typeof itemParams>;

export function itemInput(qid: number, f: ItemFilters): CallInput<typeof getQueDetailList> {
  return { qid, ...pageWindow(f), ...(f.q !== '' && { question: f.q }), ...(f.enabled !== undefined && { fstatus: f.enabled }) };
}

const validDay = (v: string) => dayjs(v, DAY_FORMAT, true).isValid();
// A reversed range is put right.
const ordered = <F extends { from?: string; to?: string }>(f: F): F => (f.from && f.to && f.from > f.to ? { ...f, from: f.to, to: f.from } : f);

/** The answer report's filters: days of the paper (both inclusive), questionnaire, name, phone and state. */
export const answerParams = defineListParams(
  { from: day(validDay), to: day(validDay), qid: int(), name: text(64), phone: text(32), state: oneOf(PAPER_STATES) },
  { normalize: ordered },
);
export type AnswerFilters = ListValues<typeof answerParams>;

/** The filters as the list, the export and the chart take them. */
export function answerFilters(f: AnswerFilters) {
  return {
    ...(f.from !== undefined && { startDate: f.from }),
    ...(f.to !== undefined && { endDate: f.to }),
    ...(f.qid !== undefined && { qid: f.qid }),
    ...(f.name !== '' && { name: f.name }),
    ...(f.phone !== '' && { phone: f.phone }),
    ...(f.state !== undefined && { state: f.state }),
  };
}

export const answerInput = (f: AnswerFilters): CallInput<typeof getSubmitAnswerList> => ({ ...pageWindow(f), ...answerFilters(f) });
