import { type ExamPaper, examSubmit, type InductionPass, Status } from '@openvisit/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { errorText } from '../../platform/notify';
import { type PaperAnswer, QuestionsStep } from './QuestionsStep';
import { type ExamResult, ResultView } from './ResultView';
import { VideoStep } from './VideoStep';
import './induction.css';

/** What a draw answers (`getRandomTopicList`, `getInviteExam`): the pass held, or a new paper. */
export interface ExamStart {
  pass: InductionPass | null;
  paper: ExamPaper | null;
}

type Phase =
  | { at: 'drawing' }
  | { at: 'video' | 'questions'; paper: ExamPaper }
  | { at: 'result'; paper: ExamPaper; result: ExamResult }
  /** Nothing to take now: why, and whether a new paper may be drawn. */
  | { at: 'stopped'; message: string; again: 'retry' | 'newPaper' | null };

export interface InductionPlayerProps {
  /** Draws a paper for the visitor (the caller's call, in the visitor's language): at the start and on every retry. */
  draw: () => Promise<ExamStart>;
  /**
   * Passed (at once, the score staying in view; again from its "Continue" button), already passed (the pass held), or
   * no induction is required any more (697: null).
   */
  onDone: (pass: InductionPass | null) => void;
  /** The caller's words for a refused draw (its own statuses: 58, 1117…); null leaves it to the catalogue. */
  describeError?: (err: unknown) => string | null;
  /** Whether the visitor is busy with it (the video playing, the questions open): a kiosk does not time out then. */
  onEngaged?: (engaged: boolean) => void;
  /** The passed paper's button (the kiosk: "Continue to check-in"), and whether what it continues to is under way. */
  continueLabel?: string;
  continuing?: boolean;
  /** Large touch targets (the kiosk). */
  touch?: boolean;
}

function hasStatus(err: unknown, status: number): boolean {
  return err instanceof ApiError && err.http === undefined && err.status === status;
}

/**
 * The visitor's safety induction, shared by the kiosk and the invitation page: the paper is drawn, its video watched
 * (no skipping ahead), its questions answered before the deadline and submitted once; a failed paper may be tried again
 * with a new one while attempts remain. Plain React and its own styles, so the kiosk carries no antd.
 */
export function InductionPlayer({ draw, onDone, describeError, onEngaged, continueLabel, continuing, touch }: InductionPlayerProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ at: 'drawing' });
  const [playing, setPlaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const words = useCallback(
    (err: unknown) => describeError?.(err) ?? (err instanceof ApiError && err.http === undefined ? errorText(err) : t('induction.failedToLoad')),
    [describeError, t],
  );

  const start = useCallback(async () => {
    setPhase({ at: 'drawing' });
    setSubmitError(null);
    try {
      const { pass, paper } = await draw();
      if (pass || !paper) return onDone(pass);
      // A retry whose video was watched before (and need not be again) opens on the questions.
      setPhase({ at: (paper.video && !paper.videoWatched) || Date.now() < paper.answerFrom ? 'video' : 'questions', paper });
    } catch (err) {
      if (hasStatus(err, Status.EXAM_NOT_REQUIRED)) return onDone(null);
      if (hasStatus(err, Status.EXAM_ATTEMPTS_USED)) return setPhase({ at: 'stopped', message: t('induction.noAttempts'), again: null });
      setPhase({ at: 'stopped', message: words(err), again: 'retry' });
    }
  }, [draw, onDone, t, words]);

  // One draw when shown (a ref, not the effect alone: a double effect in development must not spend two attempts).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const engaged = (phase.at === 'video' && playing) || phase.at === 'questions';
  useEffect(() => onEngaged?.(engaged), [engaged, onEngaged]);
  useEffect(() => () => onEngaged?.(false), [onEngaged]);

  const timeOver = useCallback(() => setPhase({ at: 'stopped', message: t('induction.timeOver'), again: 'newPaper' }), [t]);

  const submit = async (paper: ExamPaper, answers: PaperAnswer[]) => {
    setBusy(true);
    setSubmitError(null);
    try {
      const result = await callApi(examSubmit, { pid: paper.pid, token: paper.token, answers }, { silent: true });
      setPhase({ at: 'result', paper, result });
      if (result.passed) onDone(result.pass);
    } catch (err) {
      if (hasStatus(err, Status.EXAM_TIME_OVER)) return timeOver();
      if (hasStatus(err, Status.EXAM_VIDEO_NOT_WATCHED)) {
        setPlaying(false);
        setPhase({ at: 'video', paper });
      } else if (hasStatus(err, Status.EXAM_SUBMITTED) || hasStatus(err, Status.NO_SUCH_RECORD)) {
        return setPhase({ at: 'stopped', message: words(err), again: 'newPaper' });
      }
      setSubmitError(err instanceof ApiError && err.http === undefined ? errorText(err) : t('induction.failedToLoad'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`ind${touch ? ' ind--touch' : ''}`} data-testid="induction">
      {phase.at === 'drawing' ? (
        <p className="ind-hint" aria-busy="true">
          {t('induction.loading')}
        </p>
      ) : null}
      {phase.at === 'video' ? (
        <>
          {submitError ? (
            <p className="ind-notice ind-notice--error" role="alert">
              {submitError}
            </p>
          ) : null}
          <VideoStep
            key={phase.paper.pid}
            paper={phase.paper}
            onPlaying={setPlaying}
            onDone={() => {
              setSubmitError(null);
              setPhase({ at: 'questions', paper: phase.paper });
            }}
          />
        </>
      ) : null}
      {phase.at === 'questions' ? (
        <QuestionsStep
          key={phase.paper.pid}
          paper={phase.paper}
          busy={busy}
          error={submitError}
          onSubmit={(answers) => void submit(phase.paper, answers)}
          onTimeOver={timeOver}
        />
      ) : null}
      {phase.at === 'result' ? (
        <ResultView
          paper={phase.paper}
          result={phase.result}
          continueLabel={continueLabel}
          continuing={continuing}
          onContinue={onDone}
          onAgain={() => void start()}
        />
      ) : null}
      {phase.at === 'stopped' ? (
        <section className="ind-step">
          <p className="ind-notice ind-notice--error" role="alert">
            {phase.message}
          </p>
          {phase.again ? (
            <div className="ind-actions">
              <button type="button" className="ind-btn" onClick={() => void start()}>
                {t(phase.again === 'retry' ? 'induction.retry' : 'induction.newPaper')}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
