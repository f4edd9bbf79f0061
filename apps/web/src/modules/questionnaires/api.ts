import type {
  addQuestionnaire,
  addQuestionnaireDetail,
  CallInput,
  UserInfo,
  updateQuestionnaire,
  updateQuestionnaireDetail,
} from '@openvisit/contract';
import { Status } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyKeys } from '../../core/company/public';
import { api } from '../../platform/api';
import { videoKeys } from './api.videos';
import { type AnswerFilters, answerFilters, answerInput, type BankFilters, bankInput, type ItemFilters, itemInput } from './query';

/** Query keys: a write to the bank refreshes questionnaires and questions together (counts, versions). */
export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  bank: ['questionnaires', 'bank'] as const,
  page: (f: BankFilters) => ['questionnaires', 'bank', 'page', bankInput(f)] as const,
  every: ['questionnaires', 'bank', 'every'] as const,
  one: (qid: number) => ['questionnaires', 'bank', 'one', qid] as const,
  questions: (qid: number, f: ItemFilters) => ['questionnaires', 'questions', qid, itemInput(qid, f)] as const,
  /** Under the videos' keys: an upload or a delete there refreshes the form's select. */
  videos: [...videoKeys.all, 'options'] as const,
  papers: (f: AnswerFilters) => ['questionnaires', 'papers', answerInput(f)] as const,
  paper: (pid: number) => ['questionnaires', 'paper', pid] as const,
  stats: (qid: number, f: AnswerFilters, lang: string) => ['questionnaires', 'stats', qid, answerFilters(f), lang] as const,
};

/** The most questionnaires a company is expected to keep: selects list them all in one page. */
const EVERY = 500;

export function useQuestionnairePage(f: BankFilters) {
  return useQuery({ queryKey: questionnaireKeys.page(f), queryFn: () => api.getQuestionnaire(bankInput(f)), placeholderData: keepPreviousData });
}

/** Every questionnaire (for the settings table and the report's select). */
export function useEveryQuestionnaire(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: questionnaireKeys.every,
    queryFn: () => api.getQuestionnaire({ startIndex: 0, requestedCount: EVERY }),
    enabled: opts.enabled ?? true,
  });
}

export function useQuestionnaire(qid: number | undefined) {
  return useQuery({
    queryKey: questionnaireKeys.one(qid ?? 0),
    queryFn: async () => (await api.getQuestionnaire({ qid, startIndex: 0, requestedCount: 1 })).list[0] ?? null,
    enabled: qid !== undefined,
  });
}

/** The training videos a questionnaire may show (the select of its form). */
export function useVideoOptions() {
  return useQuery({ queryKey: questionnaireKeys.videos, queryFn: () => api.getTrainingVideo({ startIndex: 0, requestedCount: EVERY }) });
}

/** A bank write refreshes everything under the module's key, the videos too (each lists the questionnaires showing it). */
function useInvalidateBank() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: questionnaireKeys.all });
}

export function useSaveQuestionnaire() {
  const invalidate = useInvalidateBank();
  return useMutation({
    mutationFn: (input: CallInput<typeof addQuestionnaire> | CallInput<typeof updateQuestionnaire>) =>
      'qid' in input && input.qid
        ? api.updateQuestionnaire(input as CallInput<typeof updateQuestionnaire>, { silent: 'form' })
        : api.addQuestionnaire(input, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

export function useDeleteQuestionnaires() {
  const invalidate = useInvalidateBank();
  return useMutation({ mutationFn: (qids: number[]) => api.delQuestionnaire({ qids }), onSuccess: invalidate });
}

/** The company switch (a setting GetUserInfo answers): the cached settings take the new value. */
export function useQuestionnaireSwitch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.updateQuestionnaireSwitch({ questionnaireSwitch: on ? 1 : 0 }),
    onSuccess: ({ questionnaireSwitch }) => qc.setQueryData<UserInfo>(companyKeys.userInfo, (old) => (old ? { ...old, questionnaireSwitch } : old)),
  });
}

export function useQuestions(qid: number | undefined, f: ItemFilters) {
  return useQuery({
    queryKey: questionnaireKeys.questions(qid ?? 0, f),
    queryFn: () => api.getQueDetailList(itemInput(qid ?? 0, f)),
    enabled: qid !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useSaveQuestion() {
  const invalidate = useInvalidateBank();
  return useMutation({
    mutationFn: (input: CallInput<typeof addQuestionnaireDetail> | CallInput<typeof updateQuestionnaireDetail>) =>
      'qdid' in input
        ? api.updateQuestionnaireDetail(input, { silent: 'form' })
        : api.addQuestionnaireDetail(input as CallInput<typeof addQuestionnaireDetail>, { silent: 'form' }),
    onSuccess: invalidate,
  });
}

/** A 400 (qdids/tooFewQuestions) is worded by the page, everything else by the error policy. */
export function useDeleteQuestions() {
  const invalidate = useInvalidateBank();
  return useMutation({
    mutationFn: (qdids: number[]) => api.delQuestionnaireDetail({ qdids }, { silent: [Status.BAD_PARAMS] }),
    onSuccess: invalidate,
  });
}

export function useAnswerPapers(f: AnswerFilters) {
  return useQuery({
    queryKey: questionnaireKeys.papers(f),
    queryFn: () => api.getSubmitAnswerList(answerInput(f)),
    placeholderData: keepPreviousData,
  });
}

export function useAnswerResult(pid: number | null) {
  return useQuery({ queryKey: questionnaireKeys.paper(pid ?? 0), queryFn: () => api.getAnswerResult({ pid: pid ?? 0 }), enabled: pid !== null });
}

export function useQuestionStats(qid: number | undefined, f: AnswerFilters, lang: 'zh' | 'en') {
  return useQuery({
    queryKey: questionnaireKeys.stats(qid ?? 0, f, lang),
    queryFn: () => api.getExamQuestionStats({ qid: qid ?? 0, startDate: f.from, endDate: f.to, lang }),
    enabled: qid !== undefined,
  });
}
