import type { Readable } from 'node:stream';
import { type AnswerPaper, type In, type Lang, type Out, type PaperState, Status } from '@openvisit/contract';
import { mediaUrl } from '../../platform/files/media.js';
import { xlsxStream } from '../../platform/files/xlsx.js';
import { periodBounds } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { type PaperFilters, type PaperRow, papersRepository } from './questionnaires.papers.repository.js';
import { questionnairesRepository } from './questionnaires.repository.js';

/** The answer report (spec section 2 `visitor/answerReport`): papers, their answers, the pass rate per question, the export. */

type Filters = Pick<In<'getSubmitAnswerList'>, 'startDate' | 'endDate' | 'qid' | 'name' | 'phone' | 'state'>;

function filtersOf(f: Filters): PaperFilters {
  if (f.startDate && f.endDate && f.startDate > f.endDate) throw badParams([{ field: 'endDate', rule: 'beforeStart' }]);
  const from = f.startDate ? periodBounds(f.startDate, f.startDate).from : undefined;
  const until = f.endDate ? periodBounds(f.endDate, f.endDate).until : undefined;
  return { from, until, qid: f.qid, name: f.name || undefined, phone: f.phone || undefined, state: f.state };
}

function stateOf(p: PaperRow, now: Date): PaperState {
  if (p.passed === true) return 'passed';
  if (p.passed === false) return 'failed';
  return p.deadline <= now ? 'expired' : 'open';
}

function toPaper(p: PaperRow, now: Date): AnswerPaper {
  return {
    pid: p.id,
    qid: p.questionnaireId,
    title: p.title,
    version: p.version,
    name: p.name,
    phone: p.phone,
    email: p.email,
    source: p.source === 'invitation' ? 'invitation' : 'kiosk',
    lang: p.lang,
    vid: p.visitId,
    startTime: p.createdAt.getTime(),
    submitTime: p.submittedAt?.getTime() ?? null,
    totalScore: p.totalScore,
    fullScore: p.fullScore,
    passScore: p.passScore,
    state: stateOf(p, now),
    validUntil: p.validUntil?.getTime() ?? null,
  };
}

export async function listPapers(ctx: AuthedContext, input: In<'getSubmitAnswerList'>) {
  const now = new Date();
  const [rows, n] = await papersRepository(ctx.tenant).papers({ ...filtersOf(input), offset: input.startIndex, limit: input.requestedCount }, now);
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count: n,
    list: rows.map((r) => toPaper(r, now)),
  };
}

function answersOf(ctx: AuthedContext, p: PaperRow, answers: { position: number; chosen: number[]; correct: boolean; score: number }[]) {
  const byPosition = new Map(answers.map((a) => [a.position, a]));
  return p.questions.map((q, position) => {
    const a = byPosition.get(position);
    return {
      position,
      qdid: q.qdid,
      kind: q.kind,
      question: q.question,
      options: q.options,
      picture: q.pictureKey ? mediaUrl(ctx.services.secrets, q.pictureKey) : '',
      answer: q.answer,
      chosen: a?.chosen ?? [],
      correct: a?.correct ?? false,
      score: q.score,
      gained: a?.score ?? 0,
    };
  });
}

export async function paperResult(ctx: AuthedContext, input: In<'getAnswerResult'>): Promise<Out<'getAnswerResult'>> {
  const repo = papersRepository(ctx.tenant);
  const paper = await repo.paper(input.pid);
  if (!paper) throw new AppError(Status.NO_SUCH_RECORD, 'There is no such paper');
  return { ...toPaper(paper, new Date()), answers: answersOf(ctx, paper, await repo.answersOf([paper.id])) };
}

export async function questionStats(ctx: AuthedContext, input: In<'getExamQuestionStats'>): Promise<Out<'getExamQuestionStats'>> {
  if (!(await questionnairesRepository(ctx.tenant).questionnaire(input.qid)))
    throw new AppError(Status.NO_SUCH_RECORD, 'There is no such questionnaire');
  const { from, until } = filtersOf(input);
  const repo = papersRepository(ctx.tenant);
  const [rows, counts] = await Promise.all([repo.questionStats(input.qid, from, until), repo.paperCounts(input.qid, from, until)]);
  return {
    qid: input.qid,
    papers: counts.papers,
    passed: counts.passed,
    questions: rows.map((r) => ({
      qdid: r.qdid ?? 0,
      question: (input.lang === 'en' ? r.questionEn || r.questionZh : r.questionZh || r.questionEn) || `#${r.qdid}`,
      answered: r.answered,
      correct: r.correct,
      rate: r.answered ? r.correct / r.answered : 0,
    })),
  };
}

const HEADERS: Record<Lang, string[]> = {
  en: [
    'Visitor',
    'Phone',
    'Email',
    'Questionnaire',
    'Version',
    'Taken at',
    'Submitted',
    'Score',
    'Full score',
    'Pass mark',
    'Result',
    'No.',
    'Question',
    'Right answer',
    'Chosen',
    'Points',
    'Gained',
  ],
  zh: [
    '访客',
    '手机号',
    '邮箱',
    '问卷',
    '版本',
    '开始时间',
    '提交时间',
    '得分',
    '总分',
    '及格分',
    '结果',
    '题号',
    '题目',
    '正确答案',
    '所选答案',
    '分值',
    '得分',
  ],
};
const STATE_TEXT: Record<Lang, Record<PaperState, string>> = {
  en: { open: 'In progress', passed: 'Passed', failed: 'Failed', expired: 'Not submitted' },
  zh: { open: '答题中', passed: '通过', failed: '未通过', expired: '未提交' },
};
const letters = (ix: number[]) => ix.map((i) => String.fromCharCode(65 + i)).join(',');
const BATCH = 500;

/** One row per answer, newest paper first; a paper without answers (not submitted) is one row. */
export function exportPapers(ctx: AuthedContext, input: Filters & { lang: Lang }): Readable {
  const lang = input.lang;
  const filters = filtersOf(input);
  const repo = papersRepository(ctx.tenant);
  const now = new Date();
  const columns = HEADERS[lang].map((header, i) => ({ header, width: [14, 14, 22, 22, 8, 18, 18][i] ?? (i === 12 ? 40 : 10) }));
  return xlsxStream(
    { sheet: lang === 'zh' ? '答题记录' : 'Answers', columns, freezeHeader: true },
    async (sheet) => {
      let before: number | null = null;
      for (;;) {
        const papers = await repo.papersBefore(filters, before, BATCH, now);
        const answers = await repo.answersOf(papers.map((p) => p.id));
        for (const p of papers) {
          const head = [
            p.name,
            p.phone,
            p.email,
            p.title,
            p.version,
            p.createdAt,
            p.submittedAt,
            p.totalScore,
            p.fullScore,
            p.passScore,
            STATE_TEXT[lang][stateOf(p, now)],
          ];
          const rows = answersOf(
            ctx,
            p,
            answers.filter((a) => a.paperId === p.id),
          );
          if (!p.submittedAt) sheet.row(head);
          else for (const a of rows) sheet.row([...head, a.position + 1, a.question, letters(a.answer), letters(a.chosen), a.score, a.gained]);
        }
        await sheet.flush();
        const last = papers[papers.length - 1];
        if (!last || papers.length < BATCH) break;
        before = last.id;
      }
    },
    (err) => ctx.log.error({ err }, 'answer report export failed'),
  );
}
