import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../platform/i18n';
import { stubServer } from '../../testing/stubServer';
import { type ExamStart, InductionPlayer } from './InductionPlayer';
import { samplePaper, samplePass } from './testing';

/** The video element with a playback position the test moves (jsdom plays nothing). */
function controlVideo() {
  const video = screen.getByTestId('induction-video') as HTMLVideoElement;
  let time = 0;
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (v: number) => {
      time = v;
    },
  });
  return {
    video,
    at: () => time,
    /** Plays on, one second per `timeupdate`, as a browser reports it. */
    playTo(seconds: number) {
      while (time < seconds) {
        time = Math.min(seconds, time + 1);
        fireEvent.timeUpdate(video);
      }
    },
    seek(seconds: number) {
      time = seconds;
      fireEvent.seeking(video);
    },
  };
}

function renderPlayer(draws: (ExamStart | Error)[], onEngaged = vi.fn()) {
  const onDone = vi.fn();
  const queue = [...draws];
  const draw = vi.fn(async () => {
    const next = queue.shift();
    if (!next) throw new Error('no more papers');
    if (next instanceof Error) throw next;
    return next;
  });
  render(<InductionPlayer draw={draw} onDone={onDone} onEngaged={onEngaged} />);
  return { draw, onDone, onEngaged };
}

const toQuestions = () => screen.getByRole('button', { name: 'Go to the questions' }) as HTMLButtonElement;

async function answerAll() {
  fireEvent.click(await screen.findByRole('radio', { name: 'No' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Door A' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Door C' }));
}

