import type { AnswerPaper, Questionnaire } from '@openvisit/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../../platform/providers';
import type { StubHandler } from '../../testing/stubServer';

/** Test helpers of the induction screens: a screen at a URL with the app's providers, and sample rows. */

export const ok =
  (result: unknown): StubHandler =>
  () => ({ status: 0, result });

export const pageOf = (list: unknown[]) => ({ pageNo: 1, pageSize: 20, count: list.length, list });

export function renderAt(path: string, url: string, element: ReactNode) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export function questionnaire(qid: number, extra: Partial<Questionnaire> = {}): Questionnaire {
  return {
    qid,
    title: `Questionnaire ${qid}`,
    titleEn: '',
    fdesc: '',
    topicNum: 2,
    passScore: 10,
    ansTime: 10,
    validityDays: 30,
    maxAttempts: 0,
    videoId: null,
    minWatchPercent: 100,
    rewatchOnRetry: false,
    tids: [],
    enabled: false,
    version: 1,
    questionCount: { zh: 0, en: 0 },
    minPaperScore: 0,
    createTime: 0,
    updateTime: 0,
    ...extra,
  };
}

export function paper(pid: number, extra: Partial<AnswerPaper> = {}): AnswerPaper {
  return {
    pid,
    qid: 4,
    title: 'Workshop safety',
    version: 3,
    name: `Visitor ${pid}`,
    phone: `1390000700${pid}`,
    email: '',
    source: 'kiosk',
    lang: 'en',
    vid: null,
    startTime: Date.UTC(2026, 10, 20, 8),
    submitTime: Date.UTC(2026, 10, 20, 8, 5),
    totalScore: 10,
    fullScore: 20,
    passScore: 15,
    state: 'failed',
    validUntil: null,
    ...extra,
  };
}
