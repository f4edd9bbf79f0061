import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { stubServer } from '../../../testing/stubServer';
import { ok, pageOf, paper, questionnaire, renderAt } from '../testing';
import { AnswerReportPage } from './AnswerReportPage';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('AnswerReportPage', () => {
  it('lists the papers of the URL’s filters, shows a paper’s answers and the right answers per question', async () => {
    const server = stubServer({
      getSubmitAnswerList: ok(pageOf([paper(1), paper(2, { name: 'Rita Right', totalScore: 20, state: 'passed' })])),
      getQuestionnaire: ok(pageOf([questionnaire(4, { title: 'Workshop safety' })])),
      getExamQuestionStats: ok({
        qid: 4,
        papers: 2,
        passed: 1,
        questions: [{ qdid: 8, question: 'What must you wear?', answered: 2, correct: 1, rate: 0.5 }],
      }),
      getAnswerResult: ok({
        ...paper(1),
        answers: [
          {
            position: 0,
            qdid: 8,
            kind: 'single',
            question: 'What must you wear?',
            options: ['A helmet', 'Headphones'],
            picture: '',
            answer: [0],
            chosen: [1],
            correct: false,
            score: 10,
            gained: 0,
          },
        ],
      }),
    });
    const router = renderAt('/visitor/answerReport', '/visitor/answerReport?qid=4&state=failed&from=2026-11-01', <AnswerReportPage />);
    await screen.findByText('Rita Right');
    expect(server.bodies('getSubmitAnswerList')[0]).toEqual({ startIndex: 0, requestedCount: 20, qid: 4, state: 'failed', startDate: '2026-11-01' });
    expect(screen.getByText('10 / 20')).toBeTruthy();
    // The chart's figures for the chosen questionnaire, over the same days.
    await screen.findByRole('img', { name: /Bar chart/ });
    expect(server.bodies('getExamQuestionStats')[0]).toEqual({ qid: 4, startDate: '2026-11-01', lang: 'en' });
    expect(screen.getByText('50')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'View the answers of Visitor 1' }));
    const detail = await screen.findByTestId('paper-detail');
    expect(within(detail).getByText('1. What must you wear?')).toBeTruthy();
    expect(within(detail).getByText('Right answer')).toBeTruthy();
    expect(within(detail).getByText('Chosen')).toBeTruthy();
    expect(server.bodies('getAnswerResult')).toEqual([{ pid: 1 }]);

    // "Clear filters" empties the URL.
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
