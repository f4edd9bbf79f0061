import type { ExamPaper, InductionPass } from '@openvisit/contract';

/** A drawn paper for tests: a video of 60 s with 10 s to watch, one single and one multiple choice question. */
export function samplePaper(over: Partial<ExamPaper> = {}): ExamPaper {
  return {
    pid: 41,
    token: 'paper_token_abcdefghijklmnop',
    qid: 3,
    title: 'Site safety',
    fdesc: '',
    version: 2,
    lang: 'en',
    video: { title: 'Safety film', url: '/api/media/v/safety.mp4?exp=1&sig=x', durationMs: 60_000 },
    requiredWatchMs: 10_000,
    videoWatched: false,
    answerFrom: Date.now() - 1000,
    ansTime: 10,
    deadline: Date.now() + 600_000,
    questions: [
      { qdid: 11, kind: 'single', question: 'Is a helmet required?', options: ['Yes', 'No'], score: 50, picture: '' },
      {
        qdid: 12,
        kind: 'multiple',
        question: 'Which doors are exits?',
        options: ['Door A', 'Door B', 'Door C'],
        score: 50,
        picture: '/api/media/p/exits.png',
      },
    ],
    fullScore: 100,
    passScore: 60,
    attemptsLeft: 2,
    ...over,
  };
}

export function samplePass(over: Partial<InductionPass> = {}): InductionPass {
  return {
    pid: 41,
    qid: 3,
    title: 'Site safety',
    version: 2,
    passedAt: Date.UTC(2026, 10, 26, 8, 0),
    validUntil: Date.UTC(2027, 10, 26, 8, 0),
    totalScore: 100,
    fullScore: 100,
    ...over,
  };
}