describe('InductionPlayer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('never lets the video move past what was watched, and opens the questions at the required share', async () => {
    stubServer({});
    const { onEngaged } = renderPlayer([{ pass: null, paper: samplePaper() }]);
    await screen.findByTestId('induction-video');
    const v = controlVideo();
    // Playing is being busy with it (a kiosk does not time out); paused is not.
    fireEvent.play(v.video);
    await waitFor(() => expect(onEngaged).toHaveBeenLastCalledWith(true));
    fireEvent.pause(v.video);
    await waitFor(() => expect(onEngaged).toHaveBeenLastCalledWith(false));
    expect(v.video.hasAttribute('playsinline')).toBe(true);
    expect(v.video.getAttribute('src')).toBe('/api/media/v/safety.mp4?exp=1&sig=x');
    v.playTo(4);
    expect(screen.getByText('Watched 40% of the required part')).toBeTruthy();
    // A jump forward snaps back to the furthest point watched; one reported as playing does not count either.
    v.seek(45);
    expect(v.at()).toBe(4);
    v.seek(30);
    fireEvent.timeUpdate(v.video);
    expect(screen.getByText('Watched 40% of the required part')).toBeTruthy();
    expect(toQuestions().disabled).toBe(true);
    // Going back is allowed, and playing on from there counts only past the furthest point.
    v.seek(1);
    expect(v.at()).toBe(1);
    v.playTo(9);
    expect(screen.getByText('Watched 90% of the required part')).toBeTruthy();
    expect(toQuestions().disabled).toBe(true);
    v.playTo(10);
    expect(toQuestions().disabled).toBe(false);
    fireEvent.click(toQuestions());
    expect(await screen.findByText('Is a helmet required?')).toBeTruthy();
  });

  it('a video played to its end counts as watched even when shorter than the share asked; a jump to the end does not', async () => {
    stubServer({});
    renderPlayer([{ pass: null, paper: samplePaper({ requiredWatchMs: 8_000 }) }]);
    await screen.findByTestId('induction-video');
    const v = controlVideo();
    Object.defineProperty(v.video, 'duration', { configurable: true, value: 7.96 });
    v.playTo(2);
    v.seek(7.96);
    fireEvent.ended(v.video);
    expect(toQuestions().disabled).toBe(true);
    v.playTo(7.96);
    fireEvent.ended(v.video);
    expect(toQuestions().disabled).toBe(false);
    expect(screen.getByText('Watched 100% of the required part')).toBeTruthy();
  });

  it('a retry whose video was watched before opens straight on the questions', async () => {
    stubServer({});
    renderPlayer([{ pass: null, paper: samplePaper({ requiredWatchMs: 0, videoWatched: true }) }]);
    expect(await screen.findByText('Is a helmet required?')).toBeTruthy();
    expect(screen.queryByTestId('induction-video')).toBeNull();
  });

  it('keeps the questions closed until the paper’s answerFrom, even with the video watched', async () => {
    stubServer({});
    renderPlayer([{ pass: null, paper: samplePaper({ answerFrom: Date.now() + 3_600_000 }) }]);
    await screen.findByTestId('induction-video');
    controlVideo().playTo(12);
    expect(screen.getByText(/^The questions open at /)).toBeTruthy();
    expect(toQuestions().disabled).toBe(true);
  });

  it('sends single and multiple answers as { qdid, chosen } once all are answered, and shows the score', async () => {
    const server = stubServer({
      examSubmit: () => ({
        status: 0,
        result: {
          pid: 41,
          passed: true,
          totalScore: 100,
          fullScore: 100,
          passScore: 60,
          pass: samplePass(),
          attemptsLeft: 1,
          answers: [
            { qdid: 11, correct: true, score: 50 },
            { qdid: 12, correct: true, score: 50 },
          ],
        },
      }),
    });
    const { onDone, onEngaged } = renderPlayer([{ pass: null, paper: samplePaper({ video: null }) }]);
    const submit = () => screen.getByRole('button', { name: 'Submit my answers' }) as HTMLButtonElement;
    await screen.findByText('Is a helmet required?');
    expect(screen.getByRole('img', { name: 'Picture for question 2' }).getAttribute('src')).toBe('/api/media/p/exits.png');
    await waitFor(() => expect(onEngaged).toHaveBeenLastCalledWith(true));
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await answerAll();
    // A second tick unticks: B was never chosen, C ticked twice is off again, then on.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Door C' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Door C' }));
    expect(screen.getByText('2 of 2 answered')).toBeTruthy();
    fireEvent.click(submit());
    expect(await screen.findByText('Passed')).toBeTruthy();
    expect(server.bodies('examSubmit')).toEqual([
      {
        pid: 41,
        token: 'paper_token_abcdefghijklmnop',
        answers: [
          { qdid: 11, chosen: [1] },
          { qdid: 12, chosen: [0, 2] },
        ],
      },
    ]);
    expect(screen.getByText('Your score: 100 of 100 (pass mark 60)')).toBeTruthy();
    // Passing goes on at once; "Continue" goes on again (when what followed failed).
    expect(onDone.mock.calls).toEqual([[samplePass()]]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledTimes(2);
  });

  it('a failed paper shows right and wrong without the right answers; trying again draws a new paper', async () => {
    let passed = false;
    stubServer({
      examSubmit: () => ({
        status: 0,
        result: {
          pid: 41,
          passed,
          totalScore: passed ? 100 : 50,
          fullScore: 100,
          passScore: 60,
          pass: passed ? samplePass() : null,
          attemptsLeft: passed ? 0 : 1,
          answers: [
            { qdid: 11, correct: true, score: 50 },
            { qdid: 12, correct: passed, score: passed ? 50 : 0 },
          ],
        },
      }),
    });
    const { draw, onDone } = renderPlayer([
      { pass: null, paper: samplePaper({ video: null }) },
      { pass: null, paper: samplePaper({ video: null, pid: 42, title: 'Second', attemptsLeft: 1 }) },
    ]);
    await answerAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    expect(await screen.findByText('Not passed')).toBeTruthy();
    expect(screen.getByText('Your score: 50 of 100 (pass mark 60)')).toBeTruthy();
    const result = screen.getByTestId('induction-result');
    expect(result.querySelectorAll('.ind-mark--right')).toHaveLength(1);
    expect(result.querySelector('.ind-mark--wrong')?.textContent).toContain('Question 2: Which doors are exits?');
    expect(result.textContent).not.toContain('Door A');
    expect(screen.getByText('Attempts left today: 1')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again with new questions' }));
    await waitFor(() => expect(draw).toHaveBeenCalledTimes(2));
    passed = true;
    await answerAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    expect(await screen.findByText('Passed')).toBeTruthy();
  });

  it('no attempts left: says so, and offers no retry', async () => {
    stubServer({
      examSubmit: () => ({
        status: 0,
        result: { pid: 41, passed: false, totalScore: 0, fullScore: 100, passScore: 60, pass: null, attemptsLeft: 0, answers: [] },
      }),
    });
    renderPlayer([{ pass: null, paper: samplePaper({ video: null }) }]);
    await answerAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    expect(await screen.findByText('No attempts are left today. Please ask at reception.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again with new questions' })).toBeNull();
  });

  it('693 on the draw says no attempts are left; 694 on submit says the time is over and offers a new paper', async () => {
    const { ApiError } = await import('../../platform/apiError');
    stubServer({ examSubmit: () => ({ status: 694, reason: 'The time to answer is over' }) });
    const first = renderPlayer([new ApiError({ status: 693, reason: 'x' })]);
    expect(await screen.findByText('No attempts are left today. Please ask at reception.')).toBeTruthy();
    expect(first.onDone).not.toHaveBeenCalled();
    document.body.innerHTML = '';
    const second = renderPlayer([
      { pass: null, paper: samplePaper({ video: null }) },
      { pass: null, paper: samplePaper({ video: null, pid: 43 }) },
    ]);
    await answerAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    expect(await screen.findByText('The time to answer is over.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get new questions' }));
    await waitFor(() => expect(second.draw).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Is a helmet required?')).toBeTruthy();
  });

  it('a pass already held, or no induction required (697), ends at once; Chinese texts', async () => {
    const { ApiError } = await import('../../platform/apiError');
    stubServer({});
    const held = renderPlayer([{ pass: samplePass(), paper: null }]);
    await waitFor(() => expect(held.onDone).toHaveBeenCalledWith(samplePass()));
    document.body.innerHTML = '';
    const none = renderPlayer([new ApiError({ status: 697, reason: 'x' })]);
    await waitFor(() => expect(none.onDone).toHaveBeenCalledWith(null));
    document.body.innerHTML = '';
    await changeLanguage('zh');
    renderPlayer([{ pass: null, paper: samplePaper({ video: null }) }]);
    expect(await screen.findByRole('button', { name: '提交答案' })).toBeTruthy();
    expect(screen.getByText('第 1 题')).toBeTruthy();
  });
});
