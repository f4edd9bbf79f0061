import type { CallOutput, ExamPaper, examSubmit, InductionPass } from '@openvisit/contract';
import { useTranslation } from 'react-i18next';

export type ExamResult = CallOutput<typeof examSubmit>;

/**
 * The submitted paper's score: passed or not, against the full score and the pass mark, each question right or wrong
 * (never the right options, so a retry is a real one), and what comes next: continue, try again, or no attempts left.
 */
export function ResultView({
  paper,
  result,
  continueLabel,
  continuing,
  onContinue,
  onAgain,
}: {
  paper: ExamPaper;
  result: ExamResult;
  continueLabel?: string;
  continuing?: boolean;
  onContinue: (pass: InductionPass | null) => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const byId = new Map(paper.questions.map((q, i) => [q.qdid, { q, n: i + 1 }]));
  const canRetry = result.attemptsLeft === null || result.attemptsLeft > 0;
  return (
    <section className="ind-step" aria-labelledby="ind-result-title" data-testid="induction-result">
      <h2 id="ind-result-title" className={`ind-heading ind-verdict ind-verdict--${result.passed ? 'pass' : 'fail'}`}>
        {t(result.passed ? 'induction.passed' : 'induction.failed')}
      </h2>
      <p className="ind-score">{t('induction.score', { score: result.totalScore, full: result.fullScore, pass: result.passScore })}</p>
      <ol className="ind-marks">
        {result.answers.map((a) => {
          const entry = byId.get(a.qdid);
          return (
            <li key={a.qdid} className={`ind-mark ind-mark--${a.correct ? 'right' : 'wrong'}`}>
              <span className="ind-mark-verdict">
                {a.correct ? '✓' : '✗'} {t(a.correct ? 'induction.right' : 'induction.wrong')}
              </span>
              <span>{entry ? `${t('induction.questionNo', { n: entry.n })}: ${entry.q.question}` : null}</span>
            </li>
          );
        })}
      </ol>
      {!result.passed && result.attemptsLeft !== null ? (
        <p className="ind-hint">{t('induction.attemptsLeft', { count: result.attemptsLeft })}</p>
      ) : null}
      {!result.passed && !canRetry ? (
        <p className="ind-notice ind-notice--error" role="alert">
          {t('induction.noAttempts')}
        </p>
      ) : null}
      <div className="ind-actions">
        {result.passed ? (
          <button type="button" className="ind-btn" disabled={continuing} onClick={() => onContinue(result.pass)}>
            {continueLabel ?? t('induction.continue')}
          </button>
        ) : canRetry ? (
          <button type="button" className="ind-btn" onClick={onAgain}>
            {t('induction.tryAgain')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
